import type { BillingLevel, TestCheckoutView } from '@roundup/shared';
import type { LocalPaymentProvider, PaymentProvider } from '../../adapters/payments';
import { badRequest, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import type { BillingCore } from './apply';
import type { BillingRepo } from './repo';
import { LIVE_STATUSES } from './rules';

/** What the local test checkout touches: billing's tables, the core that applies a paid session, and the local provider. */
export interface LocalCheckoutDeps {
  repo: BillingRepo;
  apply: BillingCore['apply'];
  gatherCheckout: BillingCore['gatherCheckout'];
  /** The local payment provider; 404 when a real one is configured. */
  provider: () => LocalPaymentProvider;
}

/** The local payment provider, when no real one is configured. */
export function localProvider(payments: PaymentProvider): LocalPaymentProvider {
  if (payments.kind !== 'local') throw notFound('The test checkout is only available when no payment provider is configured.');
  return payments as LocalPaymentProvider;
}

/** The caller's own checkout session; 404 for anyone else's. */
export async function ownedCheckoutSession(repo: Pick<BillingRepo, 'session'>, principal: Principal, sessionId: string) {
  const row = await repo.session(sessionId);
  if (!row || row.userId !== principal.user.id) throw notFound('We could not find that checkout session.');
  return row;
}

/** The local test checkout page: the session, its amount and who pays. */
export async function viewTestCheckout(
  deps: LocalCheckoutDeps,
  input: { principal: Principal; sessionId: string },
): Promise<TestCheckoutView> {
  const provider = deps.provider();
  const row = await ownedCheckoutSession(deps.repo, input.principal, input.sessionId);
  const s = await provider.describe(input.sessionId);
  if (!s) throw notFound('We could not find that checkout session.');
  const user = await deps.repo.user(row.userId);
  return {
    id: s.id,
    level: (s.level ?? 'pro') as BillingLevel,
    amount: s.amountTotal ?? 0,
    status: s.status,
    email: user?.email ?? '',
    username: user?.username ?? '',
  };
}

/** Pays a local test session and applies it; answers where the member goes next. */
export async function payTestCheckout(deps: LocalCheckoutDeps, input: { principal: Principal; sessionId: string }) {
  const provider = deps.provider();
  await ownedCheckoutSession(deps.repo, input.principal, input.sessionId);
  const current = await provider.describe(input.sessionId);
  if (!current) throw notFound('We could not find that checkout session.');
  if (current.status === 'expired')
    throw badRequest('This checkout session was cancelled or replaced by a newer one. Please start again.');
  const done = await provider.pay(input.sessionId);
  await deps.apply(await deps.gatherCheckout(input.sessionId));
  return { url: done.successUrl.replace('{CHECKOUT_SESSION_ID}', input.sessionId) };
}

/** Cancels a local test session; answers where the member goes back to. */
export async function cancelTestCheckout(deps: LocalCheckoutDeps, input: { principal: Principal; sessionId: string }) {
  const provider = deps.provider();
  await ownedCheckoutSession(deps.repo, input.principal, input.sessionId);
  const s = await provider.cancelCheckout(input.sessionId);
  if (!s) throw notFound('We could not find that checkout session.');
  await deps.repo.setSessionStatus(input.sessionId, 'expired');
  return { url: s.cancelUrl };
}

/**
 * The local test checkout's renewal: bills the caller's own Pro subscription's next period now, paid
 * or declined, and applies it as Stripe's events would (a declined one makes the member past due).
 */
export async function renewTestSubscription(
  deps: LocalCheckoutDeps,
  input: { principal: Principal; outcome: 'paid' | 'failed' },
) {
  const provider = deps.provider();
  const sub = (await deps.repo.membershipsOf(input.principal.user.id)).find(
    (m) => m.level === 'pro' && m.provider === 'local' && LIVE_STATUSES.has(m.status),
  );
  if (!sub) throw badRequest('You have no monthly plan on the local test checkout to renew.');
  const renewed = await provider.renew(sub.id, input.outcome);
  if (!renewed) throw notFound('Subscription not found');
  await deps.apply({ subscriptions: [renewed.subscription], invoices: [renewed.invoice] });
  return { status: renewed.subscription.status, invoice: renewed.invoice.id };
}
