import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  meResponse,
  messageResponse,
  okResponse,
  loginRequest,
  resendVerificationResponse,
  registerRequest,
  requestPasswordResetRequest,
  resetPasswordRequest,
  validateEmailRequest,
} from '@roundup/shared';
import { requireUser } from '../../http/auth';
import { answers } from '../../http/openapi';
import type { AuthService } from './service';
import { limit } from '../../http/rate-limit';

type App = Parameters<FastifyPluginAsyncZod>[0];

const meta = (req: { headers: Record<string, unknown> }) => ({ userAgent: (req.headers['user-agent'] as string) ?? null });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  sessionRoutes(app, auth);
  emailRoutes(app, auth);
};

/** Register, sign in, who am I, sign out. */
function sessionRoutes(app: App, auth: AuthService) {
  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; the answer signs you in (a session token)',
        security: [],
        body: registerRequest.meta({
          examples: [{ username: 'newmember', email: 'newmember@example.com', password: 'correct horse battery', consent: true }],
        }),
        response: answers(authResponse, { description: 'The new member and a session token' }),
      },
      config: limit(20, '1 hour'),
    },
    async (req) => auth.register(req.body, meta(req)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; the answer holds a session token',
        security: [],
        body: loginRequest.meta({ examples: [{ email: 'pro@roundup.local', password: 'pro-demo-pass' }] }),
        response: answers(authResponse, { description: 'The member and a session token for `Authorization: Bearer`' }),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => auth.login(req.body, meta(req)),
  );

  // Read fresh: the principal may come from the short-lived session cache.
  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in member', response: answers(meResponse) } },
    async (req) => ({ user: await auth.currentUser(requireUser(req)) }),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: answers(okResponse) } },
    async (req) => {
      await auth.logout(requireUser(req));
      return { ok: true as const };
    },
  );
}

/** What the emailed links and codes do: verify the address, reset the password. */
function emailRoutes(app: App, auth: AuthService) {
  app.post(
    '/api/users/validate-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open an email verification link: verifies the address and signs in',
        security: [],
        body: validateEmailRequest,
        response: answers(authResponse),
      },
      config: limit(30, '15 minutes'),
    },
    async (req) => auth.validateEmail(req.body.email_validation_code, meta(req)),
  );

  app.post(
    '/api/users/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the verification email again (one a minute; 429 with Retry-After before that)',
        response: answers(resendVerificationResponse),
      },
      config: limit(5, '1 hour'),
    },
    async (req) => auth.resendVerification(requireUser(req)),
  );

  app.post(
    '/api/users/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (the same answer whether or not the address has an account)',
        security: [],
        body: requestPasswordResetRequest.meta({ examples: [{ email: 'pro@roundup.local' }] }),
        response: answers(messageResponse),
      },
      config: limit(10, '15 minutes'),
    },
    async (req) => auth.requestPasswordReset(req.body.email),
  );

  app.post(
    '/api/users/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the code from the reset email',
        security: [],
        body: resetPasswordRequest,
        response: answers(messageResponse),
      },
      config: limit(20, '15 minutes'),
    },
    async (req) => auth.resetPassword(req.body.password_reset_code, req.body.password),
  );
}
