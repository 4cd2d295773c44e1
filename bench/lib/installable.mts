/**
 * Lighthouse's installability audit (`installable-manifest`) on one URL, with Debian's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium; nothing downloaded). Lighthouse 12 removed the PWA category and this audit with it; 11.7 is
 * the last release that has it, installed beside 12 as `lighthouse11` (docs/decisions/046-installable-app.md).
 * The audit asks Chromium itself (its installability errors and the parsed manifest), so it follows what the
 * browser in use requires.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse11';

export interface Installability {
  installable: boolean;
  /** Why not, in Lighthouse's words (empty when installable). */
  reasons: string[];
}

export async function installabilityAudit(url: string, chromePath: string): Promise<Installability> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyAudits: ['installable-manifest'],
    });
    const audit = result?.lhr.audits['installable-manifest'];
    if (!audit) throw new Error('Lighthouse answered without the installable-manifest audit');
    const items = (audit.details as { items?: { reason?: string }[] } | undefined)?.items ?? [];
    return { installable: audit.score === 1, reasons: items.map((i) => i.reason ?? JSON.stringify(i)) };
  } finally {
    chrome.kill();
  }
}
