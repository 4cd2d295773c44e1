import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okEnvelope, publicUser } from '@roundup/shared';
import { ResponseMismatchError, responseSerializerCompiler, stripToSchema } from './serializer';

const user = {
  _id: 'u1',
  id: 'u1',
  username: 'ann',
  email: 'ann@example.com',
  phone: null,
  phone_validated: false,
  email_validated: true,
  role: 'Pro',
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  subscriptionTier: 'Pro',
  referrer: null,
  createdDate: '2026-01-01T00:00:00.000Z',
  last_login_date: null,
  memberSince: null,
  notifications: {
    rsa: true,
    upcomingRsa: true,
    buyReminderRsa: true,
    sellRsa: true,
    generalRsa: true,
    newsletter: true,
    rsaWhatsapp: false,
    rsaSMS: false,
    rsaEmail: true,
    buyReminderOpen: true,
    buyReminderClose: false,
    reconcileDigest: false,
    verdicts: true,
  },
  timeZone: 'America/Chicago',
};
const schema = okEnvelope(z.object({ user: publicUser }));
const route = { schema, method: 'GET', url: '/api/users/self', httpStatus: '200' };

function compile(strict: boolean) {
  const seen: unknown[] = [];
  const serialize = (
    responseSerializerCompiler({ strict, onMismatch: (m) => seen.push(m) }) as (r: unknown) => (d: unknown) => string
  )(route);
  return { serialize, seen };
}

describe('response serializer (decision 018)', () => {
  it('drops what the schema does not name, at any depth', () => {
    const { serialize, seen } = compile(false);
    const out = JSON.parse(serialize({ data: { user: { ...user, passwordHash: 'argon2id$…' }, session: 'x' }, errors: [] }));
    expect(out.data.user).toEqual(user);
    expect(out.data.session).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('strict: a field the schema does not name is a mismatch too (it would vanish silently)', () => {
    const { serialize, seen } = compile(true);
    expect(() => serialize({ data: { user: { ...user, resendSeconds: 60 } }, errors: [] })).toThrow(ResponseMismatchError);
    expect(seen).toEqual([
      expect.objectContaining({ issues: [{ path: 'data.user.resendSeconds', message: 'not in the documented schema' }] }),
    ]);
    expect(JSON.parse(serialize({ data: { user }, errors: [] })).data.user).toEqual(user);
  });

  it('strict (tests, development): an answer that breaks its schema is an error naming the route and the field', () => {
    const { serialize, seen } = compile(true);
    expect(() => serialize({ data: { user: { ...user, email_validated: 'yes' } }, errors: [] })).toThrow(ResponseMismatchError);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/api/users/self',
        status: '200',
        issues: [expect.objectContaining({ path: 'data.user.email_validated' })],
      },
    ]);
  });

  it('production: the mismatch is reported and the answer sent, still without undeclared fields', () => {
    const { serialize, seen } = compile(false);
    const out = JSON.parse(serialize({ data: { user: { ...user, email_validated: 'yes', passwordHash: 'h' } }, errors: [] }));
    expect(out.data.user.email_validated).toBe('yes');
    expect(out.data.user.passwordHash).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it('stripToSchema follows arrays, records, nullables and unions', () => {
    const s = z.object({
      list: z.array(z.object({ a: z.number() })),
      byKey: z.record(z.string(), z.object({ b: z.string() })),
      maybe: z.object({ c: z.boolean() }).nullable(),
      either: z.union([z.object({ kind: z.literal('x'), x: z.number() }), z.object({ kind: z.literal('y'), y: z.number() })]),
    });
    expect(
      stripToSchema(s, {
        list: [{ a: 1, secret: 1 }],
        byKey: { k: { b: 'v', secret: 1 } },
        maybe: null,
        either: { kind: 'y', y: 2, secret: 1 },
        secret: 1,
      }),
    ).toEqual({ list: [{ a: 1 }], byKey: { k: { b: 'v' } }, maybe: null, either: { kind: 'y', y: 2 } });
  });

  it('leaves non-zod entries (documentation-only, e.g. a 304) to JSON.stringify', () => {
    const serialize = (
      responseSerializerCompiler({ strict: true, onMismatch: () => undefined }) as (r: unknown) => (d: unknown) => string
    )({ schema: { type: 'null' }, method: 'GET', url: '/x' });
    expect(serialize({ a: 1 })).toBe('{"a":1}');
  });
});
