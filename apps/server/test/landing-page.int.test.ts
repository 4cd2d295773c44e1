import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSplit } from './factories';
import { createTestApp, type TestApp } from './helpers';

/**
 * The landing carries its "Recent round-up splits" in its HTML, rendered by the server from the web
 * build's Node module like /faq (docs/decisions/015-prerendered-public-pages.md, "Data the pages
 * fetch"): a visitor, a crawler or a link preview reads the table without JavaScript. Uses the real
 * web build (`npm run build -w @roundup/web`); skipped without one.
 */
const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

describe.skipIf(!existsSync(path.join(DIST, 'prerendered')))('/ rendered with the recent round-up splits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: DIST });
  });
  afterAll(async () => t?.close());

  const landing = async (url = '/') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const embedded = (html: string) => {
    const m = /<script type="application\/json" id="recent-splits-data">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]) as { ticker: string }[]) : null;
  };

  it('shows the newest completed round-ups in the table, with the same rows embedded, and no loading state', async () => {
    expect(await landing()).toContain('No completed round-up splits yet');
    await insertSplit(t.database, { ticker: 'OLDR', name: 'Older Corp', status: 'Complete', effDate: '2026-01-05' });
    await insertSplit(t.database, { ticker: 'NEWR', name: 'Newer </script> Corp', status: 'Complete', effDate: '2026-02-05' });
    await insertSplit(t.database, { ticker: 'SOON', status: 'Upcoming', effDate: '2099-02-05' });
    await t.database.query(`update reverse_splits set rs_type = 'Round Up', price = 1.25, avg_profit = 3.5`);
    const html = await landing();
    const table = html.slice(html.indexOf('Recent round-up splits table'));
    expect(table).toContain('NEWR');
    expect(table).toContain('OLDR');
    expect(table.indexOf('NEWR')).toBeLessThan(table.indexOf('OLDR'));
    expect(html).not.toContain('SOON');
    expect(html).not.toContain('Loading recent round-ups');
    expect(embedded(html)?.map((s) => s.ticker)).toEqual(['NEWR', 'OLDR']);
    expect(html).not.toContain('Newer </script> Corp');
  });
});
