import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { checkVapidPair, loadOrCreateVapid, newVapidPair, vapidSubject, type VapidKeys } from './vapid';
import type { PasswordCost } from './lib/passwords';
import { DEFAULT_DEADLINES } from './db/bounded-pool';

export type { VapidKeys } from './vapid';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1' || v === 'yes'));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const optionalUrl = (protocols: RegExp, what: string) =>
  optionalString.refine((v) => v === undefined || protocols.test(v), { message: `must be a ${what} URL` });

const TRUST_PROXY_HELP =
  'must be off (false), the number of proxies in front of the app (e.g. 1 behind one load balancer), or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1); "true" would trust any client-supplied X-Forwarded-For';

/** One IPv4/IPv6 address, optionally with a /prefix. */
export function isAddressOrCidr(v: string): boolean {
  const [addr, prefix, extra] = v.split('/');
  const kind = isIP(addr);
  if (!kind || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default. A hop count or a list of proxy addresses (Fastify's trustProxy
 * takes both); `true` is refused because it trusts whatever X-Forwarded-For a client sends.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim();
    if (v === '' || /^(false|0|no|off)$/i.test(v)) return false;
    if (/^\d+$/.test(v)) {
      const n = Number(v);
      if (n >= 1 && n <= 10) return n;
    } else {
      const list = v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  });

/**
 * Fastify's trustProxy for the parsed TRUST_PROXY. A hop count becomes "trust the n nearest hops"
 * (Fastify alone treats a bare number as trusting nothing); a list is compiled by proxy-addr.
 */
export function trustProxyOption(v: false | number | string[]): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'number') return (_addr: string, hop: number) => hop < v;
  return v;
}

/** Every environment variable the server reads (README "Configuration" lists them all). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://'),
  DATA_DIR: z.string().default('.data'),
  TOKEN_PEPPER: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SEED_DEMO: bool(true),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: 'must be at least 8 characters',
  }),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().default('RoundUp <no-reply@roundup.local>'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(100_000),
  RUN_WORKER: bool(true),
  /** Prometheus metrics on their own port (not exposed publicly); 0 or unset = off (decision 017). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Or: GET /api/metrics with `Authorization: Bearer <METRICS_TOKEN>` (at least 16 characters). */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  /** Readiness fails while the oldest due notification has waited longer than this. */
  READY_MAX_QUEUE_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Alerts for a new or changed split wait this long, so a delete, edit or Undo can still stop them (0 = at once). */
  ALERT_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Request deadlines and pool sizes on PostgreSQL (docs/operations.md, "Timeouts and pools", gives each reason). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_DEADLINES.poolSize),
  DB_ROUTE_CONNECTIONS: z.coerce.number().int().min(1).max(200).default(DEFAULT_DEADLINES.routeConnections),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_DEADLINES.acquireTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DEADLINES.statementTimeoutMs),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(DEFAULT_DEADLINES.lockTimeoutMs),
  WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WORKER_BATCH: z.coerce.number().int().min(1).max(10_000).optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).optional(),
  WORKER_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  WORKER_DRAIN: bool(false),
  /** How long a resolved session may be reused in one process (0 = never); see docs/decisions/007. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_PRICE_LIFETIME: optionalString,
  /** Points the Stripe SDK at another API host (tests use a local server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl(/^https?:\/\//, 'http(s)'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_WHATSAPP_FROM: optionalString,
  DISCORD_WEBHOOK_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
  SMS_ALLOWED_COUNTRIES: z.string().default('US,CA'),
  GA_MEASUREMENT_ID: optionalString,
  /** Where members write to us (footer, FAQ, policies); else ADMIN_EMAIL, else support@ the APP_URL host. */
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  /** The members' Discord server invite, shown to paid members; while unset, Discord is not offered. */
  DISCORD_INVITE_URL: optionalUrl(/^https:\/\//, 'https'),
  /** The admins' own Discord channel (new round-up proposals from the discovery). */
  DISCORD_ADMIN_WEBHOOK_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
  /**
   * Split discovery from SEC EDGAR (docs/discovery.md). SEC fair access asks for a declared
   * User-Agent naming the product and a contact address; discovery stays off while it is unset.
   */
  SEC_USER_AGENT: optionalString.refine((v) => v === undefined || /^\S.*\s\S+@\S+\.\S+$/.test(v), {
    message: 'must name the product and a contact email, e.g. "RoundUp ops@example.com"',
  }),
  EDGAR_SEARCH_URL: z.url({ protocol: /^https?$/ }).default('https://efts.sec.gov/LATEST/search-index'),
  EDGAR_ARCHIVES_URL: z.url({ protocol: /^https?$/ }).default('https://www.sec.gov'),
  /** Requests per second to SEC for all processes together (SEC allows 10). */
  EDGAR_MAX_RPS: z.coerce.number().int().min(1).max(10).default(10),
  /** Minutes between polls, inside EDGAR_POLL_WINDOW (New York time). */
  EDGAR_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  EDGAR_POLL_WINDOW: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, 'must be HH:MM-HH:MM (New York time), e.g. 06:00-22:00')
    .default('06:00-22:00'),
  /** A document larger than this is not read (the filing is skipped, with the reason). */
  EDGAR_MAX_BYTES: z.coerce.number().int().min(100_000).max(200_000_000).default(20_000_000),
  /** How far back the first search looks (days of file dates). */
  EDGAR_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  /**
   * Second sources that confirm each upcoming split (decision 022; docs/discovery.md). Each is off
   * while its URL is unset; `{date}` in a URL becomes the New York day as YYYYMMDD.
   * Nasdaq Trader's Daily List (reverse splits two business days ahead, with the new CUSIP).
   */
  NASDAQ_DAILY_LIST_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
  /** FINRA's OTC Daily List (OTC issuers). */
  FINRA_OTC_DAILY_LIST_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
  /** Minutes between confirmation polls (every day, at any hour: the lists change through the evening). */
  CONFIRM_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * Web push (decision 026): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints
   * them), both or neither; unset, a pair is generated once into DATA_DIR/secrets.json.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services contact about our messages (mailto: or https:); else mailto:SUPPORT_EMAIL / ADMIN_EMAIL / APP_URL. */
  VAPID_SUBJECT: optionalString.refine((v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), {
    message: 'must be a mailto: address or an https: URL',
  }),
  /**
   * The push services a browser subscription may point at (hostnames; `*.` allows subdomains). A
   * subscription elsewhere is refused, so the server never posts to an address a member made up.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  appUrl: string;
  tokenPepper: string;
  dataDir: string;
  vapid: VapidKeys;
  /** `test` only from testConfig(): no environment variable sets it (lib/passwords.ts). */
  passwordCost: PasswordCost;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every problem at once. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const vapidProblems = checkVapidPair(result.data.VAPID_PUBLIC_KEY, result.data.VAPID_PRIVATE_KEY);
  if (vapidProblems.length > 0) throw new ConfigError(vapidProblems);
  return result.data;
}

/**
 * Secrets that embedded mode needs are generated once and kept in the data
 * directory, so a restart keeps sessions valid.
 */
export function loadOrCreateSecrets(dataDir: string): { tokenPepper: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { tokenPepper?: string };
    if (parsed.tokenPepper && parsed.tokenPepper.length >= 32) return { tokenPepper: parsed.tokenPepper };
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = { tokenPepper: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const tokenPepper = env.TOKEN_PEPPER ?? loadOrCreateSecrets(dataDir).tokenPepper;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const pair =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : loadOrCreateVapid(dataDir);
  return {
    ...env,
    dataDir,
    tokenPepper,
    appUrl,
    passwordCost: 'standard',
    vapid: { ...pair, subject: vapidSubject(env, appUrl), generated: !env.VAPID_PUBLIC_KEY },
  };
}

/** A complete config for tests and scripts, with no files touched. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return {
    ...env,
    dataDir: 'memory://',
    tokenPepper: 'test-pepper-test-pepper-test-pepper-0123',
    appUrl: 'http://localhost:3000',
    passwordCost: 'test',
    vapid: { ...newVapidPair(), subject: 'mailto:ops@roundup.test', generated: true },
    // Tests change roles behind the app's back (SQL); they opt in to the session cache explicitly.
    SESSION_CACHE_MS: 0,
    // Tests expect a split's alerts at once; the grace period's own tests set it.
    ALERT_GRACE_SECONDS: 0,
    ...overrides,
  };
}
