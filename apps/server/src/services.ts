import { paymentsFromConfig } from './adapters/payments';
import type { AppContext, Notifier } from './context';
import { accountsService } from './modules/accounts/service';
import { adminUsersService } from './modules/admin/service';
import { affiliatesService } from './modules/affiliates/service';
import { analyticsService } from './modules/analytics/service';
import { authService } from './modules/auth/service';
import { billingService } from './modules/billing/service';
import { brokersService } from './modules/brokers/service';
import { commsService } from './modules/comms/service';
import { confirmationsService } from './modules/confirmations/service';
import { discoveryService } from './modules/discovery/service';
import { faqsService } from './modules/faqs/service';
import { feedbackService } from './modules/feedback/service';
import { notificationsService } from './modules/notifications/service';
import { statementReader } from './modules/imports/reader-pool';
import { pageViewsService } from './modules/pageviews/service';
import { startSplitsLive } from './modules/splits/live';
import { splitsService } from './modules/splits/service';
import { tokensService } from './modules/tokens/service';
import { tradesService } from './modules/trades/service';
import { usersService } from './modules/users/service';

/**
 * Every service of the app, built once for one context (decision 035): buildApp hands them to
 * the routes, and the worker process and the pollers use the same ones. No routes file builds a service.
 * `notifier` replaces the notifications service's own (tests record split changes with it).
 * `close` ends what the services hold open (background emails, the splits change signal, EDGAR's client, the
 * statement reader's threads).
 */
export async function buildServices(ctx: AppContext, opts: { notifier?: Notifier } = {}) {
  // Split changes enqueue their notifications in the same transaction (modules/notifications); the
  // other services read ctx.notifier when they call it, so it is set before they are built.
  const notifications = notificationsService(ctx);
  ctx.notifier = opts.notifier ?? notifications.notifier;
  const auth = authService(ctx);
  // The splits change signal and service are shared: the review queue's accept writes splits too.
  const live = await startSplitsLive(ctx.database, ctx.log);
  const discovery = discoveryService(ctx);
  const payments = paymentsFromConfig(ctx.config, ctx.database.db, ctx.clock);
  // Built once and handed to the services that use them (trades reads accounts, checkout reads users).
  const users = usersService(ctx);
  const accounts = accountsService(ctx);
  // Statement imports read on worker threads, started on the first import (a process that never imports starts none).
  const reader = statementReader();
  return {
    notifications,
    auth,
    tokens: tokensService(ctx),
    users,
    feedback: feedbackService(ctx),
    payments,
    billing: billingService(ctx, payments, users, notifications),
    affiliates: affiliatesService(ctx),
    accounts,
    trades: tradesService(ctx, accounts, live),
    analytics: analyticsService(ctx),
    live,
    splits: splitsService(ctx, live),
    discovery,
    confirmations: confirmationsService(ctx, { live }),
    brokers: brokersService(ctx),
    faqs: faqsService(ctx),
    admin: adminUsersService(ctx, auth),
    pageViews: pageViewsService(ctx),
    comms: commsService(ctx, notifications),
    statementReader: reader,
    async close() {
      await reader.close();
      await discovery.close();
      await live.close();
      await auth.drain();
    },
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
