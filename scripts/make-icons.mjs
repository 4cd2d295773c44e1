// Writes the app's PNG icons (apps/web/public/icons) from its mark, apps/web/public/favicon.svg, with Debian's
// Chromium (CHROMIUM_PATH or /usr/bin/chromium): the web app manifest's 192 and 512 px icons, a maskable 512 px one
// and the 180 px apple-touch-icon. Run after the mark changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const strokes = [...mark.matchAll(/<path [^>]+\/>/g)].map((m) => m[0]).join('');
const TEAL = /fill="(#[0-9a-f]{6})"/i.exec(mark)[1];

// The mark as drawn in favicon.svg: a rounded square, transparent corners ("any" purpose).
const rounded = mark;
// Full bleed, the strokes kept inside the safe circle (radius 40 % of the size) that every launcher's mask keeps (maskable),
// and iOS rounds the apple-touch-icon's corners itself (transparent corners would show black there).
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/>` +
  `<g transform="translate(${16 - 16 * scale} ${16 - 16 * scale}) scale(${scale})">${strokes}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.85) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!executablePath) throw new Error('no Chromium: set CHROMIUM_PATH');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: path.join(publicDir, 'icons', icon.file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
