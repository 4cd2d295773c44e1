import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PROCESS_TEST_TIMEOUT, registerUser, setRole, type TestApp } from './helpers';

/**
 * Every registered route (collected by the app's onRoute hook) gets bodies, query strings and path
 * parameters of the wrong type, huge numbers, control characters, NUL, oversized strings and
 * arrays where objects belong, as an anonymous visitor and as a signed-in admin. No answer may be
 * a 500, and every JSON answer must be a well-formed envelope. Seeded, so a failure replays.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES_PER_ROUTE = 4;
/** Also, per route: every known field (and nested field) set to one hostile value at once. */
const TARGETED: unknown[] = [
  'Main x\u0000y',
  '\u0001\u001b[2J\u007f\u2028 name',
  '\ud800 lone',
  'y'.repeat(4_000),
  1e308,
  -2147483649,
  ['a'],
  { nested: true },
];

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = mulberry32(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

function randomText(): string {
  const len = Math.floor(rnd() * 40);
  let s = '';
  for (let i = 0; i < len; i++) {
    const r = rnd();
    s +=
      r < 0.1
        ? String.fromCharCode(Math.floor(rnd() * 32))
        : r < 0.2
          ? String.fromCharCode(0x80 + Math.floor(rnd() * 0x7f80))
          : String.fromCharCode(32 + Math.floor(rnd() * 95));
  }
  return s;
}

const ATOMS: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2147483648,
  1e20,
  '99999999999999999999',
  '-0',
  'NaN',
  'Infinity',
  '1e309',
  true,
  false,
  null,
  '',
  ' ',
  'x\u0000y',
  '\u0000',
  '\u0001\u0002\u001b[31m\u007f\u0085',
  '\r\nX-Injected: 1\r\n',
  '\u2028\u2029\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀🧨👩‍👩‍👧',
  'x'.repeat(5_000),
  'é'.repeat(20_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '../../etc/passwd',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T99:99:99Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  [],
  [1, 'a', null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
];

function fuzzValue(depth = 0): unknown {
  const r = rnd();
  if (r < 0.6 || depth > 2) return pick(ATOMS);
  if (r < 0.7) return randomText();
  if (r < 0.85) return Array.from({ length: Math.floor(rnd() * 4) }, () => fuzzValue(depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(rnd() * 4) }, () => [
      pick(['id', '_id', 'name', 'email', 'x', randomText()]),
      fuzzValue(depth + 1),
    ]),
  );
}

interface OpenApiOp {
  parameters?: { in: string; name: string }[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { properties?: Record<string, unknown> }> } }>;
  };
}

/** Field names a route knows (from its OpenAPI schema), so the fuzz reaches past "field is required". */
function knownFields(doc: { paths?: Record<string, Record<string, OpenApiOp>> }, method: string, url: string) {
  const op = doc.paths?.[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const props = op?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const body: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(props)) body[k] = Object.keys(v?.properties ?? {});
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { body, query };
}

function targetedBody(fields: Record<string, string[]>, value: unknown): unknown {
  return Object.fromEntries(
    Object.entries(fields).map(([k, nested]) => [k, nested.length ? Object.fromEntries(nested.map((n) => [n, value])) : value]),
  );
}

function fuzzBody(fields: Record<string, string[]>): unknown {
  const r = rnd();
  if (r < 0.1) return pick([[], [{}], 'a string', 12, null, true]);
  const keys = Object.keys(fields);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (rnd() < 0.2) continue;
    const nested = fields[k];
    out[k] = nested.length && rnd() < 0.6 ? Object.fromEntries(nested.map((n) => [n, fuzzValue()])) : fuzzValue();
  }
  if (rnd() < 0.3) out[randomText() || 'extra'] = fuzzValue();
  return out;
}

function fuzzSegment(): string {
  const v = pick(ATOMS.filter((a) => typeof a === 'string' || typeof a === 'number') as (string | number)[]);
  let enc: string;
  try {
    enc = encodeURIComponent(String(v));
  } catch {
    enc = '%ED%A0%80'; // a lone surrogate, as invalid UTF-8
  }
  return enc.slice(0, 6000) || '%20';
}

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_SCALE: 1000 } });
  const admin = await registerUser(t.app);
  await setRole(t.database, admin.user.id, 'Admin');
  adminToken = admin.token;
});
afterAll(async () => t?.close());

describe('fuzzing every route', () => {
  it(
    'never answers 500, and every JSON answer is a well-formed envelope',
    async () => {
      const doc = (t.app as unknown as { swagger(): Parameters<typeof knownFields>[0] }).swagger();
      const routes = t.app.routeList.filter(
        (r) =>
          ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
          r.url.startsWith('/api') &&
          !r.url.startsWith('/api/docs') &&
          r.url !== '/api/openapi.json',
      );
      expect(routes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      let n = 0;
      for (const route of routes) {
        const fields = knownFields(doc, route.method, route.url);
        for (const who of ['anonymous', 'admin'] as const) {
          // The stream holds its socket open for a signed-in caller; sign-out would end the admin's session.
          if (who === 'admin' && (route.url === '/api/events' || route.url === '/api/auth/logout')) continue;
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const targeted = hasBody && Object.keys(fields.body).length ? TARGETED : [];
          for (let c = 0; c < CASES_PER_ROUTE + targeted.length; c++) {
            const url = route.url.replace(/:(\w+)/g, () => fuzzSegment());
            const params = new URLSearchParams();
            for (const q of [...fields.query, ...(rnd() < 0.3 ? ['x'] : [])]) {
              const v = fuzzValue();
              params.append(q, typeof v === 'string' ? v : JSON.stringify(v));
            }
            const qs = params.toString();
            const body = !hasBody
              ? undefined
              : c < CASES_PER_ROUTE
                ? fuzzBody(fields.body)
                : targetedBody(fields.body, targeted[c - CASES_PER_ROUTE]);
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: qs ? `${url}?${qs}` : url,
              headers: {
                ...(who === 'admin' ? { authorization: `Bearer ${adminToken}` } : {}),
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              payload: hasBody ? JSON.stringify(body) : undefined,
              remoteAddress: `10.${n % 250}.${(n >> 8) % 250}.${(n * 7) % 250}`,
            });
            n += 1;
            const what = `${who} ${route.method} ${route.url} (case ${c}, seed ${SEED}) → ${res.statusCode}`;
            if (res.statusCode >= 500) {
              failures.push(`${what}: ${res.body.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300)}`);
              continue;
            }
            if (/application\/json/.test(String(res.headers['content-type'] ?? ''))) {
              let env: { data?: unknown; errors?: { msg?: unknown }[] };
              try {
                env = res.json();
              } catch {
                failures.push(`${what}: JSON answer does not parse`);
                continue;
              }
              const ok =
                typeof env === 'object' &&
                env !== null &&
                'data' in env &&
                Array.isArray(env.errors) &&
                env.errors.every((e) => typeof e?.msg === 'string' && e.msg.length > 0) &&
                (res.statusCode < 400 ? env.errors.length === 0 : env.data === null && env.errors.length > 0);
              if (!ok) failures.push(`${what}: not an envelope: ${res.body.slice(0, 200)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // The admin stayed signed in throughout, so the authenticated half really ran as an admin.
      expect((await call(t.app, 'GET', '/api/auth/me', { token: adminToken })).body.data.user.role).toBe('Admin');
    },
    PROCESS_TEST_TIMEOUT,
  );
});
