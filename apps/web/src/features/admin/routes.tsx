import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

/** Admin pages, relative to /admin; app/router.tsx wraps them in RequireAdmin + AdminLayout. */
export const adminRoutes: FeatureRoutes = {
  admin: [
    {
      index: true,
      handle: { title: 'Admin' },
      lazy: async () => ({ Component: (await import('./pages/AdminUsersPage')).AdminUsersPage }),
    },
    lazyPage('users', { title: 'Users' }, async () => (await import('./pages/AdminUsersPage')).AdminUsersPage),
    // users/:userId shows the affiliates feature's commissions: app/composed-routes.tsx mounts it.
    // reverse-splits: features/splits/routes.tsx (admin group)
    // brokers, brokers/add, brokers/view/:brokerId: features/brokers/routes.tsx (admin group)
    // faqs, faqs/add, faqs/view/:faqId: features/faqs/routes.tsx (admin group)
    lazyPage('feedback', { title: 'Feedback' }, async () => (await import('./pages/AdminFeedbackPage')).AdminFeedbackPage),
    lazyPage('audit', { title: 'Audit log' }, async () => (await import('./pages/AdminAuditPage')).AdminAuditPage),
    // comms: features/comms/routes.tsx
  ],
};
