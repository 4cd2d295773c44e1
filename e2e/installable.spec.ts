import { expect, test } from '@playwright/test';
import { installabilityAudit } from '../bench/lib/installable.mts';
import { chromiumPath } from './chromium';
import { FULL, PRO, signInAs } from './fixtures';

/**
 * The installed app (decision 046): iOS sends web push only to a home-screen app with a web app manifest. The
 * manifest and its icons are served and valid, every page links them, Chromium and Lighthouse call the app
 * installable, and with the network gone a page shows the offline page, never a kept copy of member data.
 */

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

test('the manifest is served, valid and linked from every page, with PNG icons of 192 and 512 px', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('RoundUp'),
    short_name: 'RoundUp',
    start_url: '/reverse-splits',
    scope: '/',
    display: 'standalone',
    theme_color: '#0d9488',
    background_color: '#f8fafc',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width: w, height: h });
  }
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.filter((i) => i.purpose === 'maskable')).toHaveLength(1);

  // Pages rendered at build and the app's shell alike, signed out and in.
  await signInAs(page, request, PRO);
  for (const path of ['/', '/learn', '/faq', '/reverse-splits', '/settings', '/admin/reverse-splits']) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  }

  // Chromium's own reading: the manifest parses without a problem and nothing stands in the way of installing but
  // Playwright's own incognito-like profile (Lighthouse, below, runs in an ordinary one).
  await page.goto('/');
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  await expect
    .poll(async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito'),
    )
    .toEqual([]);
});

test('Lighthouse calls the app installable on /', FULL, async ({ baseURL }) => {
  const result = await installabilityAudit(`${baseURL}/`, chromiumPath()!);
  expect(result).toEqual({ installable: true, reasons: [] });
});

test('with the network gone a page shows the offline page; no API answer is ever kept', async ({ page, context, request }) => {
  const token = await signInAs(page, request, PRO);
  await page.goto('/settings/accounts');
  await expect(page.getByRole('heading', { level: 1, name: /Settings/i })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A page the worker controls from its first request (the worker claims open pages when it starts).
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  for (const path of ['/reverse-splits', '/settings/accounts']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `.tmp/screens/offline-${width}.png` });
  }
  // The member's data is not there to be shown: the API is not answered from any cache.
  const apiOffline = await page.evaluate(
    (t) =>
      fetch('/api/accounts/mine', { headers: { authorization: `Bearer ${t}` } }).then(
        () => 'answered',
        () => 'failed',
      ),
    token,
  );
  expect(apiOffline).toBe('failed');
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  // Only the offline page and its images: no page, no API answer, no code (the HTTP cache keeps the code).
  expect(kept.sort()).toEqual(['/favicon.svg', '/icons/icon-192.png', '/offline.html']);

  // Back online, the page itself again.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Settings/i })).toBeVisible();
});
