import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequest,
  registerRequest,
  requestPasswordResetRequest,
  resetPasswordRequest,
  validateEmailRequest,
} from '@roundup/shared';
import { requireUser } from '../../http/auth';
import type { AuthService } from './service';
import { limit } from '../../http/rate-limit';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const meta = (req: { headers: Record<string, unknown> }) => ({ userAgent: (req.headers['user-agent'] as string) ?? null });

  app.post(
    '/api/auth/register',
    { schema: { tags: ['auth'], body: registerRequest }, config: limit(20, '1 hour') },
    async (req) => auth.register(req.body, meta(req)),
  );

  app.post('/api/auth/login', { schema: { tags: ['auth'], body: loginRequest }, config: limit(30, '15 minutes') }, async (req) =>
    auth.login(req.body, meta(req)),
  );

  // Read fresh: the principal may come from the short-lived session cache.
  app.get('/api/auth/me', { schema: { tags: ['auth'] } }, async (req) => ({ user: await auth.currentUser(requireUser(req)) }));

  app.post('/api/auth/logout', { schema: { tags: ['auth'] } }, async (req) => {
    await auth.logout(requireUser(req));
    return { ok: true };
  });

  app.post(
    '/api/users/validate-email',
    { schema: { tags: ['auth'], body: validateEmailRequest }, config: limit(30, '15 minutes') },
    async (req) => auth.validateEmail(req.body.email_validation_code, meta(req)),
  );

  app.post('/api/users/resend-verification', { schema: { tags: ['auth'] }, config: limit(5, '1 hour') }, async (req) => {
    return auth.resendVerification(requireUser(req));
  });

  app.post(
    '/api/users/request-password-reset',
    { schema: { tags: ['auth'], body: requestPasswordResetRequest }, config: limit(10, '15 minutes') },
    async (req) => auth.requestPasswordReset(req.body.email),
  );

  app.post(
    '/api/users/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordRequest }, config: limit(20, '15 minutes') },
    async (req) => auth.resetPassword(req.body.password_reset_code, req.body.password),
  );
};
