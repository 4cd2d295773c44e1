import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingReconciliationResponse,
  billingAlertResponse,
  billingPortalResponse,
  cancelSubscriptionResponse,
  checkoutRequest,
  checkoutSessionView,
  fetchSubscriptionResponse,
  meResponse,
  registerSuccessRequest,
  siteInfo,
  subscriptionIdRequest,
  testCheckoutView,
} from '@roundup/shared';
import { can, type SiteInfo } from '@roundup/shared';
import type { PaymentProvider } from '../../adapters/payments';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { limit } from '../../http/rate-limit';
import { answers, optionalSession, textAnswer } from '../../http/openapi';
import { receiptPage } from './receipt-page';
import type { BillingService } from './service';
import { siteInfoFor } from './site-info';

type App = Parameters<FastifyPluginAsyncZod>[0];

const sessionParams = z.object({ sessionId: z.string().min(1).max(255) });
const invoiceParams = z.object({ invoiceId: z.string().min(1).max(255) });

/** /api/subs/* (product.md#api) and the local test checkout. `payments` is the provider `billing` was built with. */
export const billingRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  billing: BillingService;
  payments: PaymentProvider;
}> = async (app, { ctx, billing: service, payments: provider }) => {
  ctx.log.info(`payments: ${provider.kind === 'stripe' ? 'Stripe' : 'local test checkout (no STRIPE_SECRET_KEY)'}`);

  /** Public: the support address, whether Discord is offered (and its invite for paid members), the prices. */
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['billing'],
        summary: 'Site settings the pages show: support address, Discord, prices',
        description: 'Public. A paid member also gets the Discord invite.',
        security: optionalSession,
        response: answers(siteInfo),
      },
    },
    async (req, reply): Promise<SiteInfo> => {
      const paid = Boolean(req.principal && can(req.principal.user.role, 'alerts:pro'));
      if (req.principal) reply.header('cache-control', 'private, no-store');
      return siteInfoFor({ config: ctx.config, provider }, { paid });
    },
  );

  app.get(
    '/api/admin/billing/reconciliation',
    {
      schema: {
        tags: ['billing', 'admin'],
        summary: 'Admin: the daily reconciliation with Stripe and what it found (prices not ours, access it could not fix)',
        response: answers(billingReconciliationResponse),
      },
    },
    async (req) => {
      requireAdmin(req);
      return service.reconciliationReport();
    },
  );

  memberRoutes(app, service);
  testCheckoutRoutes(app, service);
  await webhookRoutes(app, service);
};

/** A member's checkout, membership and cancellation (product.md#api /api/subs/*). */
function memberRoutes(app: App, service: BillingService) {
  app.post(
    '/api/subs/session',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start a checkout for Pro (monthly); answers where to send the browser',
        body: checkoutRequest,
        response: answers(z.object({ session: checkoutSessionView })),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => service.startCheckout(requireUser(req), 'pro', req.body ?? {}),
  );
  app.post(
    '/api/subs/lifetime',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start a checkout for Lifetime; answers where to send the browser',
        body: checkoutRequest,
        response: answers(z.object({ session: checkoutSessionView })),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => service.startCheckout(requireUser(req), 'lifetime', req.body ?? {}),
  );
  app.post(
    '/api/subs/register-success',
    {
      schema: {
        tags: ['billing'],
        summary: 'After checkout: settle the session now (the webhook may come later); answers the member',
        body: registerSuccessRequest,
        response: answers(meResponse),
      },
      config: limit(60, '15 minutes'),
    },
    async (req) => service.registerSuccess(requireUser(req), req.body.sessionId),
  );
  app.post(
    '/api/subs/fetch',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your membership, invoices and billing notices',
        body: subscriptionIdRequest,
        response: answers(fetchSubscriptionResponse),
      },
    },
    async (req) => service.fetch(requireUser(req), req.body?.subscriptionId),
  );
  app.get(
    '/api/subs/alert',
    {
      schema: {
        tags: ['billing'],
        summary: 'What the app must tell you on every page: a renewal whose payment failed, until it is paid',
        response: answers(billingAlertResponse),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.alert(requireUser(req));
    },
  );
  app.post(
    '/api/subs/portal',
    {
      schema: {
        tags: ['billing'],
        summary: "Open Stripe's billing portal for your account (update your card, pay a failed renewal)",
        response: answers(billingPortalResponse),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => service.portal(requireUser(req)),
  );
  app.post(
    '/api/subs/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel your membership (refunded within 7 days of the first payment, else at the period end)',
        body: subscriptionIdRequest,
        response: answers(cancelSubscriptionResponse),
      },
      config: limit(20, '15 minutes'),
    },
    async (req) => service.cancel(requireUser(req), req.body?.subscriptionId),
  );
}

/** The local test checkout (only when no provider key is set). */
function testCheckoutRoutes(app: App, service: BillingService) {
  const testOnly = 'Only with the local test checkout (no STRIPE_SECRET_KEY).';
  app.get(
    '/api/subs/test-checkout/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout: the session to pay',
        description: testOnly,
        params: sessionParams,
        response: answers(z.object({ session: testCheckoutView })),
      },
    },
    async (req) => ({
      session: await service.testCheckout(requireUser(req), req.params.sessionId),
    }),
  );
  app.post(
    '/api/subs/test-checkout/:sessionId/pay',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout: pay (nothing is charged); answers the return URL',
        description: testOnly,
        params: sessionParams,
        response: answers(z.object({ url: z.string() })),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => service.payTestCheckout(requireUser(req), req.params.sessionId),
  );
  app.post(
    '/api/subs/test-checkout/:sessionId/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout: cancel; answers the return URL',
        description: testOnly,
        params: sessionParams,
        response: answers(z.object({ url: z.string() })),
      },
    },
    async (req) => service.cancelTestCheckout(requireUser(req), req.params.sessionId),
  );
  app.post(
    '/api/subs/test-checkout/renew',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout: bill your monthly plan’s next period now, paid or declined (as Stripe would)',
        description: testOnly,
        body: z.object({ outcome: z.enum(['paid', 'failed']) }),
        response: answers(z.object({ status: z.string(), invoice: z.string() })),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => service.renewTestSubscription(requireUser(req), req.body.outcome),
  );
  app.get(
    '/api/subs/test-checkout/invoices/:invoiceId',
    {
      schema: {
        tags: ['billing'],
        summary: 'Local test checkout: a receipt page (HTML); `download` makes it an attachment',
        description: `${testOnly} Public: the invoice id is the secret.`,
        security: [],
        params: invoiceParams,
        querystring: z.object({ download: z.string().optional() }),
        response: textAnswer('text/html', 'The receipt page'),
      },
    },
    async (req, reply) => {
      const { invoice, refunded } = await service.testReceipt(req.params.invoiceId);
      const html = receiptPage(invoice, refunded);
      reply.type('text/html; charset=utf-8');
      if (req.query.download)
        reply.header('content-disposition', `attachment; filename="roundup-receipt-${invoice.id.slice(-12)}.html"`);
      return reply.send(html);
    },
  );
}

/** Webhooks: the raw body is needed for the signature, so JSON is parsed as a buffer in this scope only. */
async function webhookRoutes(app: App, service: BillingService) {
  await app.register(async (hooks) => {
    // The app's own JSON parser (strict UTF-8, http/input-guard.ts) is replaced here, not added to.
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_000_000 }, (_req, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/api/subs/webhook',
      {
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook (called by Stripe, not by clients)',
          description: [
            'Verified over the raw body with the `Stripe-Signature` header (300 s tolerance); each event id is handled once.',
            'The event is never trusted: the session, subscription, invoice or charge is read again from Stripe.',
            'Without Stripe keys (the local test checkout) every call answers 400.',
          ].join(' '),
          security: [],
          headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
          response: answers(z.object({ received: z.literal(true), duplicate: z.boolean() })),
        },
      },
      async (req) => {
        const sig = req.headers['stripe-signature'];
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
        return service.handleWebhook(raw, typeof sig === 'string' ? sig : undefined);
      },
    );
  });
}
