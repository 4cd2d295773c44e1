import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/app-error';
import type { BillingCore } from './apply';
import { billingRepo } from './repo';

/**
 * Stripe webhooks: verified over the raw body, each event id claimed once in the same
 * transaction as its effects (which run under the member's row lock), state re-read from Stripe.
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
    const plan = await gatherEvent(ev);
    const now = ctx.clock();
    const handled = await repo.transaction(async (tx) => {
      if (!(await billingRepo(tx).claimEvent(ev.id, ev.type))) return null;
      return plan ? await applyIn(tx, plan, now) : new Set<string>();
    });
    if (handled) await afterCommit(handled);
    return { received: true, duplicate: !handled };
  };
}
