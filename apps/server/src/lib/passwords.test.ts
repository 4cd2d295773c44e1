import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../env';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

const dir = mkdtempSync(path.join(tmpdir(), 'pw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('password hashing cost', () => {
  it('a server configured from the environment hashes with argon2id m=19 MiB, t=2, p=1, whatever the environment says', async () => {
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', PASSWORD_COST: 'test', passwordCost: 'test' });
    expect(config.passwordCost).toBe('standard');
    expect(await hashPassword('correct horse', config.passwordCost)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('test apps hash cheaply, and a cheap hash still verifies only its own password', async () => {
    const h = await hashPassword('correct horse', testConfig().passwordCost);
    expect(h).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong horse')).toBe(false);
    expect(await verifyAgainstDummy('anything', 'test')).toBe(false);
  });
});
