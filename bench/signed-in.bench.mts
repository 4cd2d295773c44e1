/**
 * Time to a usable signed-in screen (members check the calendar on their phones), for /reverse-splits, analytics,
 * accounts, /settings/import and /admin/reverse-splits (bench/lib/signed-in-screens.mts says what usable means
 * on each): from navigation until the screen is drawn with its data and its first control enabled.
 *   - desktop: no throttling; phone: 375 px, 4× slower CPU, 150 ms round trips, 200 KB/s down;
 *   - first visit with a stored session (a fresh browser profile), and a returning member (the same profile,
 *     loaded again: the HTTP cache, and the service worker in place);
 *   - each against the same screen with its data and code inlined: every file and API answer the screen needs
 *     is answered from memory (copies taken before), so nothing waits on the network, only on the CPU. The
 *     ratio says what the network still costs.
 * Also per screen: JavaScript files and KB (transferred) of the first visit, and when its data was asked for
 * against when its code had arrived (data requested with its code: asked before the code is in).
 * Goals on a quiet machine: usable ≤ 800 ms desktop and ≤ 2,000 ms phone on a first visit.
 * Env: BENCH_RUNS (default 3; the median is kept), BENCH_SCREENS (a comma list of names to run), BENCH_SKIP_BUILD=1,
 * BENCH_STRICT=1 exits 1 over a goal; BENCH_COMPARE_DIST=<another web build> measures that build too, screen by
 * screen beside this one (served by its own seeded app), so a change is judged against its baseline in the same
 * minutes of the same run (on a shared machine, runs minutes apart differ by more than the change).
 */
import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  ADMIN,
  PRO,
  SCREENS,
  seedMemberData,
  signIn,
  USABLE_MESSAGE,
  usableWatcher,
  type Screen,
} from './lib/signed-in-screens.mts';
import { buildWeb, CHROMIUM, serveWeb } from './lib/web-app.mts';
import { testConfig } from '../apps/server/src/env';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ONLY = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim());
const PROFILES = {
  desktop: { goal: 800, cpu: 1, net: null },
  phone: { goal: 2000, cpu: 4, net: { latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 100 * 1024 } },
} as const;
type Profile = keyof typeof PROFILES;
type Copy = { status: number; contentType: string; body: Buffer };

async function throttle(page: Page, profile: Profile) {
  const p = PROFILES[profile];
  if (!p.net) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...p.net });
}

async function newContext(browser: Browser, profile: Profile, screen: Screen, token: string, role: string, inlined = false) {
  const ctx = await browser.newContext({
    ...(profile === 'phone' ? { viewport: { width: 375, height: 800 }, isMobile: true } : {}),
    // Routes cannot answer what a service worker fetches: the inlined copy runs without one.
    serviceWorkers: inlined ? 'block' : 'allow',
    // The bench's own evaluations (resource timings) are strings the page evaluates; the policy refuses eval.
    bypassCSP: true,
  });
  // A member who has used the app on this device: the session and the role the app keeps beside it.
  await ctx.addInitScript(
    ([t, r]) => {
      window.localStorage.setItem('roundup.token', t);
      window.localStorage.setItem('roundup.role', r);
    },
    [token, role],
  );
  await ctx.addInitScript(usableWatcher(screen.path));
  return ctx;
}

interface Load {
  ms: number;
  scripts: number;
  scriptKb: number;
  /** When the screen's data GET started, and when the last script had arrived (ms since navigation). */
  dataAt: number;
  codeIn: number;
}

async function load(page: Page, base: string, screen: Screen): Promise<Load> {
  const sizes: Promise<number>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() === 'script')
      sizes.push(
        res
          .request()
          .sizes()
          .then(
            (s) => s.responseBodySize,
            () => 0,
          ),
      );
  };
  page.on('response', onResponse);
  // The page reports it (usableWatcher): nothing of the bench runs in the page until the screen is usable.
  const usable = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(USABLE_MESSAGE), timeout: 120_000 });
  await page.goto(base + screen.path, { waitUntil: 'commit' });
  const ms = Number((await usable).text().slice(USABLE_MESSAGE.length));
  page.off('response', onResponse);
  const timing = await page.evaluate(
    ([data, until]) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const asked = entries.filter((e) => new URL(e.name).pathname === data).map((e) => e.startTime);
      const code = entries.filter((e) => e.name.endsWith('.js') && e.responseEnd <= until).map((e) => e.responseEnd);
      return { dataAt: Math.min(...asked), codeIn: Math.max(0, ...code) };
    },
    [screen.data, ms] as const,
  );
  const bytes = await Promise.all(sizes);
  return { ms, scripts: bytes.length, scriptKb: bytes.reduce((n, b) => n + b, 0) / 1024, ...timing };
}

/** Every same-origin GET the screen makes (its page, code, styles and API answers), as the server answered it. */
async function takeCopies(browser: Browser, base: string, screen: Screen, token: string, role: string) {
  const copies = new Map<string, Copy>();
  const ctx = await newContext(browser, 'desktop', screen, token, role, true);
  const page = await ctx.newPage();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (res.request().method() !== 'GET' || url.origin !== base || url.pathname === '/api/events') return;
    const body = await res.body().catch(() => null);
    if (body)
      copies.set(url.pathname + url.search, { status: res.status(), contentType: res.headers()['content-type'] ?? '', body });
  });
  await load(page, base, screen);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await ctx.close();
  return copies;
}

async function inline(ctx: BrowserContext, base: string, copies: Map<string, Copy>) {
  await ctx.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const copy = url.origin === base && route.request().method() === 'GET' ? copies.get(url.pathname + url.search) : undefined;
    if (!copy) return route.fallback();
    return route.fulfill({ status: copy.status, contentType: copy.contentType, body: copy.body });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianLoad = (xs: Load[]) => {
  const m = median(xs.map((x) => x.ms));
  return xs.find((x) => x.ms === m)!;
};

async function measure(browser: Browser, base: string, screen: Screen, profile: Profile, who: { token: string; role: string }) {
  const copies = await takeCopies(browser, base, screen, who.token, who.role);
  const first: Load[] = [];
  const again: Load[] = [];
  const inlined: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await newContext(browser, profile, screen, who.token, who.role);
    const page = await ctx.newPage();
    await throttle(page, profile);
    first.push(await load(page, base, screen));
    // The next visit with the service worker in place (registered once the page has loaded).
    await page.waitForLoadState('load');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker?.getRegistration();
      if (reg) await navigator.serviceWorker.ready;
    });
    again.push(await load(page, base, screen));
    await ctx.close();
    const ictx = await newContext(browser, profile, screen, who.token, who.role, true);
    await inline(ictx, base, copies);
    const ipage = await ictx.newPage();
    await throttle(ipage, profile);
    inlined.push(await load(ipage, base, screen));
    await ictx.close();
  }
  return { first: medianLoad(first), again: medianLoad(again), inlined: medianLoad(inlined) };
}

interface Build {
  label: string;
  base: string;
  members: Record<Screen['who'], { token: string; role: string }>;
  close(): Promise<void>;
}

async function startBuild(label: string, dist?: string): Promise<Build> {
  const served = await serveWeb(testConfig({ ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: 1000 }), dist);
  await seedMemberData(served);
  const members = {
    pro: { token: await signIn(served.base, PRO), role: 'Pro' },
    admin: { token: await signIn(served.base, ADMIN), role: 'Admin' },
  };
  return { label, base: served.base, members, close: served.close };
}

const ms = (n: number) => `${String(Math.round(n)).padStart(5)} ms`;

async function main() {
  if (!CHROMIUM) {
    console.log('signed-in bench skipped: no Chromium (set CHROMIUM_PATH).');
    return;
  }
  console.log('Building the web app (production)…');
  buildWeb();
  const builds = [await startBuild('this build')];
  if (process.env.BENCH_COMPARE_DIST) builds.push(await startBuild('compared', process.env.BENCH_COMPARE_DIST));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const failures: string[] = [];
  try {
    const screens = SCREENS.filter((s) => !ONLY || ONLY.includes(s.name));
    for (const profile of ['desktop', 'phone'] as const) {
      const goal = PROFILES[profile].goal;
      console.log(`\n${profile}: median of ${RUNS} (load average ${loadavg()[0].toFixed(1)}); goal: usable ≤ ${goal} ms`);
      console.log(
        '  screen                 build        first visit  inlined  ratio  returning  JS files   KB  data asked  code in',
      );
      for (const screen of screens) {
        const firsts: number[] = [];
        for (const build of builds) {
          const r = await measure(browser, build.base, screen, profile, build.members[screen.who]);
          firsts.push(r.first.ms);
          console.log(
            `  ${screen.name.padEnd(22)} ${build.label.padEnd(11)} ${ms(r.first.ms)}  ${ms(r.inlined.ms)} ${(r.first.ms / r.inlined.ms).toFixed(2).padStart(6)}  ${ms(r.again.ms)} ${String(r.first.scripts).padStart(8)} ${r.first.scriptKb.toFixed(0).padStart(5)}    ${ms(r.first.dataAt)} ${ms(r.first.codeIn)}`,
          );
          if (build === builds[0] && r.first.ms > goal) failures.push(`${profile} ${screen.name} ${Math.round(r.first.ms)} ms`);
        }
        if (firsts.length > 1) console.log(`  ${''.padEnd(22)} this build / compared: ${(firsts[0] / firsts[1]).toFixed(2)}`);
      }
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.close();
  }
  if (failures.length) {
    console.log(`\nOver a goal: ${failures.join('; ')} (times are for a quiet machine)`);
    if (process.env.BENCH_STRICT) process.exitCode = 1;
  } else console.log('\nAll goals met.');
}

await main();
