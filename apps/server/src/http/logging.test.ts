import { describe, expect, it } from 'vitest';
import { redactUrl, safeLoggerOptions, serializeError } from './logging';

describe('redactUrl', () => {
  it.each([
    ['/verify-email/abcDEF123_-xyz', '/verify-email/[redacted]'],
    ['/reset-password/abcDEF123_-xyz?x=1', '/reset-password/[redacted]?x=1'],
    ['/api/rs/ical/0b3f6d2e-1111-4222-8333-944445555666.secretsecret.ics', '/api/rs/ical/[redacted]'],
    ['/api/rs/ical/reset', '/api/rs/ical/reset'],
    ['/api/rs/ical', '/api/rs/ical'],
    ['/api/notifications/unsubscribe?token=abc.def', '/api/notifications/unsubscribe?token=[redacted]'],
    ['/unsubscribe/abc.def', '/unsubscribe/[redacted]'],
    ['/api/notifications/unsubscribe/abc.def', '/api/notifications/unsubscribe/[redacted]'],
    ['/api/events?ticket=sse.sig', '/api/events?ticket=[redacted]'],
    ['/api/rs/past?limit=5&Token=x&code=1', '/api/rs/past?limit=5&Token=[redacted]&code=[redacted]'],
    ['/api/rs/past?limit=5', '/api/rs/past?limit=5'],
    ['/api/admin/users?q=bob', '/api/admin/users?q=bob'],
  ])('%s → %s', (url, safe) => {
    expect(redactUrl(url)).toBe(safe);
  });
});

describe('serializeError', () => {
  it('drops the parameters a failed query carries (they hold row values, e.g. a password hash)', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_uq"'), {
      code: '23505',
    });
    const err = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,$argon2id$v=19$m=19456$secret',
      { cause },
    );
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('argon2id');
    expect(out).not.toContain('a@example.com');
    expect(out).toContain('Failed query: insert into');
    expect(out).toContain('23505');
  });
});

describe('what an operator reads of a failed request', () => {
  it('keeps SQLSTATE and errno values (an outage is told from a bug) and still hides an email code', async () => {
    const { default: Fastify } = await import('fastify');
    const lines: string[] = [];
    const app = Fastify({
      logger: safeLoggerOptions({ level: 'info', stream: { write: (l: string) => lines.push(l) } }, 'info') as never,
    });
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    app.log.warn({ err: new Error('Failed query: update trades', { cause: lost }) }, 'database unavailable');
    app.log.warn({ err: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 }) }, 'refused');
    app.log.info({ code: '483920' }, 'an email code logged by mistake');
    await app.close();
    const [first, second, third] = lines.map((l) => JSON.parse(l));
    expect(first.err.cause.code).toBe('57P01');
    expect(second.err).toMatchObject({ code: 'ECONNREFUSED', errno: -111 });
    expect(third.code).toBe('[redacted]');
  });
});

describe('safeLoggerOptions', () => {
  it('keeps silence silent and adds redaction to any logger', () => {
    expect(safeLoggerOptions(false, 'info')).toBe(false);
    const opts = safeLoggerOptions({ level: 'debug' }, 'info') as { level: string; redact: { paths: string[] } };
    expect(opts.level).toBe('debug');
    expect(opts.redact.paths).toContain('req.headers.authorization');
  });
});
