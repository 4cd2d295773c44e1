import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, fullUnless, PRO, signInAs } from './fixtures';

/**
 * The prerendered public pages load a small loader, and the app only when it is used
 * (docs/decisions/016-landing-javascript.md; The landing loads ≤ 80 KB gzip of JavaScript).
 */

const LANDING_JS_BUDGET = 80 * 1024;
/** The app's chunk (src/start.tsx): refusing it keeps a page "before the takeover" for as long as a test needs. */
const APP_CHUNK = '**/assets/start-*.js';

// These journeys hold the app's chunks back with routes; once the service worker controls a page (decision 046)
// it fetches those chunks itself, which routes do not see. The worker has its own journey (installable.spec.ts).
test.use({ serviceWorkers: 'block' });

const root = (page: Page) => page.locator('#root');
const tookOver = (page: Page) => expect(root(page)).toHaveAttribute('data-app', 'ready', { timeout: 15_000 });

/** Every script the page fetches, gzipped here (the server may send them brotli or plain). */
function countScripts(page: Page) {
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      bodies.push(res.body().then((b) => ({ url: res.url(), gzip: gzipSync(b, { level: 9 }).length })));
  });
  return async () => {
    const all = await Promise.all(bodies);
    return { files: all.map((s) => s.url.replace(/^.*\//, '')), gzip: all.reduce((n, s) => n + s.gzip, 0) };
  };
}

/** Counts POST /api/pageviews per path. */
function countPageViews(page: Page) {
  const views: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/pageviews')) views.push(r.postDataJSON()?.path);
  });
  return views;
}

test('a visitor loading / downloads at most 80 KB gzip of JavaScript, and the page is complete without the app', async ({
  page,
}) => {
  const noErrors = failOnConsoleErrors(page);
  const scripts = countScripts(page);
  const views = countPageViews(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  const { files, gzip } = await scripts();
  expect(gzip, `${files.join(', ')}: ${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  // Not the app: its chunk (react-dom and the router are most of it) is not among them.
  expect(files.some((f) => f.startsWith('start-'))).toBe(false);
  await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: /small gains lead to big wins/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start with a Free Account Today' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
  // The visit counts without the app, once.
  await expect.poll(() => views).toEqual(['/']);
  noErrors();
});

test('a link followed before the takeover navigates (a full page load) and works', async ({ page }) => {
  await page.route(APP_CHUNK, (route) => route.abort());
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).click();
  await expect(page).toHaveURL(/\/learn$/);
  await expect(page.getByRole('heading', { level: 1, name: /learn the round-up strategy/i })).toBeVisible();
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBeUndefined();
  await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
});

test.describe('the phone menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  async function openAndFollow(page: Page) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
    await nav.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: /frequently asked questions/i })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('opens from its toggle and its links work', async ({ page }) => {
      await page.goto('/');
      await openAndFollow(page);
    });
  });

  test('opens before the takeover', async ({ page }) => {
    await page.route(APP_CHUNK, (route) => route.abort());
    await page.goto('/', { waitUntil: 'networkidle' });
    await openAndFollow(page);
  });

  test('after the takeover it closes when a link is followed in the app', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await page.goto('/');
    await page.keyboard.press('Shift');
    await tookOver(page);
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await openAndFollow(page);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    noErrors();
  });
});

test('after an interaction the app takes over: links navigate in the app, the visit is counted once, no hydration errors', async ({
  page,
}) => {
  const noErrors = failOnConsoleErrors(page);
  const views = countPageViews(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
  await page.evaluate(() => window.scrollTo({ top: 500, behavior: 'instant' }));
  await page.keyboard.press('Shift');
  await tookOver(page);
  // Where the visitor was reading, not back at the top.
  expect(await page.evaluate(() => window.scrollY)).toBe(500);
  await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).click();
  await expect(page).toHaveURL(/\/learn$/);
  await expect(page.getByRole('heading', { level: 1, name: /learn the round-up strategy/i })).toBeVisible();
  await expect(page).toHaveTitle(/Learn the round-up strategy · RoundUp/);
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect.poll(() => views).toEqual(['/', '/learn']);
  noErrors();
});

test('the recent round-ups are in the page as it arrives, without the app, and the app takes them over unchanged', async ({
  page,
}) => {
  // Without the app (its chunk refused): the table is in the HTML the server answered.
  await page.route(APP_CHUNK, (route) => route.abort());
  await page.goto('/');
  const rows = page.getByRole('table', { name: /recent reverse splits/i }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(6);
  await expect(page.getByText('Loading recent round-ups…')).toHaveCount(0);
  const before = await rows.allTextContents();
  await expect(root(page)).not.toHaveAttribute('data-app', 'ready');

  // With it: the app hydrates the same rows (a mismatch would log an error) and keeps them.
  await page.unroute(APP_CHUNK);
  const noErrors = failOnConsoleErrors(page);
  await page.goto('/');
  await expect(rows.first()).toBeVisible();
  await page.keyboard.press('Shift');
  await tookOver(page);
  expect(await rows.allTextContents()).toEqual(before);
  noErrors();
});

test.describe('taps and typing while the app loads are not lost', () => {
  // The app arrives late, as on a slow phone: its chunk is held until the test has acted and checked that the
  // app is not there yet (a fixed delay raced the test on a busy machine).
  let release: () => void = () => {};
  test.beforeEach(async ({ page }) => {
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(APP_CHUNK, async (route) => {
      await arrived;
      await route.continue();
    });
  });
  test.afterEach(() => release());

  test('the Feedback button tapped before the takeover opens its popover once the app is there', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Feedback' }).click();
    await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
    release();
    await expect(page.getByRole('dialog', { name: 'Send some feedback' })).toBeVisible({ timeout: 15_000 });
    noErrors();
  });

  test('numbers typed into the Learn calculator before the takeover are calculated', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await page.goto('/learn', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Share price ($)').fill('0.50');
    await page.getByLabel('Split ratio (1-for-N)').fill('20');
    await page.getByLabel('Accounts').fill('4');
    await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
    release();
    await tookOver(page);
    await expect(page.getByTestId('calc-total-roundUpShares')).toHaveText('$38.00');
    await expect(page.getByLabel('Share price ($)')).toHaveValue('0.50');
    noErrors();
  });
});

test('a signed-in member landing on / gets the app and their navigation without touching the page', async ({ page, request }) => {
  await signInAs(page, request, PRO);
  const noErrors = failOnConsoleErrors(page);
  const views = countPageViews(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Reverse Splits' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await tookOver(page);
  // Counted by the app (with the member's session), once.
  await expect.poll(() => views).toEqual(['/']);
  noErrors();
});

/** Every page the build rendered (apps/web/dist/prerendered/<path>/index.html). */
function prerenderedPaths(): string[] {
  const dir = path.resolve(import.meta.dirname, '../apps/web/dist/prerendered');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'index.html' || f.endsWith(`${path.sep}index.html`))
    .map((f) => `/${path.dirname(f)}`.replace(/\/\.$/, '/').split(path.sep).join('/'))
    .sort();
}

/** Holds every request for `pattern` until `release()`: the page stays in the window before what it brings. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * No interaction is lost while the app takes over a prerendered page. On every page, signed out
 * and in, the test acts the moment a control is visible (never a fixed wait): it types into a form field and
 * clicks a button before the loader and the app's chunk have arrived, then clicks the account menu before its
 * own chunk has.
 */
test.describe('every control used the moment it is visible, during the takeover', () => {
  for (const signedIn of [false, true])
    for (const p of prerenderedPaths())
      // Every run takes the landing signed out and /learn (its form) signed in; the full run takes them all.
      test(
        `${p}, signed ${signedIn ? 'in' : 'out'}`,
        fullUnless(signedIn ? p === '/learn' : p === '/'),
        async ({ page, request }) => {
          if (signedIn) await signInAs(page, request, PRO);
          const noErrors = failOnConsoleErrors(page);
          // The loader too: the page is painted and usable before its module script runs.
          const releaseLoader = await hold(page, '**/assets/boot-*.js');
          const releaseApp = await hold(page, APP_CHUNK);
          const releaseMenu = await hold(page, '**/assets/UserMenu-*.js');
          await page.goto(p, { waitUntil: 'commit' });

          // A form field: the Learn calculator where the page has it.
          const calculator = p === '/learn' || p === '/learn/calculator';
          if (calculator) {
            await page.getByLabel('Share price ($)').fill('0.50');
            await page.getByLabel('Split ratio (1-for-N)').fill('20');
            await page.getByLabel('Accounts').fill('4');
          }
          // A button: Feedback, on every page.
          await page.getByRole('button', { name: 'Feedback' }).click();
          releaseLoader();
          await expect(root(page)).not.toHaveAttribute('data-app', 'ready');
          releaseApp();

          const feedback = page.getByRole('dialog', { name: 'Send some feedback' });
          await expect(feedback).toBeVisible({ timeout: 15_000 });
          // The popover's own field, the moment it is there.
          await feedback.getByLabel('Your thoughts?').fill('Typed at once');
          await expect(feedback.getByLabel('Your thoughts?')).toHaveValue('Typed at once');
          if (calculator) {
            await expect(page.getByTestId('calc-total-roundUpShares')).toHaveText('$38.00');
            await expect(page.getByLabel('Share price ($)')).toHaveValue('0.50');
          }
          await page.keyboard.press('Escape');
          await expect(feedback).toBeHidden();

          // The account menu.
          const nav = page.getByRole('navigation', { name: 'Main' });
          if (signedIn) {
            await nav.getByText('demo_pro', { exact: true }).click();
            releaseMenu();
            await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible({ timeout: 15_000 });
            await nav.getByRole('link', { name: 'Profile' }).click();
            await expect(page).toHaveURL(/\/settings$/);
          } else {
            await nav.getByRole('link', { name: 'Login' }).click();
            await expect(page).toHaveURL(/\/login$/);
            await expect(page.getByLabel('Email')).toBeVisible();
          }
          await tookOver(page);
          noErrors();
        },
      );
});
