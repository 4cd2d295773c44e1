import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv, trustProxyOption } from './env';

describe('environment', () => {
  it('has working defaults for a fresh clone', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: '.data', SEED_DEMO: true, RUN_WORKER: true, LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: '8080' }, { PORT: 8080 }],
    [{ SEED_DEMO: 'false' }, { SEED_DEMO: false }],
    [{ SEED_DEMO: '0' }, { SEED_DEMO: false }],
    [{ DATABASE_URL: 'postgres://u@h:5432/db' }, { DATABASE_URL: 'postgres://u@h:5432/db' }],
    [{ DATABASE_URL: '' }, { DATABASE_URL: undefined }],
    [{ SMTP_URL: 'smtps://u:p@mail:465' }, { SMTP_URL: 'smtps://u:p@mail:465' }],
  ])('parses %o', (input, expected) => {
    expect(parseEnv(input)).toMatchObject(expected);
  });

  it('lists every problem at once', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', ADMIN_PASSWORD: 'short', TOKEN_PEPPER: 'tiny' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'ADMIN_PASSWORD', 'TOKEN_PEPPER']) expect(problems).toContain(key);
    }
  });

  it('generates the token pepper once and keeps it in the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roundup-env-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.tokenPepper).toHaveLength(43);
    expect(b.tokenPepper).toBe(a.tokenPepper);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).tokenPepper).toBe(a.tokenPepper);
    expect(loadConfig({ DATA_DIR: dir, TOKEN_PEPPER: 'x'.repeat(40) }).tokenPepper).toBe('x'.repeat(40));
  });

  it('VAPID keys: both or neither, of the right shape; else a pair generated once into the data directory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'roundup-env-'));
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.vapid.generated).toBe(true);
    expect(Buffer.from(a.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a.vapid.privateKey, 'base64url')).toHaveLength(32);
    const b = loadConfig({ DATA_DIR: dir });
    expect([b.vapid.publicKey, b.vapid.privateKey, b.tokenPepper]).toEqual([
      a.vapid.publicKey,
      a.vapid.privateKey,
      a.tokenPepper,
    ]);
    expect(a.vapid.subject).toBe('mailto:support@localhost');
    const set = {
      VAPID_PUBLIC_KEY: a.vapid.publicKey,
      VAPID_PRIVATE_KEY: a.vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@roundup.example',
    };
    const fromEnv = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundup-env-')), ...set });
    expect(fromEnv.vapid).toEqual({
      publicKey: a.vapid.publicKey,
      privateKey: a.vapid.privateKey,
      subject: 'mailto:ops@roundup.example',
      generated: false,
    });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: a.vapid.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY/,
    );
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: a.vapid.privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be set/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.vapid.privateKey })).toThrow(/uncompressed P-256/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/mailto: address or an https: URL/);
  });

  it('derives APP_URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundup-env-')), PORT: '4000' }).appUrl).toBe(
      'http://localhost:4000',
    );
    expect(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundup-env-')), APP_URL: 'https://roundup.example/' }).appUrl,
    ).toBe('https://roundup.example');
  });

  it.each([
    [{}, false],
    [{ TRUST_PROXY: '' }, false],
    [{ TRUST_PROXY: 'false' }, false],
    [{ TRUST_PROXY: '0' }, false],
    [{ TRUST_PROXY: '1' }, 1],
    [{ TRUST_PROXY: ' 2 ' }, 2],
    [{ TRUST_PROXY: '10.0.0.1' }, ['10.0.0.1']],
    [{ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }, ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']],
  ])('TRUST_PROXY %o is %j', (input, expected) => {
    expect(parseEnv(input).TRUST_PROXY).toEqual(expected);
  });

  it.each(['true', 'yes', '11', '-1', '1.5', '10.0.0.0/33', 'proxy.local', '10.0.0.1,', '10.0.0.1/8/9'])(
    'refuses TRUST_PROXY=%s with an explanation',
    (value) => {
      if (value === '10.0.0.1,') {
        // A trailing comma is harmless: the list is the one address.
        expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(['10.0.0.1']);
        return;
      }
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be off \(false\), the number of proxies/);
    },
  );

  it('turns a hop count into "trust the n nearest hops"', () => {
    const fn = trustProxyOption(1) as (addr: string, hop: number) => boolean;
    expect([fn('10.0.0.1', 0), fn('203.0.113.7', 1)]).toEqual([true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
