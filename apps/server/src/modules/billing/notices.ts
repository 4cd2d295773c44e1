import { formatInMarketTz, formatMoney } from '@roundup/shared';
import type { AppContext } from '../../context';
import type { PaymentFailedPayload } from '../notifications/service';
import type { BillingRepo, MembershipRow } from './repo';
import { membershipAccess, proratedRefund, stateSentence, userAccess, type MemberState } from './rules';

/**
 * Billing receipts and notices (decision 009): a payment, a refund, a cancellation or an ended
 * membership each makes one notice, keyed by the event (so a replayed webhook, a second
 * confirmation or a webhook racing the return page add nothing), written in the same transaction
 * as the change, then emailed once after commit and listed on the Subscription tab. A failed payment
 * is the exception: it is told on the member's channels through the notifications module (`tell`,
 * keyed by the invoice), so its notice is only listed here, never emailed by billing too.
 */
export type BillingEvent =
  | { kind: 'paid'; invoiceId: string }
  | { kind: 'refund'; invoiceId: string; amount: number; total: number }
  | { kind: 'cancel-scheduled'; membershipId: string }
  | { kind: 'ended'; membershipId: string }
  | { kind: 'payment-failed'; invoiceId: string };

/** Where a member updates their card: an app page that opens the provider's billing portal for them. */
export const updateCardUrl = (appUrl: string) => `${appUrl}/billing/update-card`;

export const longDate = (d: Date) => formatInMarketTz(d, 'MMMM dd, yyyy');
export const money = (cents: number) => formatMoney(cents / 100);
const planName = (m: MembershipRow | undefined) => (m?.level === 'lifetime' ? 'Lifetime' : 'Pro (monthly)');

/** The member's state as it is now (after the change), for the sentence every message ends with. */
export async function memberState(r: BillingRepo, userId: string): Promise<MemberState | null> {
  const user = await r.user(userId);
  if (!user) return null;
  const ms = await r.membershipsOf(userId);
  const pros = ms.filter((m) => m.level === 'pro' && !m.supersededAt && membershipAccess(m) === 'pro');
  const pro = pros.find((m) => !m.cancelAtPeriodEnd) ?? pros[0];
  const failed = pro?.status === 'past_due' ? (await r.failedInvoicesOf(userId))[0] : undefined;
  return {
    role: user.role,
    grantedRole: user.grantedRole,
    access: userAccess(ms.filter((m) => !m.supersededAt)),
    pro: pro
      ? { periodEnd: pro.currentPeriodEnd, cancelAtPeriodEnd: pro.cancelAtPeriodEnd, amountCents: pro.unitAmount * pro.quantity }
      : null,
    pastDue: failed ? { amountCents: failed.amountDue, updateBy: failed.nextPaymentAttempt } : null,
  };
}

export async function stateLine(r: BillingRepo, userId: string): Promise<string> {
  const s = await memberState(r, userId);
  return s ? stateSentence(s, longDate, money) : '';
}

/** Tells a member, on their channels, that a payment failed (in the transaction of the change). */
export type TellPaymentFailed = (userId: string, payload: PaymentFailedPayload) => Promise<unknown>;

/** Writes the notices for what just changed; the state line is read after the change. */
export async function recordNotices(
  r: BillingRepo,
  userId: string,
  events: readonly BillingEvent[],
  opts: { now: Date; appUrl: string; tell: TellPaymentFailed },
) {
  const { now } = opts;
  if (!events.length) return;
  const state = await stateLine(r, userId);
  const user = await r.user(userId);
  const hi = `Hi ${user?.username ?? 'there'},`;
  for (const ev of events) {
    const n = ev.kind === 'payment-failed' ? await composeFailed(r, ev.invoiceId, opts.appUrl) : await compose(r, ev, now);
    if (!n) continue;
    const body = [hi, '', ...n.lines, '', state, '', 'Your billing history is in Settings → Subscription.', '— RoundUp'].join(
      '\n',
    );
    // A failed payment is sent by the notifications module: listed here as already sent.
    const sentAt = n.told ? now : null;
    await r.insertNotice({ id: n.id, userId, kind: ev.kind, subject: n.subject, body, createdAt: now, sentAt });
    if (n.told) await opts.tell(userId, n.told);
  }
}

type Composed = { id: string; subject: string; lines: string[]; told?: PaymentFailedPayload } | null;

/** A renewal whose payment failed: told once per invoice, with where to update the card and by when. */
async function composeFailed(r: BillingRepo, invoiceId: string, appUrl: string): Promise<Composed> {
  const inv = await r.invoice(invoiceId);
  if (!inv || inv.status !== 'open' || !inv.paymentFailedAt) return null;
  const updateBy = inv.nextPaymentAttempt ? longDate(inv.nextPaymentAttempt) : null;
  const by = updateBy ? `by ${updateBy}` : 'now';
  return {
    told: { invoiceId: inv.id, amount: money(inv.amountDue), updateBy, url: updateCardUrl(appUrl) },
    id: `failed:${inv.id}`,
    subject: `Your RoundUp payment of ${money(inv.amountDue)} failed`,
    lines: [
      `Your ${money(inv.amountDue)} payment failed; update your card ${by}: ${updateCardUrl(appUrl)}`,
      '',
      'Plan: Pro (monthly)',
      `Date: ${longDate(inv.paymentFailedAt)}`,
      'You keep Pro while we retry the payment; if every retry fails, your membership ends.',
    ],
  };
}

async function compose(r: BillingRepo, ev: Exclude<BillingEvent, { kind: 'payment-failed' }>, now: Date): Promise<Composed> {
  if (ev.kind === 'paid') {
    const inv = await r.invoice(ev.invoiceId);
    if (!inv || inv.status !== 'paid' || inv.amountPaid <= 0) return null;
    const m = inv.membershipId ? await r.membership(inv.membershipId) : undefined;
    let next: string;
    if (m?.supersededAt)
      next =
        'This payment duplicated a plan you already have: it is refunded automatically, and a separate email confirms the refund.';
    else if (m?.level === 'lifetime') next = 'Renewal: none. Lifetime access does not renew.';
    else if (m?.currentPeriodEnd && !m.cancelAtPeriodEnd)
      next = `Next renewal: ${longDate(m.currentPeriodEnd)} (${money(m.unitAmount * m.quantity)})`;
    else next = m?.currentPeriodEnd ? `Access until: ${longDate(m.currentPeriodEnd)} (no renewal)` : '';
    const lines = [
      'Thank you: we received your payment.',
      '',
      `Plan: ${planName(m)}`,
      `Amount: ${money(inv.amountPaid)}`,
      `Date: ${longDate(inv.paidAt ?? inv.createdAt)}`,
      next,
    ];
    if (inv.hostedInvoiceUrl) lines.push(`Receipt: ${inv.hostedInvoiceUrl}`);
    return {
      id: `paid:${inv.id}`,
      subject: `RoundUp receipt: ${money(inv.amountPaid)} for ${planName(m)}`,
      lines: lines.filter((l, i) => l || i === 1),
    };
  }
  if (ev.kind === 'refund') {
    const inv = await r.invoice(ev.invoiceId);
    if (!inv) return null;
    const m = inv.membershipId ? await r.membership(inv.membershipId) : undefined;
    let intro = `We refunded ${money(ev.amount)} of your payment of ${money(inv.amountPaid)} for RoundUp ${planName(m)}.`;
    let subject = `RoundUp refund: ${money(ev.amount)}`;
    if (m?.supersededReason === 'duplicate') {
      intro = `You paid twice for RoundUp ${planName(m)}. A member keeps one paid plan, so we cancelled the extra ${m.level === 'pro' ? 'subscription' : 'purchase'} and refunded its payment of ${money(ev.amount)} in full.`;
      subject = `RoundUp refund: ${money(ev.amount)} for a duplicate payment`;
    } else if (m?.supersededReason === 'refunded' && ev.total >= inv.amountPaid) {
      intro = `We refunded your payment of ${money(inv.amountPaid)} for RoundUp ${planName(m)} in full, so we cancelled the subscription: it will not bill you again.`;
    } else if (m?.supersededReason === 'upgraded') {
      const p = proratedRefund({
        amountCents: inv.amountPaid,
        periodStart: m.currentPeriodStart,
        periodEnd: m.currentPeriodEnd,
        now: m.supersededAt ?? now,
      });
      intro = `You bought Lifetime access, so we cancelled your monthly Pro subscription at once and refunded the unused part of its current period (${p.remainingDays} of ${p.periodDays} days): ${money(ev.amount)}.`;
      subject = `RoundUp refund: ${money(ev.amount)} for the unused part of your monthly plan`;
    }
    return {
      id: `refund:${inv.id}:${ev.total}`,
      subject,
      lines: [
        intro,
        '',
        `Plan: ${planName(m)}`,
        `Amount refunded: ${money(ev.amount)}`,
        `Date: ${longDate(now)}`,
        'The refund reaches your card in 5–10 business days.',
      ],
    };
  }
  const m = await r.membership(ev.membershipId);
  if (!m) return null;
  if (ev.kind === 'cancel-scheduled') {
    if (!m.cancelAtPeriodEnd || !m.currentPeriodEnd) return null;
    return {
      id: `cancel:${m.id}:${m.currentPeriodEnd.toISOString()}`,
      subject: 'Your RoundUp Pro membership is cancelled',
      lines: [
        'Your Pro membership is cancelled and will not renew.',
        '',
        `Plan: ${planName(m)}`,
        `Date: ${longDate(now)}`,
        `End of access: ${longDate(m.currentPeriodEnd)}`,
      ],
    };
  }
  // Ended: a refund already said so (its own notice), so only an end without refund is told here.
  if (m.refundedAt) return null;
  const intro =
    m.supersededReason === 'upgraded'
      ? 'Your monthly Pro subscription was cancelled at once because you now have Lifetime access. Nothing was left to refund for its current period.'
      : m.supersededReason === 'duplicate'
        ? 'Your extra Pro subscription was cancelled: a member keeps one paid plan.'
        : 'Your Pro membership has ended.';
  return {
    id: `ended:${m.id}`,
    subject: 'Your RoundUp Pro membership has ended',
    lines: [intro, '', `Plan: ${planName(m)}`, `Date: ${longDate(now)}`, 'End of access: now'],
  };
}

/** Emails unsent notices of these members, each claimed first so it goes out once. */
export function noticeSender(ctx: AppContext, repo: BillingRepo) {
  return async function dispatch(userIds: Iterable<string>) {
    for (const userId of userIds) {
      const pending = await repo.unsentNotices(userId);
      if (!pending.length) continue;
      const user = await repo.user(userId);
      if (!user) continue;
      for (const n of pending) {
        if (!(await repo.claimNotice(n.id, ctx.clock()))) continue;
        try {
          await ctx.mailer.send({ to: user.email, subject: n.subject, text: n.body });
        } catch (err) {
          await repo.releaseNotice(n.id);
          ctx.log.error({ err, userId, notice: n.id }, 'billing notice not sent; will retry');
        }
      }
    }
  };
}
