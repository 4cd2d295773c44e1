import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PRO, STARTER, signInAs } from './fixtures';

/**
 * A signed-in page loaded 52 JavaScript files, and asked for its data only once all of them had arrived and run.
 * Its data is now asked for by the shell's early script (apps/web/src/early-data.js) while the code downloads,
 * and taken by the app without asking again.
 */
const PAGES: [string, RegExp, string[]][] = [
  ['/reverse-splits', /Reverse Splits/i, ['/api/rs', '/api/trades/progress', '/api/accounts/groups']],
  ['/settings/analytics', /Settings/i, ['/api/analytics/mine']],
  ['/settings/accounts', /Settings/i, ['/api/accounts/mine']],
  ['/settings/import', /Settings/i, ['/api/accounts/mine']],
  ['/brokers', /brokerage accounts/i, ['/api/brokers']],
];
const ADMIN_PAGES: typeof PAGES = [['/admin/reverse-splits', /Reverse Splits/i, ['/api/rs']]];

/** A member's later visit: the app has run once with the session and kept the role beside it. */
async function returning(page: Page, role: string) {
  await page.goto('/settings');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('roundup.role'))).toBe(role);
}

async function asksEarly(page: Page, pages: typeof PAGES) {
  for (const [path, heading, data] of pages) {
    const asked: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    page.on('request', onRequest);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);

    // The libraries are three files (react, zod, the rest) that download side by side (decision 046).
    const scripts = asked.filter((a) => a.endsWith('.js'));
    expect(scripts.length, `${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(18);
    // The app's first act is to count the page view: the page's data was asked for before it, and so was every
    // script and style sheet the page runs (its own chunks come with the shell, not once the router has run: the
    // router waits for a lazy page's style sheets before it draws the page).
    const appStarted = asked.indexOf('POST /api/pageviews');
    expect(appStarted, `${path}: ${asked.join(', ')}`).toBeGreaterThan(0);
    const lateCode = asked.slice(appStarted).filter((a) => /\.(js|css)$/.test(a));
    expect(lateCode, `${path}: code asked for after the app ran`).toEqual([]);
    for (const url of ['/api/auth/me', '/api/site', '/api/config', ...data]) {
      const at = asked.indexOf(`GET ${url}`);
      expect(
        asked.filter((a) => a === `GET ${url}`),
        `${path} asked ${url} once: ${asked.join(', ')}`,
      ).toHaveLength(1);
      expect(at, `${path}: ${url} before the app ran: ${asked.join(', ')}`).toBeLessThan(appStarted);
    }
  }
}

test('a signed-in page asks for its data while its code downloads, once, in a handful of files', async ({ page, request }) => {
  await signInAs(page, request, PRO);
  await returning(page, 'Pro');
  await asksEarly(page, PAGES);
});

test("an admin's split list is asked for while its code downloads", async ({ page, request }) => {
  await signInAs(page, request, ADMIN);
  await returning(page, 'Admin');
  await asksEarly(page, ADMIN_PAGES);
});

test("a Starter's Reverse Splits page asks for no trade progress: it would be refused", async ({ page, request }) => {
  await signInAs(page, request, STARTER);
  await returning(page, 'User');
  const asked: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(new URL(r.url()).pathname);
  });
  // The page's live stream keeps the network busy: its pipeline request, made once the app runs, marks the load.
  const pipeline = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/rs/pipeline');
  await page.goto('/reverse-splits');
  await expect(page.getByRole('heading', { level: 1, name: /Reverse Splits/i })).toBeVisible();
  await pipeline;
  expect(asked).toContain('/api/rs');
  expect(asked).not.toContain('/api/trades/progress');
  expect(refused).toEqual([]);
});
