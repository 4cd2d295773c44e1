import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/factories';
import { call, createTestApp, type TestApp } from '../../../test/helpers';

/** GET /api/site: the settings the pages show, from the configuration. */
describe('GET /api/site', () => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ config: { APP_URL: 'https://roundup.example', appUrl: 'https://roundup.example' } });
    configured = await createTestApp({
      config: { SUPPORT_EMAIL: 'help@roundup.example', DISCORD_INVITE_URL: 'https://discord.gg/roundup' },
    });
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
  });

  it('without settings: support at the site’s host, no Discord, the local checkout’s prices', async () => {
    const res = await call(plain.app, 'GET', '/api/site');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      supportEmail: 'support@roundup.example',
      discord: false,
      discordInviteUrl: null,
      prices: {
        pro: { amount: 5000, currency: 'usd', interval: 'month' },
        lifetime: { amount: 49900, currency: 'usd', interval: null },
      },
    });
  });

  it('with settings: the support address; Discord offered to all, its invite only to paid members', async () => {
    const anon = await call(configured.app, 'GET', '/api/site');
    expect(anon.body.data).toMatchObject({ supportEmail: 'help@roundup.example', discord: true, discordInviteUrl: null });
    const starter = await member(configured.app, 'User');
    expect((await call(configured.app, 'GET', '/api/site', { token: starter.token })).body.data.discordInviteUrl).toBeNull();
    const pro = await member(configured.app, 'Pro');
    const paid = await call(configured.app, 'GET', '/api/site', { token: pro.token });
    expect(paid.body.data.discordInviteUrl).toBe('https://discord.gg/roundup');
    expect(paid.headers['cache-control']).toBe('private, no-store');
  });
});
