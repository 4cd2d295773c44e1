/**
 * Web budgets on the production build ("First paint on a phone"):
 *   - the JS the landing route loads: ≤ 80 KB gzip (product.md#budgets allowed 150);
 *   - the public pages arrive rendered: their text is in the HTML, before any script runs;
 *   - Lighthouse 12 performance on / and /learn: ≥ 95 with the desktop preset, ≥ 90 mobile;
 *   - the app is installable: Lighthouse 11's `installable-manifest` audit passes on / (bench/lib/installable.mts;
 *     Lighthouse 12 no longer has it, decision 046).
 *
 * Builds the web app into .tmp/bench-web-dist (so it never races a developer's apps/web/dist),
 * serves it with the real app (buildApp on an in-memory PGlite, seeded like a fresh install),
 * loads / in Chromium and sums the gzip size of every script it fetched, then runs Lighthouse
 * (chrome-launcher + /usr/bin/chromium, or CHROMIUM_PATH) on each page and preset.
 * Env: BENCH_SKIP_BUILD=1 reuses the last build, BENCH_LH_RUNS (default 3; the median is kept),
 * BENCH_STRICT=1 exits 1 when a budget is missed.
 */
import { readFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { installabilityAudit } from './lib/installable.mts';
import { buildWeb, CHROMIUM, DIST, serveWeb } from './lib/web-app.mts';

const BUDGET = { landingJsGzipKb: 80, desktop: 95, mobile: 90 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const PAGES = ['/', '/learn'];

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** Static view: the scripts and modulepreloads the landing's HTML names (the loader only, decision 016). */
function entryChunks(): { files: string[]; gzip: number } {
  const landing = path.join(DIST, 'prerendered/index.html');
  const html = readFileSync(existsSync(landing) ? landing : path.join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
  const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(path.join(DIST, f.replace(/^\//, ''))), { level: 9 }).length, 0);
  return { files, gzip };
}

interface PageLoad {
  count: number;
  raw: number;
  gzip: number;
  /** Characters of visible text with JavaScript off: what a crawler and the first paint get. */
  textWithoutJs: number;
}

/** Runtime view: every script a page actually fetches until the network is idle, and its text without JS. */
async function pageLoads(base: string, pages: readonly string[]): Promise<Map<string, PageLoad>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const loads = new Map<string, PageLoad>();
  try {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    for (const p of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body());
      });
      await page.goto(base + p, { waitUntil: 'networkidle' });
      const all = await Promise.all(bodies);
      await context.close();
      const plain = await noJs.newPage();
      await plain.goto(base + p);
      const text = (await plain.locator('body').innerText()).trim().length;
      await plain.close();
      loads.set(p, {
        count: all.length,
        raw: all.reduce((n, b) => n + b.length, 0),
        gzip: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
        textWithoutJs: text,
      });
    }
  } finally {
    await browser.close();
  }
  return loads;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function lighthouseScore(
  url: string,
  preset: 'desktop' | 'mobile',
  port: number,
): Promise<{ score: number; lcp: number; tbt: number; cls: number }> {
  const runs: { score: number; lcp: number; tbt: number; cls: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    runs.push({
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
      tbt: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
    });
  }
  const score = median(runs.map((r) => r.score));
  return runs.find((r) => r.score === score)!;
}

async function main() {
  if (!CHROMIUM) {
    console.log('web bench skipped: no Chromium (set CHROMIUM_PATH).');
    return;
  }
  console.log('Building the web app (production)…');
  buildWeb();
  const served = await serveWeb();
  const base = served.base;

  const failures: string[] = [];
  try {
    const entry = entryChunks();
    const loads = await pageLoads(base, PAGES);
    const loaded = loads.get('/')!;
    console.log(
      `\nLanding route JS: ${loaded.count} scripts, ${kb(loaded.raw)} KB raw, ${kb(loaded.gzip)} KB gzip (budget ≤ ${BUDGET.landingJsGzipKb} KB)`,
    );
    console.log(`  of which named in the landing's HTML: ${entry.files.length} files, ${kb(entry.gzip)} KB gzip`);
    console.log(`  ratio to budget: ${(loaded.gzip / 1024 / BUDGET.landingJsGzipKb).toFixed(2)}×`);
    if (loaded.gzip / 1024 > BUDGET.landingJsGzipKb) failures.push('landing JS over budget');
    for (const [p, load] of loads) {
      console.log(
        `  ${p.padEnd(7)} ${load.count} scripts, ${kb(load.gzip)} KB gzip; text in the HTML without JavaScript: ${load.textWithoutJs} characters`,
      );
      if (load.textWithoutJs < 500) failures.push(`${p} is empty without JavaScript`);
    }

    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      console.log(
        `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS}) ` : ''}performance (load average ${loadavg()[0].toFixed(1)}; scores drop on a busy machine):`,
      );
      for (const p of PAGES) {
        for (const preset of ['desktop', 'mobile'] as const) {
          const r = await lighthouseScore(base + p, preset, chrome.port);
          const budget = BUDGET[preset];
          console.log(
            `  ${p.padEnd(7)} ${preset.padEnd(8)} ${String(r.score).padStart(3)} (budget ≥ ${budget}, ratio ${(r.score / budget).toFixed(2)}×)  LCP ${r.lcp} ms  TBT ${r.tbt} ms  CLS ${r.cls}`,
          );
          if (r.score < budget) failures.push(`${p} ${preset} ${r.score} < ${budget}`);
        }
      }
    } finally {
      chrome.kill();
    }

    const install = await installabilityAudit(`${base}/`, CHROMIUM);
    console.log(
      `\nInstallable (Lighthouse 11 installable-manifest on /): ${install.installable ? 'yes' : `no: ${install.reasons.join('; ')}`}`,
    );
    if (!install.installable) failures.push('/ is not installable');
  } finally {
    await served.close();
  }

  if (failures.length) {
    console.log(`\nOver budget: ${failures.join('; ')}`);
    if (process.env.BENCH_STRICT) process.exitCode = 1;
  } else {
    console.log('\nAll web budgets met.');
  }
}

await main();
