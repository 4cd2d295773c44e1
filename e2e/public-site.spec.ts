import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, failOnConsoleErrors, FULL, fullUnless, newIdentity, PRO, signInAs } from './fixtures';

/** Zero serious or critical axe-core violations (issue #5 Quality). */
async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, `${page.url()}\n${report.join('\n')}`).toEqual([]);
}

const PUBLIC_PAGES: { path: string; heading: RegExp; title: RegExp }[] = [
  { path: '/', heading: /small gains lead to big wins/i, title: /Small gains, big wins · RoundUp/ },
  { path: '/r/somebody', heading: /small gains lead to big wins/i, title: /You're invited · RoundUp/ },
  { path: '/learn', heading: /learn the round-up strategy/i, title: /Learn the round-up strategy · RoundUp/ },
  { path: '/learn/stock-splits', heading: /^stock splits$/i, title: /Stock splits · RoundUp/ },
  { path: '/learn/reverse-splits', heading: /^reverse splits$/i, title: /Reverse splits · RoundUp/ },
  { path: '/learn/fractional-shares', heading: /five fractional-share outcomes/i, title: /fractional-share outcomes · RoundUp/ },
  { path: '/learn/earnings', heading: /earnings example/i, title: /earnings example · RoundUp/ },
  { path: '/learn/risks', heading: /risks of the round-up strategy/i, title: /risks of the round-up strategy · RoundUp/ },
  { path: '/learn/calculator', heading: /profit calculator/i, title: /calculator · RoundUp/ },
  { path: '/services', heading: /pick the plan/i, title: /Services and pricing · RoundUp/ },
  { path: '/faq', heading: /frequently asked questions/i, title: /FAQ · RoundUp/ },
  { path: '/policies', heading: /terms of service/i, title: /Terms of Service · RoundUp/ },
  { path: '/policies/privacy-policy', heading: /privacy policy/i, title: /Privacy Policy · RoundUp/ },
  { path: '/terms-of-service', heading: /terms of service/i, title: /Terms of Service · RoundUp/ },
  { path: '/privacy-policy', heading: /privacy policy/i, title: /Privacy Policy · RoundUp/ },
  { path: '/no-such-page', heading: /page not found/i, title: /Page not found · RoundUp/ },
  { path: '/learn/no-such-chapter', heading: /page not found/i, title: /Page not found · RoundUp/ },
];

test.describe('public pages: title, description and accessibility', () => {
  for (const p of PUBLIC_PAGES) {
    test(`${p.path} has its own title and no serious axe violations`, fullUnless(p.path === '/'), async ({ page }) => {
      const noConsoleErrors = failOnConsoleErrors(page);
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page).toHaveTitle(p.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{30,}/);
      if (p.path === '/' || p.path === '/faq') await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
      noConsoleErrors();
    });
  }

  test('signed-in pages /brokers and /quickstart have no serious axe violations', FULL, async ({ page, request }) => {
    await signInAs(page, request, PRO);
    await page.goto('/brokers');
    await expect(page.getByRole('heading', { level: 1, name: /brokerage accounts/i })).toBeVisible();
    await expect(page.getByRole('link', { name: /open an account/i }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/quickstart');
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  // Theme colours (secondary buttons, code, brand badges) once fell under 4.5:1 on these pages only.
  const MEMBER_PAGES = [
    '/reverse-splits',
    '/settings/profile',
    '/settings/accounts',
    '/settings/analytics',
    '/settings/subscription',
    '/settings/affiliate',
  ];
  const ADMIN_PAGES = [
    '/admin/users',
    '/admin/reverse-splits',
    '/admin/brokers',
    '/admin/faqs',
    '/admin/feedback',
    '/admin/comms',
  ];
  for (const [who, account, paths] of [
    ['a Pro member', PRO, MEMBER_PAGES],
    ['an admin', ADMIN, ADMIN_PAGES],
  ] as const) {
    // One test per page: each gets its own time, and a failure names the page.
    for (const path of paths) {
      test(
        `${path}, as ${who} sees it, has no serious axe violations`,
        fullUnless(path === '/reverse-splits'),
        async ({ page, request }) => {
          await signInAs(page, request, account);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectNoSeriousA11yViolations(page);
        },
      );
    }
  }
});

test('a visitor reads landing, learn, services, FAQ and policies, then signs up from /r/somebody with refId sent', async ({
  page,
}) => {
  const noConsoleErrors = failOnConsoleErrors(page);

  // Landing: hero, plan comparison, recent round-ups (6 at most), final call to action, disclaimer.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start with a Free Account Today' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: /Learn More/ })).toHaveCount(2);
  // The list is fetched by the app, which starts when the visitor scrolls to it (decision 016).
  await page.getByRole('heading', { name: 'Recent round-up splits' }).scrollIntoViewIfNeeded();
  const recent = page.getByRole('table', { name: /recent reverse splits/i });
  await expect(recent.locator('tbody tr').first()).toBeVisible();
  expect(await recent.locator('tbody tr').count()).toBeLessThanOrEqual(6);
  await expect(page.getByRole('link', { name: 'Open a Free Account Today' })).toHaveAttribute('href', '/register');
  await expect(page.getByLabel('Disclaimer').first()).toContainText('not financial advice');

  // Learn: the explainer and the calculator (0.50 × 1-for-20 in 4 accounts: (20 − 1) × 0.50 × 4 = $38.00).
  await page.getByRole('navigation').getByRole('link', { name: 'Learn', exact: true }).first().click();
  await expect(page).toHaveURL(/\/learn$/);
  await page.getByLabel('Share price ($)').fill('0.50');
  await page.getByLabel('Split ratio (1-for-N)').fill('20');
  await page.getByLabel('Accounts').fill('4');
  await expect(page.getByTestId('calc-total-roundUpShares')).toHaveText('$38.00');
  await expect(page.getByTestId('calc-total-roundUpLots')).toHaveText('$3,998.00');
  await expect(page.getByTestId('calc-total-cashInLieu')).toHaveText('$0.00');
  await expect(page.getByTestId('calc-total-roundDown')).toHaveText('-$2.00');
  await page.getByLabel('Split ratio (1-for-N)').fill('1');
  await expect(page.getByRole('alert')).toContainText('split ratio');
  await page.getByRole('navigation', { name: 'Learn chapters' }).getByRole('link', { name: 'Fractional-share outcomes' }).click();
  for (const outcome of ['Round up lots', 'Round up shares', 'Cash in lieu', 'Round to nearest', 'Round down']) {
    await expect(page.getByRole('heading', { name: new RegExp(outcome) })).toBeVisible();
  }

  // Services: pricing table; its page view is logged as /reverse-splits (an original quirk kept, product.md#screens).
  const servicesView = page.waitForRequest(
    (r) => r.url().endsWith('/api/pageviews') && r.method() === 'POST' && r.postDataJSON()?.path === '/reverse-splits',
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Services' }).first().click();
  await servicesView;
  await expect(page.getByRole('columnheader', { name: /Starter\s*FREE/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Pro\s*\$50\/mo\./ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CLAIM LIFETIME ACCESS' })).toHaveAttribute('href', '/register/lifetime');
  await expect(page.getByText(/full refund is available within 7 days/i).first()).toBeVisible();

  // FAQ: the accordion opens an answer.
  await page.goto('/faq');
  const firstQuestion = page.locator('.accordion-button').first();
  await expect(firstQuestion).toBeVisible();
  await firstQuestion.click();
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'true');

  // Policies: terms by default, privacy from the side navigation.
  await page.goto('/policies');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText(/18 years of age or older/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/policies\/privacy-policy$/);
  await expect(page.getByText(/nobody under 13/i)).toBeVisible();
  await expect(page.getByText(/administrators can see and edit user information/i)).toBeVisible();

  // Referral landing: stores the refId, and registration sends it.
  await page.goto('/r/somebody');
  await expect(page.getByRole('heading', { level: 1, name: /small gains/i })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('roundup.refId'))).toBe('somebody');
  await page.getByRole('link', { name: 'Start with a Free Account Today' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const who = newIdentity('pub');
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel(/I am 18 or older/).check();
  const registration = page.waitForRequest((r) => r.url().endsWith('/api/auth/register') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Get Starter' }).click();
  const body = (await registration).postDataJSON();
  expect(body).toMatchObject({ username: who.username, email: who.email, refId: 'somebody', consent: true });
  await expect(page).toHaveURL(/\/learn$/);
  noConsoleErrors();
});

test.describe('broker rich text in the browser', () => {
  const MALICIOUS =
    '<p>Promo!</p><img src="x" onerror="window.__pwned = 1; alert(1)"><script>window.__pwned = 2</script>' +
    '<a href="javascript:window.__pwned = 3">claim</a><svg onload="window.__pwned = 4"></svg><p onclick="window.__pwned = 5">more</p>';

  async function expectInert(page: Page, name: string) {
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Promo!').first()).toBeVisible();
    for (const text of ['claim', 'more']) {
      const el = card.getByText(text).first();
      if (await el.count()) await el.click();
    }
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const html = await card.innerHTML();
    expect(html).not.toMatch(/onerror|onload|onclick|javascript:|<script/i);
  }

  test('a broker saved with a malicious promo renders with nothing executed', FULL, async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const adminToken = (
      await (await request.post('/api/auth/login', { data: { email: 'admin@e2e.test', password: 'admin-e2e-password' } })).json()
    ).data.token;
    const name = `Evil Broker ${Date.now()}`;
    const add = await request.post('/api/brokers/add', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: {
        newBroker: {
          name,
          refLink: 'https://evil.example/ref',
          signupPromo: MALICIOUS,
          fees: MALICIOUS,
          rating: 1,
          shareReturnTime: 2,
        },
      },
    });
    expect(add.status(), await add.text()).toBe(200);

    await signInAs(page, request, PRO);
    await page.goto('/brokers');
    await expectInert(page, name);

    // The render-side sanitizer alone also holds: serve the raw HTML as if the server had not cleaned it.
    await page.route('**/api/brokers', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.brokers = body.data.brokers.map((b: { name: string }) =>
        b.name === name ? { ...b, signupPromo: MALICIOUS, fees: MALICIOUS } : b,
      );
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await expectInert(page, name);
    expect(dialogs).toEqual([]);
  });
});

test('html-validate passes on every public page as the browser renders it', FULL, async ({ page }) => {
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({
    extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
    // Every script and style is our own, served from this origin: subresource integrity adds nothing.
    rules: { 'require-sri': 'off' },
  });
  const problems: string[] = [];
  for (const path of ['/', '/learn', '/services', '/faq', '/policies', '/terms-of-service', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('h1').first()).toBeVisible();
    const report = await validator.validateString(await page.content());
    for (const r of report.results)
      for (const m of r.messages) problems.push(`${path}: ${m.ruleId} ${m.message} (${m.selector ?? ''})`);
  }
  expect(problems).toEqual([]);
});

test.describe('public pages rendered at build (docs/decisions/015-prerendered-public-pages.md)', () => {
  const PRERENDERED = PUBLIC_PAGES.filter(
    (p) => !['/r/somebody', '/policies/privacy-policy', '/no-such-page', '/learn/no-such-chapter'].includes(p.path),
  );

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('each shows its heading, navigation and footer, as a crawler reads it', async ({ page }) => {
      for (const p of PRERENDERED) {
        await page.goto(p.path);
        await expect(page.locator('h1').first(), p.path).toHaveText(p.heading);
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign Up' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
    });
  });

  test('the app takes over without hydration errors, and works', FULL, async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    for (const p of PRERENDERED) {
      await page.goto(p.path);
      await expect(page.locator('h1').first(), p.path).toHaveText(p.heading);
      // The app starts on the visitor's first interaction (decision 016).
      await page.keyboard.press('Shift');
      await expect(page.locator('#root'), p.path).toHaveAttribute('data-app', 'ready');
      await expect(page.locator('h1').first(), p.path).toHaveText(p.heading);
      await expect(page).toHaveTitle(p.title);
    }
    // Client navigation from a hydrated page.
    await page.goto('/');
    await page.keyboard.press('Shift');
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).click();
    await expect(page).toHaveURL(/\/learn$/);
    await expect(page.locator('h1').first()).toHaveText(/learn the round-up strategy/i);
    noErrors();
  });

  // The server renders /faq with the published FAQs (decision 015, "Data the pages fetch"): seeded here.
  test.describe('/faq without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('holds every question and its answer, as a crawler reads them', async ({ page }) => {
      await page.goto('/faq');
      const questions = page.locator('.rp-faq .accordion-button');
      await expect(questions.first()).toHaveText('What is RoundUp?');
      expect(await questions.count()).toBeGreaterThan(5);
      // Collapsed, but in the document.
      await expect(page.locator('.rp-faq .accordion-body').first()).toContainText('buy one share per brokerage account');
      await expect(page.getByText('Loading questions')).toHaveCount(0);
    });
  });

  test('/faq hydrates the list it was rendered with, and a question clicked at once opens', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await page.goto('/faq');
    const first = page.getByRole('button', { name: 'What is RoundUp?' });
    // The moment it is visible, before the app has taken over: the click is replayed once it has.
    await first.click();
    await expect(page.locator('#root')).toHaveAttribute('data-app', 'ready');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('buy one share per brokerage account')).toBeVisible();
    // The same list after the app's refetch, and another question still opens and closes.
    await page.waitForLoadState('networkidle');
    const second = page.getByRole('button', { name: 'Is this financial advice?' });
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    noErrors();
  });

  test('a signed-in member gets their navigation on a prerendered page, without errors', FULL, async ({ page, request }) => {
    await signInAs(page, request, PRO);
    const noErrors = failOnConsoleErrors(page);
    for (const path of ['/', '/learn']) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Reverse Splits' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
    }
    noErrors();
  });

  test('on a phone the navigation opens from its toggle and closes when a link is followed', FULL, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
    await toggle.click();
    // A native popover (decision 016): it opens before the app takes over, and without JavaScript.
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
  });
});
