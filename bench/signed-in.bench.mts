/**
 * Time to a usable calendar for a signed-in Pro member (issue 24 §7): from navigation to the moment the month
 * is drawn and a split's "Record trades" button can be pressed, on /reverse-splits.
 *   - desktop: no throttling; phone: 375 px, 4× slower CPU, 150 ms round trips at 1.6 Mbit/s down (Lighthouse's
 *     mobile profile);
 *   - each as served, and against the same page with its data inlined (the document carries a copy of every GET
 *     /api/* answer, taken before): the ratio shows what waiting for data still costs.
 * Goals on a quiet machine: ≤ 1.5 s desktop and ≤ 3 s phone as served; ratio ≤ 1.25 (data in parallel with code).
 * Env: BENCH_RUNS (default 5; the median is kept), BENCH_SKIP_BUILD=1, BENCH_STRICT=1 exits 1 over a goal.
 */
import { loadavg } from 'node:os';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb, CHROMIUM, serveWeb } from './lib/web-app.mts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const GOAL_MS = { desktop: 1500, phone: 3000 };
const RATIO_GOAL = 1.25;
const PRO = { email: 'pro@roundup.local', password: 'pro-demo-pass' };

type Profile = keyof typeof GOAL_MS;

async function throttle(page: Page, profile: Profile) {
  if (profile === 'desktop') return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** Milliseconds from navigation start until the calendar is usable, measured in the page. */
async function usableAfter(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/reverse-splits`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const month = document.querySelector('[data-testid="cal-month"]');
      const record = document.querySelector<HTMLButtonElement>('[data-testid^="record-trades-"]');
      return month && record && !record.disabled ? performance.now() : false;
    },
    null,
    { polling: 'raf', timeout: 60_000 },
  );
  return Number(await handle.jsonValue());
}

async function context(browser: import('playwright-core').Browser, base: string, token: string, profile: Profile) {
  const ctx = await browser.newContext(profile === 'phone' ? { viewport: { width: 375, height: 800 }, isMobile: true } : {});
  await ctx.addInitScript((t) => window.localStorage.setItem('roundup.token', t), token);
  return ctx;
}

/**
 * The page with its data inlined: the document carries every GET /api/* answer the page makes, handed to the
 * app's API client as answered early requests (the hand-over src/early-data.js uses), so no data is waited for.
 */
async function inlineData(ctx: BrowserContext, token: string, copies: Map<string, { status: number; body: string }>) {
  const responses = Object.fromEntries(copies);
  const script = `<script>(function(){var c=${JSON.stringify(responses).replace(/</g, '\\u003c')};var r={};for(var u in c)r[u]=Promise.resolve(new Response(c[u].body,{status:c[u].status,headers:{'content-type':'application/json'}}));window.__roundupEarly={token:${JSON.stringify(token)},at:Date.now(),responses:r};})();</script>`;
  await ctx.route('**/reverse-splits', async (route) => {
    const res = await route.fetch();
    const page = await res.text();
    const html = page.replace(/(<script src="\/assets\/early-data-[^"]+"><\/script>)/, `$1${script}`);
    if (html === page) throw new Error('the shell has no early-data script to inline the data after');
    const headers = { ...res.headers() };
    delete headers['content-security-policy']; // the inline script is the bench's, not the product's
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ status: res.status(), headers, body: html });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!CHROMIUM) {
    console.log('signed-in bench skipped: no Chromium (set CHROMIUM_PATH).');
    return;
  }
  console.log('Building the web app (production)…');
  buildWeb();
  const served = await serveWeb();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const failures: string[] = [];
  try {
    const login = await fetch(`${served.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PRO),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // The copies the inlined runs answer with: every GET the page makes, as the server answered it.
    const copies = new Map<string, { status: number; body: string }>();
    {
      const ctx = await context(browser, served.base, token, 'desktop');
      const page = await ctx.newPage();
      page.on('response', async (res) => {
        const url = new URL(res.url());
        if (res.request().method() === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/events')
          copies.set(url.pathname + url.search, { status: res.status(), body: await res.text().catch(() => '') });
      });
      await usableAfter(page, served.base);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await ctx.close();
    }

    console.log(`\n/reverse-splits as a Pro member, median of ${RUNS} (load average ${loadavg()[0].toFixed(1)}):`);
    for (const profile of ['desktop', 'phone'] as const) {
      const times: Record<'served' | 'inlined', number[]> = { served: [], inlined: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const variant of ['served', 'inlined'] as const) {
          const ctx = await context(browser, served.base, token, profile);
          if (variant === 'inlined') await inlineData(ctx, token, copies);
          const page = await ctx.newPage();
          await throttle(page, profile);
          times[variant].push(await usableAfter(page, served.base));
          await ctx.close();
        }
      }
      const servedMs = median(times.served);
      const inlinedMs = median(times.inlined);
      const ratio = servedMs / inlinedMs;
      console.log(
        `  ${profile.padEnd(8)} usable after ${Math.round(servedMs)} ms (goal ≤ ${GOAL_MS[profile]}); with its data inlined ${Math.round(inlinedMs)} ms; ratio ${ratio.toFixed(2)} (goal ≤ ${RATIO_GOAL})`,
      );
      if (ratio > RATIO_GOAL) failures.push(`${profile} ratio ${ratio.toFixed(2)}`);
      if (servedMs > GOAL_MS[profile]) failures.push(`${profile} ${Math.round(servedMs)} ms`);
    }
  } finally {
    await browser.close();
    await served.close();
  }
  if (failures.length) {
    console.log(`\nOver a goal: ${failures.join('; ')} (times are for a quiet machine)`);
    if (process.env.BENCH_STRICT) process.exitCode = 1;
  } else console.log('\nAll goals met.');
}

await main();
