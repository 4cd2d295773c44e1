import { lazyPage, type FeatureRoutes } from '../../lib/feature-routes';

/** Feedback sent from the Feedback button (app/layout), read by admins at /admin/feedback. */
export const feedbackRoutes: FeatureRoutes = {
  admin: [lazyPage('feedback', { title: 'Feedback' }, async () => (await import('./pages/AdminFeedbackPage')).AdminFeedbackPage)],
};
