import { marketClock } from '@roundup/shared';
import type { PaymentProvider, SubscriptionInfo } from '../../adapters/payments';
import type { AppContext } from '../../context';
import type { BillingCore } from './apply';
import { flagStore } from './flags-repo';
import type { Plan } from './gather';
import { userAccess } from './rules';

type Mismatch = {
  kind: 'access-without-payment' | 'payment-without-access';
  userId: string | null;
  objectId: string;
  detail: string;
};

interface MemberDeps {
  repo: BillingCore['repo'];
  payments: PaymentProvider;
  core: BillingCore;
  flags: ReturnType<typeof flagStore>;
  clock: () => Date;
}

/** Re-reads one member's plans at Stripe; the mismatches the re-read could not fix. */
async function reconcileMember(
  d: MemberDeps,
  userId: string,
  live: SubscriptionInfo[],
): Promise<{ fixed: boolean; left: Mismatch[] }> {
  const before = await d.repo.user(userId);
  const left: Mismatch[] = [];
  const plan: Plan = { subscriptions: live.filter((s) => s.userId === userId), invoices: [] };
  for (const m of await d.repo.membershipsOf(userId)) {
    if (m.level === 'pro') {
      if (plan.subscriptions.some((s) => s.id === m.id)) continue;
      const sub = await d.payments.retrieveSubscription(m.id);
      if (sub) plan.subscriptions.push(sub);
      else if (userAccess([m]) !== 'starter')
        left.push({
          kind: 'access-without-payment',
          userId,
          objectId: m.id,
          detail: `Pro from subscription ${m.id}, which Stripe does not have.`,
        });
    } else if (userAccess([m]) !== 'starter') {
      const inv = await d.repo.invoiceByPaymentIntent(m.id);
      const paid = inv ? await d.payments.retrieveInvoice(inv.id) : null;
      if (!paid || paid.status !== 'paid')
        left.push({
          kind: 'access-without-payment',
          userId,
          objectId: m.id,
          detail: `Lifetime from payment ${m.id}, whose invoice Stripe does not show as paid.`,
        });
    }
  }
  if (plan.subscriptions.length) await d.core.apply(plan);
  else await d.core.afterCommit([userId]);
  const after = await d.repo.user(userId);
  const fixed = before?.subscriptionTier !== after?.subscriptionTier;
  if (after && after.subscriptionTier !== 'Starter' && userAccess(await d.repo.membershipsOf(userId)) === 'starter')
    left.push({
      kind: 'access-without-payment',
      userId,
      objectId: userId,
      detail: `${after.subscriptionTier} on the member's record with no subscription or payment behind it.`,
    });
  if (fixed)
    await d.flags.raise({
      id: `fixed:${userId}:${after?.subscriptionTier}:${marketClock(d.clock()).date}`,
      kind: 'fixed',
      userId,
      objectId: null,
      priceId: null,
      detail: `Access corrected from Stripe: ${before?.subscriptionTier} → ${after?.subscriptionTier}.`,
      now: d.clock(),
      resolved: true,
    });
  return { fixed, left };
}

/**
 * What the admin page says stopped a run. Stripe's SDK errors carry a `Stripe…` type; anything else failed
 * here (our database, most likely, or the local stand-in), and saying "Stripe" would send the admin to the wrong place.
 */
function whatStopped(err: unknown): string {
  const e = err as { type?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof e?.type === 'string' && e.type.startsWith('Stripe'))
    return typeof e.statusCode === 'number' ? `Stripe answered ${e.statusCode}` : 'Stripe could not be read';
  // A database message names a table or column, never a value; it is cut short all the same.
  const message = typeof e?.message === 'string' ? e.message.replace(/[^\x20-\x7e]/g, ' ').slice(0, 120) : 'unknown';
  return `Failed on our side, not at Stripe: ${message}`;
}

/**
 * The daily reconciliation (decision 040): every member with Pro or Lifetime by our records, and
 * every live subscription Stripe has, compared with Stripe's state. What a re-read fixes (a missed
 * or failed webhook) is applied through the state machine and reported as fixed; what it cannot
 * (no subscription or payment at Stripe behind the access, a subscription nobody here owns) stays
 * flagged for admins until a later run no longer finds it. Prices not ours are flagged as they apply.
 */
export function reconciler(ctx: AppContext, payments: PaymentProvider, core: BillingCore) {
  const { repo } = core;
  const flags = flagStore(ctx.database.db);

  /** Runs once per New York day across processes; false when today's run was already claimed. */
  return async function runReconciliation(): Promise<boolean> {
    const started = ctx.clock();
    const day = marketClock(started).date;
    if (!(await flags.claimRun(day, started))) return false;
    let checked = 0;
    let fixed = 0;
    const found: Mismatch[] = [];
    let error: string | null = null;
    try {
      const live = await payments.listLiveSubscriptions();
      const owners = new Map<string, string>();
      for (const sub of live) {
        const userId = sub.customerId ? await repo.userIdByCustomer(sub.customerId) : null;
        if (userId) owners.set(sub.id, userId);
        else
          found.push({
            kind: 'payment-without-access',
            userId: null,
            objectId: sub.id,
            detail: `Stripe subscription ${sub.id} (customer ${sub.customerId ?? 'none'}) belongs to no member.`,
          });
      }
      const liveOf = live.map((s) => ({ ...s, userId: owners.get(s.id) ?? null }));
      const ids = new Set([...(await repo.paidTierIds()), ...(await repo.liveMemberIds()), ...owners.values()]);
      for (const userId of ids) {
        const r = await reconcileMember({ repo, payments, core, flags, clock: ctx.clock }, userId, liveOf);
        checked += 1;
        if (r.fixed) fixed += 1;
        found.push(...r.left);
      }
      for (const f of found) await flags.raise({ id: `${f.kind}:${f.objectId}`, ...f, priceId: null, now: started });
      await flags.resolveUnseen(started, ctx.clock());
    } catch (err) {
      error = whatStopped(err);
      ctx.log.error({ err: { message: error } }, 'billing reconciliation stopped');
    }
    await flags.finishRun(day, { finishedAt: ctx.clock(), checked, fixed, flagged: found.length, error });
    if (!error) ctx.log.info({ day, checked, fixed, flagged: found.length }, 'billing reconciliation done');
    return true;
  };
}
export type RunReconciliation = ReturnType<typeof reconciler>;
