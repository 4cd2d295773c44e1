import type { CommissionsResponse, Referral } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit/service';
import { memberRecords } from '../users/queries';
import { affiliatesRepo } from './repo';
import { commissionCents, monthlyRows, totalsOf } from './rules';

/**
 * The commission ledger other modules (billing) write through, inside their own transaction:
 * 20% of each paid invoice of a referred member, once per invoice; a refund reverses it.
 */
export function commissionLedger(tx: Db) {
  const repo = affiliatesRepo(tx);
  const members = memberRecords(tx);
  return {
    async credit(input: { referredUserId: string; invoiceId: string; amountPaidCents: number; refunded: boolean }) {
      const referrerId = (await members.byId(input.referredUserId))?.referrerId ?? null;
      if (!referrerId || referrerId === input.referredUserId) return false;
      const amountCents = commissionCents(input.amountPaidCents);
      if (amountCents <= 0) return false;
      return repo.insertCommission({
        referrerId,
        referredUserId: input.referredUserId,
        invoiceId: input.invoiceId,
        amountCents,
        status: input.refunded ? 'reversed' : 'pending',
      });
    },
    reverse: (invoiceId: string, now: Date) => repo.reverse(invoiceId, now),
  };
}

export function affiliatesService(ctx: AppContext) {
  const repo = affiliatesRepo(ctx.database.db);
  const members = memberRecords(ctx.database.db);
  const userExists = async (id: string) => Boolean(await members.byId(id));

  async function commissions(referrerId: string): Promise<CommissionsResponse> {
    const rows = await repo.commissionsOf(referrerId);
    const names = await members.usernames(rows.map((r) => r.referredUserId));
    const plain = rows.map((r) => ({
      amountCents: r.amountCents,
      status: r.status,
      month: r.createdAt.toISOString().slice(0, 7),
    }));
    return {
      totals: totalsOf(plain),
      months: monthlyRows(plain),
      items: rows.map((r) => ({
        _id: r.id,
        invoiceId: r.invoiceId,
        referredUsername: (r.referredUserId && names.get(r.referredUserId)) || null,
        amount: r.amountCents,
        status: r.status as 'pending' | 'paid' | 'reversed',
        createdDate: r.createdAt.toISOString(),
        paidDate: r.paidAt ? r.paidAt.toISOString() : null,
      })),
    };
  }

  return {
    async referrals(userId: string): Promise<Referral[]> {
      const rows = await members.referralsOf(userId);
      return rows.map((r) => ({ _id: r.id, username: r.username, role: r.role }));
    },
    commissions,
    async adminCommissions(userId: string) {
      if (!(await userExists(userId))) throw notFound('User not found');
      return commissions(userId);
    },
    async markPaid(userId: string, ids?: string[], actorId: string | null = null) {
      if (!(await userExists(userId))) throw notFound('User not found');
      const count = await ctx.database.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const n = await affiliatesRepo(tx).markPaid(userId, ctx.clock(), ids);
        if (n > 0)
          await recordAudit(tx, {
            actorId,
            action: 'commission.mark-paid',
            targetType: 'user',
            targetId: userId,
            details: { count: n },
          });
        return n;
      });
      return { count, ...(await commissions(userId)) };
    },
  };
}
export type AffiliatesService = ReturnType<typeof affiliatesService>;
