import type { FeatureRoutes } from '../../lib/feature-routes';

/** Admin pages, relative to /admin; app/router.tsx wraps them in RequireAdmin + AdminLayout. */
export const adminRoutes: FeatureRoutes = {
  admin: [
    {
      index: true,
      handle: { title: 'Admin' },
      lazy: async () => ({ Component: (await import('./pages/AdminUsersPage')).AdminUsersPage }),
    },
    {
      path: 'users',
      handle: { title: 'Users' },
      lazy: async () => ({ Component: (await import('./pages/AdminUsersPage')).AdminUsersPage }),
    },
    // users/:userId shows the affiliates feature's commissions: app/composed-routes.tsx mounts it.
    // reverse-splits: features/splits/routes.tsx (admin group)
    {
      path: 'brokers',
      handle: { title: 'Brokers' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokersPage')).AdminBrokersPage }),
    },
    {
      path: 'brokers/add',
      handle: { title: 'Add broker' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage }),
    },
    {
      path: 'brokers/view/:brokerId',
      handle: { title: 'Broker' },
      lazy: async () => ({ Component: (await import('./pages/AdminBrokerEditPage')).AdminBrokerEditPage }),
    },
    {
      path: 'faqs',
      handle: { title: 'FAQs' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqsPage')).AdminFaqsPage }),
    },
    {
      path: 'faqs/add',
      handle: { title: 'Add FAQ' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage }),
    },
    {
      path: 'faqs/view/:faqId',
      handle: { title: 'FAQ' },
      lazy: async () => ({ Component: (await import('./pages/AdminFaqEditPage')).AdminFaqEditPage }),
    },
    {
      path: 'feedback',
      handle: { title: 'Feedback' },
      lazy: async () => ({ Component: (await import('./pages/AdminFeedbackPage')).AdminFeedbackPage }),
    },
    {
      path: 'audit',
      handle: { title: 'Audit log' },
      lazy: async () => ({ Component: (await import('./pages/AdminAuditPage')).AdminAuditPage }),
    },
    // comms: features/comms/routes.tsx
  ],
};
