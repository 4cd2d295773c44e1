import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/app-error';
import type { BillingCore } from './apply';
import { ProviderObjectMissing, type Plan } from './gather';
import { billingRepo } from './repo';

/**
 * Stripe webhooks: verified over the raw body, each event id claimed once in the same
 * transaction as its effects (which run under the member's row lock), state re-read from Stripe.
 * When that re-read fails (an object missing that was not deleted, a wrong key, Stripe down) the
 * event is left unclaimed and answered 503, so Stripe sends it again until it can be applied.
 */
export function webhooks(ctx: AppContext, payments: PaymentProvider, core: BillingCore) {
  const { repo, gatherEvent, applyIn, afterCommit } = core;
  return async function handleWebhook(rawBody: Buffer, signature: string | undefined) {
    let ev: ProviderEvent;
    try {
      ev = payments.parseWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(err.message);
      throw err;
    }
    if (await repo.eventSeen(ev.id)) return { received: true, duplicate: true };
    let plan: Plan | null;
    try {
      plan = await gatherEvent(ev);
    } catch (err) {
      // The envelope logs this 503 once, with this message: never Stripe's own (it can quote the key).
      const status = (err as { statusCode?: unknown }).statusCode;
      const why =
        err instanceof ProviderObjectMissing
          ? err.message
          : typeof status === 'number'
            ? `Stripe answered ${status}`
            : 'Stripe could not be reached';
      throw new AppError('UNAVAILABLE', `${ev.type} ${ev.id} not applied: ${why}. Send it again.`);
    }
    const now = ctx.clock();
    const handled = await repo.transaction(async (tx) => {
      if (!(await billingRepo(tx).claimEvent(ev.id, ev.type))) return null;
      return plan ? await applyIn(tx, plan, now) : new Set<string>();
    });
    if (handled) await afterCommit(handled);
    return { received: true, duplicate: !handled };
  };
}
