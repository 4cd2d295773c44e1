import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

/** Admin pages, relative to /admin; app/router.tsx wraps them in RequireAdmin + AdminLayout. */
export const adminRoutes: FeatureRoutes = {
  admin: [
    // the index and users (the users list with the page-views panel), users/:userId: app/composed-routes.tsx
    // reverse-splits: features/splits/routes.tsx (admin group)
    // brokers, brokers/add, brokers/view/:brokerId: features/brokers/routes.tsx (admin group)
    // faqs, faqs/add, faqs/view/:faqId: features/faqs/routes.tsx (admin group)
    // feedback: features/feedback/routes.tsx
    lazyPage('audit', { title: 'Audit log' }, async () => (await import('./pages/AdminAuditPage')).AdminAuditPage),
    // comms: features/comms/routes.tsx
    // billing: features/billing/routes.tsx (the daily reconciliation with Stripe)
  ],
};
