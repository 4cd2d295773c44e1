import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './env';

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

  it('derives APP_URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundup-env-')), PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundup-env-')), APP_URL: 'https://roundup.example/' }).appUrl).toBe(
      'https://roundup.example',
    );
  });
});
