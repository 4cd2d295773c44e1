import { isPaidRole, type BillingLevel } from '@roundup/shared';
import type { PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { Principal } from '../../http/auth';
import type { UsersService } from '../users/service';
import type { BillingCore } from './apply';
import {
  cancelTestCheckout,
  localProvider,
  ownedCheckoutSession,
  payTestCheckout,
  renewTestSubscription,
  viewTestCheckout,
  type LocalCheckoutDeps,
} from './local-checkout';
import type { SessionRow } from './repo';
import { userAccess } from './rules';

/** Runs one task at a time per key in this process (a member's double click waits for the first). */
function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const prev = tails.get(key) ?? Promise.resolve();
    const run = prev.catch(() => undefined).then(fn);
    tails.set(key, run);
    try {
      return await run;
    } finally {
      if (tails.get(key) === run) tails.delete(key);
    }
  };
}

/**
 * Checkout (decision 009, first brace): one open session per member. A second click or tab for
 * the same level gets the open session back; another level expires it first; a member who
 * already has what they ask for is refused. Payments that still race are settled by the core.
 */
export function checkout(ctx: AppContext, payments: PaymentProvider, core: BillingCore, users: Pick<UsersService, 'self'>) {
  const { config } = ctx;
  const { repo, apply, gatherCheckout } = core;
  const perMember = keyedQueue();

  function refusal(level: BillingLevel, access: ReturnType<typeof userAccess>, role: string): AppError | null {
    if (access === 'lifetime') return conflict('You already have lifetime access.');
    if (level === 'pro' && (access === 'pro' || isPaidRole(role))) return conflict('You already have an active Pro membership.');
    return null;
  }

  /** Brings the member's open sessions up to date: a paid one is applied, a dead one closed. */
  async function openSessions(userId: string): Promise<{ row: SessionRow; url: string | null }[]> {
    const open: { row: SessionRow; url: string | null }[] = [];
    for (const row of await repo.openSessionsOf(userId)) {
      const co = await payments.retrieveCheckout(row.id);
      if (co?.status === 'open') open.push({ row, url: co.url });
      else if (co?.status === 'complete' && co.paid) await apply(await gatherCheckout(row.id));
      else await repo.setSessionStatus(row.id, co?.status === 'complete' ? 'complete' : 'expired');
    }
    return open;
  }

  async function expire(sessionId: string) {
    const after = await payments.expireCheckout(sessionId);
    // Paid in the meantime: record it (the core refunds it if it is a second plan).
    if (after?.status === 'complete' && after.paid) await apply(await gatherCheckout(sessionId));
    else await repo.setSessionStatus(sessionId, after?.status === 'complete' ? 'complete' : 'expired');
  }

  const ownedSession = (principal: Principal, sessionId: string) => ownedCheckoutSession(repo, principal, sessionId);
  const local: LocalCheckoutDeps = { repo, apply, gatherCheckout, provider: () => localProvider(payments) };

  return {
    ownedSession,
    local: local.provider,

    async startCheckout(
      principal: Principal,
      level: BillingLevel,
      body: { priceId?: string | null; stripeCustomerId?: string | null; userId?: string | null },
    ) {
      const user = await repo.user(principal.user.id);
      if (!user) throw notFound('User not found');
      if (body.userId && body.userId !== user.id) throw forbidden('You can only start a checkout for yourself.');
      const priceId = payments.priceFor(level);
      if (!priceId) throw new AppError('UNAVAILABLE', 'Checkout is not available right now. Please try again later.');
      if (body.priceId && body.priceId !== priceId) throw badRequest('That price is not available.');
      if (body.stripeCustomerId && body.stripeCustomerId !== user.stripeCustomerId)
        throw forbidden('That customer does not belong to you.');

      return perMember(user.id, async () => {
        const open = await openSessions(user.id);
        const fresh = await repo.user(user.id);
        const refused = refusal(level, userAccess(await repo.membershipsOf(user.id)), fresh?.role ?? user.role);
        const reuse = refused ? undefined : open.find((s) => s.row.level === level && s.url);
        for (const s of open) if (s !== reuse) await expire(s.row.id);
        if (refused) throw refused;
        if (reuse) return { session: { id: reuse.row.id, url: reuse.url! } };

        let customerId = fresh?.stripeCustomerId ?? null;
        if (!customerId) {
          const created = await payments.createCustomer({ email: user.email, userId: user.id, username: user.username });
          customerId = (await repo.setCustomerIdOnce(user.id, created)) ?? created;
        }
        const session = await payments.createCheckout({
          level,
          priceId,
          customerId,
          userId: user.id,
          successUrl: `${config.appUrl}/register/success/{CHECKOUT_SESSION_ID}`,
          cancelUrl: `${config.appUrl}/services`,
        });
        await repo.insertSession({ id: session.id, userId: user.id, provider: payments.kind, level });
        return { session: { id: session.id, url: session.url } };
      });
    },

    /** Confirms a paid session of the caller and brings the membership up to date. */
    async registerSuccess(principal: Principal, sessionId: string) {
      const row = await ownedSession(principal, sessionId);
      const plan = await gatherCheckout(sessionId);
      const co = plan.checkout;
      if (!co || (co.userId && co.userId !== row.userId)) throw notFound('We could not find that checkout session.');
      if (co.status !== 'complete' || !co.paid) throw badRequest('Your payment has not been completed yet.');
      await apply(plan);
      return { user: await users.self(principal.user.id) };
    },
    // The local test checkout (local-checkout.ts).
    testCheckout: (principal: Principal, sessionId: string) => viewTestCheckout(local, { principal, sessionId }),
    payTestCheckout: (principal: Principal, sessionId: string) => payTestCheckout(local, { principal, sessionId }),
    cancelTestCheckout: (principal: Principal, sessionId: string) => cancelTestCheckout(local, { principal, sessionId }),
    renewTestSubscription: (principal: Principal, outcome: 'paid' | 'failed') =>
      renewTestSubscription(local, { principal, outcome }),
  };
}
