import {
  honoursRoundUps,
  measuredBroker,
  type Broker,
  type BrokerInput,
  type MeasuredBroker,
  type RoundUpStatus,
} from '@roundup/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import { sanitizeOptional } from '../../lib/rich-text';
import { recordAudit } from '../audit/service';
import { isUuid } from '../../lib/ids';
import { brokersRepo, type BrokerRow, type BrokerValues } from './repo';

/** Maps a row to product.md#stored field names; `notes` is internal and only shown to admins. */
export function toBroker(r: BrokerRow, admin: boolean, measured: MeasuredBroker | null = null): Broker {
  const out: Broker = {
    _id: r.id,
    name: r.name,
    logo: r.logo,
    headline: r.headline,
    signupPromo: r.signupPromo,
    refLink: r.refLink,
    shareReturnTime: r.shareReturnTime,
    rating: r.rating,
    fees: r.fees,
    fullReview: r.fullReview,
    reviewBlurb: r.reviewBlurb,
    accountCash: r.accountCash,
    accountMargin: r.accountMargin,
    accountTradIRA: r.accountTradIRA,
    accountRothIRA: r.accountRothIRA,
    disabled: r.disabled,
    createdDate: r.createdAt.toISOString(),
    updatedDate: r.updatedAt.toISOString(),
    measured,
    honoursRoundUps: honoursRoundUps(measured),
    minimumOrder: r.minimumOrder,
    dayOneDelivery: r.dayOneDelivery,
    roundUpStatus: r.roundUpStatus as RoundUpStatus | null,
    roundUpStatusDate: r.roundUpStatusDate,
    roundUpStatusSource: r.roundUpStatusSource,
    returnsFraction: r.returnsFraction,
    newAccountRestriction: r.newAccountRestriction,
    reorgFeeCents: r.reorgFeeCents,
  };
  if (admin) out.notes = r.notes;
  return out;
}

/** Rich-text fields are sanitized on save (allow-list); plain fields are stored as text. */
function toValues(input: BrokerInput): BrokerValues {
  return {
    name: input.name,
    logo: input.logo,
    headline: input.headline,
    signupPromo: sanitizeOptional(input.signupPromo),
    refLink: input.refLink,
    shareReturnTime: input.shareReturnTime,
    rating: input.rating,
    fees: sanitizeOptional(input.fees),
    notes: input.notes,
    fullReview: sanitizeOptional(input.fullReview),
    reviewBlurb: input.reviewBlurb,
    accountCash: input.accountCash,
    accountMargin: input.accountMargin,
    accountTradIRA: input.accountTradIRA,
    accountRothIRA: input.accountRothIRA,
    disabled: input.disabled,
    minimumOrder: input.minimumOrder,
    dayOneDelivery: input.dayOneDelivery,
    roundUpStatus: input.roundUpStatus,
    roundUpStatusDate: input.roundUpStatusDate,
    roundUpStatusSource: input.roundUpStatusSource,
    returnsFraction: input.returnsFraction,
    newAccountRestriction: input.newAccountRestriction,
    reorgFeeCents: input.reorgFeeCents,
  };
}

export function brokersService(ctx: AppContext) {
  const db = ctx.database.db;
  const repo = brokersRepo(db);

  async function get(id: string, admin: boolean): Promise<Broker> {
    const row = isUuid(id) ? await repo.byId(id) : undefined;
    // A disabled broker is hidden from everyone but admins.
    if (!row || (row.disabled && !admin)) throw notFound('Broker not found');
    return toBroker(row, admin, measuredBroker((await ctx.upward.outcomesByBroker(db)).get(row.id)));
  }

  return {
    async list(opts: { admin: boolean; all: boolean }): Promise<Broker[]> {
      const [rows, outcomes] = await Promise.all([repo.list(opts.admin && opts.all), ctx.upward.outcomesByBroker(db)]);
      return rows.map((r) => toBroker(r, opts.admin, measuredBroker(outcomes.get(r.id))));
    },
    get,
    async add(actorId: string, input: BrokerInput): Promise<Broker> {
      return db.transaction(async (tx) => {
        const row = await brokersRepo(tx).insert(toValues(input));
        await recordAudit(tx, {
          actorId,
          action: 'broker.add',
          targetType: 'broker',
          targetId: row.id,
          details: { name: row.name },
        });
        return toBroker(row, true);
      });
    },
    async edit(actorId: string, id: string, input: BrokerInput): Promise<Broker> {
      if (!isUuid(id)) throw notFound('Broker not found');
      return db.transaction(async (tx) => {
        const r = brokersRepo(tx);
        const before = await r.byId(id);
        if (!before) throw notFound('Broker not found');
        const values = toValues(input);
        const row = await r.update(id, values, ctx.clock());
        if (!row) throw notFound('Broker not found');
        const changed = Object.keys(values).filter(
          (k) => JSON.stringify(before[k as keyof BrokerRow]) !== JSON.stringify(values[k as keyof BrokerValues]),
        );
        await recordAudit(tx, {
          actorId,
          action: 'broker.edit',
          targetType: 'broker',
          targetId: id,
          details: { name: row.name, changed },
        });
        return toBroker(row, true);
      });
    },
    async remove(actorId: string, id: string): Promise<{ _id: string }> {
      if (!isUuid(id)) throw notFound('Broker not found');
      return db.transaction(async (tx) => {
        const row = await brokersRepo(tx).remove(id);
        if (!row) throw notFound('Broker not found');
        await recordAudit(tx, {
          actorId,
          action: 'broker.delete',
          targetType: 'broker',
          targetId: id,
          details: { name: row.name },
        });
        return { _id: id };
      });
    },
  };
}
export type BrokersService = ReturnType<typeof brokersService>;
