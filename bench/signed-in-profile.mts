/**
 * Where a signed-in screen's main-thread time goes, from navigation until it is usable (the same "usable" as
 * bench/signed-in): one first visit traced with Chromium's own trace (no JavaScript sampling, which would slow
 * the page down), per web build, side by side. Not a benchmark (`npm run bench` does not run it): it says where
 * to look, and the milliseconds are one visit's, on whatever the machine is doing.
 *   node --import tsx bench/signed-in-profile.mts [<web build> ...]   (default: the bench's last build)
 * Env: SCREEN (a bench screen's name, default /reverse-splits), PROFILE=phone|desktop (default phone),
 * RUNS (default 3: each build's median visit by usable time is shown).
 */
import { loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { ADMIN, PRO, SCREENS, seedMemberData, signIn, USABLE_MESSAGE, usableWatcher } from './lib/signed-in-screens.mts';
import { CHROMIUM, DIST, serveWeb } from './lib/web-app.mts';
import { testConfig } from '../apps/server/src/env';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** What each trace event's own time (less the events inside it) is counted as; the first match wins. */
const KINDS: [string, RegExp][] = [
  ['module code (evaluation at import)', /^v8\.evaluateModule$/],
  ['script compile and parse', /compile|Compile|v8\.parse|ParseScript|StreamingCompile/],
  [
    'other script (React, timers, events)',
    /^(FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|BlinkScheduler_PerformMicrotaskCheckpoint|AsyncTask)/,
  ],
  ['style sheets parsed', /CSSParser|ParseAuthorStyleSheet|RuleSet/],
  ['style and layout', /[Ss]tyle|[Ll]ayout|ShapeText|InlineNode/],
  ['paint and compositing', /Paint|Commit|Composit|Raster|Lifecycle|BeginMainFrame|Animate/],
  ['HTML parsing', /HTML|ParseHTML|Tokenizer/],
  ['loading (requests, bodies)', /Resource|Loader|mojo|URLLoader|Fetch|SimpleWatcher|Navigation|Frame|Window/],
];
const OTHER = 'other (scheduler, garbage collection)';

/**
 * The times (ms since navigation) at which React committed a render: React tells a developer-tools hook of every
 * commit, in production builds too, and this stand-in for the hook only writes the time down. Each commit is a
 * pass over the tree, so fewer of them before the screen is usable is less main-thread work. Preact (what the web
 * build runs behind `react`) tells no such hook without its developer tools bundled, so its commits are not
 * counted: the hook learns that React is there only when React injects its renderer.
 */
const COMMIT_COUNTER = `(() => {
  if (window.top !== window) return;
  const commits = (window.__roundupCommits = []);
  window.__roundupReact = false;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { window.__roundupReact = true; this.renderers.set(1, renderer); return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { commits.push(performance.now()); },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})()`;

/** Self time per kind on the page's main thread, between navigation and `until` (ms after it). */
function mainThread(events: TraceEvent[], path: string, until: number): Map<string, number> {
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.endsWith(path));
  if (!nav) throw new Error(`no navigation to ${path} in the trace`);
  const thread = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain',
  );
  const end = nav.ts + until * 1000;
  const xs = events
    .filter((e) => e.pid === nav.pid && e.tid === thread?.tid && e.ph === 'X' && e.dur && e.ts >= nav.ts && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const kinds = new Map<string, number>();
  const add = (name: string, us: number) => {
    const kind = KINDS.find(([, re]) => re.test(name))?.[0] ?? OTHER;
    kinds.set(kind, (kinds.get(kind) ?? 0) + us / 1000);
  };
  const stack: { name: string; end: number; self: number }[] = [];
  let busy = 0;
  const closeUpTo = (ts: number) => {
    while (stack.length && stack[stack.length - 1].end <= ts) {
      const s = stack.pop()!;
      add(s.name, s.self);
    }
  };
  for (const e of xs) {
    closeUpTo(e.ts);
    const parent = stack[stack.length - 1];
    const stop = Math.min(e.ts + e.dur!, parent?.end ?? end);
    if (parent) parent.self -= stop - e.ts;
    else busy += stop - e.ts;
    stack.push({ name: e.name, end: stop, self: stop - e.ts });
  }
  closeUpTo(Infinity);
  kinds.set('waiting (main thread idle)', until - busy / 1000);
  return kinds;
}

async function visit(browser: Browser, base: string, who: { token: string; role: string }, path: string, phone: boolean) {
  const ctx = await browser.newContext(phone ? { viewport: { width: 375, height: 800 }, isMobile: true } : {});
  await ctx.addInitScript(
    ([t, r]) => {
      window.localStorage.setItem('roundup.token', t);
      window.localStorage.setItem('roundup.role', r);
    },
    [who.token, who.role],
  );
  await ctx.addInitScript(usableWatcher(path));
  await ctx.addInitScript(COMMIT_COUNTER);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  if (phone) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    const net = { latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 100 * 1024 };
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...net });
  }
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'v8',
    'blink.user_timing',
    'loading',
    'toplevel',
    'blink',
  ];
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  const usable = page.waitForEvent('console', { predicate: (m) => m.text().startsWith(USABLE_MESSAGE), timeout: 120_000 });
  await page.goto(base + path, { waitUntil: 'commit' });
  const ms = Number((await usable).text().slice(USABLE_MESSAGE.length));
  const commits = (await page.evaluate('window.__roundupReact ? window.__roundupCommits : null')) as number[] | null;
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await ctx.close();
  return { ms, commits: commits?.filter((t) => t <= ms).map(Math.round) ?? null, kinds: mainThread(events, path, ms) };
}

async function main() {
  if (!CHROMIUM) return console.log('No Chromium (set CHROMIUM_PATH).');
  const screen = SCREENS.find((s) => s.name === (process.env.SCREEN ?? '/reverse-splits'));
  if (!screen) throw new Error(`SCREEN is one of ${SCREENS.map((s) => s.name).join(', ')}`);
  const phone = process.env.PROFILE !== 'desktop';
  const runs = Math.max(1, Number(process.env.RUNS ?? 3));
  const dists = process.argv.slice(2).length ? process.argv.slice(2) : [DIST];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const columns: { ms: number; commits: number[] | null; kinds: Map<string, number> }[] = [];
  try {
    for (const dist of dists) {
      const served = await serveWeb(testConfig({ ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: 1000 }), dist);
      try {
        await seedMemberData(served);
        const who =
          screen.who === 'pro'
            ? { token: await signIn(served.base, PRO), role: 'Pro' }
            : { token: await signIn(served.base, ADMIN), role: 'Admin' };
        const visits = [];
        for (let i = 0; i < runs; i++) visits.push(await visit(browser, served.base, who, screen.path, phone));
        columns.push(visits.sort((a, b) => a.ms - b.ms)[Math.floor(visits.length / 2)]);
      } finally {
        await served.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `${screen.name}, ${phone ? 'phone' : 'desktop'} profile, first visit, median of ${runs} (load average ${loadavg()[0].toFixed(1)})`,
  );
  console.log(`main thread, ms until usable     ${dists.map((d) => d.split('/').slice(-2).join('/').padStart(22)).join('')}`);
  const kinds = [...KINDS.map(([k]) => k), OTHER, 'waiting (main thread idle)'];
  for (const kind of kinds)
    console.log(`${kind.padEnd(38)}${columns.map((c) => String(Math.round(c.kinds.get(kind) ?? 0)).padStart(22)).join('')}`);
  console.log(`${'usable at'.padEnd(38)}${columns.map((c) => String(Math.round(c.ms)).padStart(22)).join('')}`);
  const counted = (c: (typeof columns)[number]) => (c.commits ? String(c.commits.length) : 'not React');
  console.log(`${'React commits until usable'.padEnd(38)}${columns.map((c) => counted(c).padStart(22)).join('')}`);
  columns.forEach((c, i) => c.commits && console.log(`  commits of build ${i + 1}, ms: ${c.commits.join(', ')}`));
}

await main();
