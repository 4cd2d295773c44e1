import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { LOCAL_PRICES } from '../adapters/payments';
import { PUBLIC_PAGES, readPrerendered } from './web';
import { builtHead, renderIndex } from './page-head';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const SOURCE = readFileSync(path.join(WEB, 'index.html'), 'utf8');
const DIST = path.join(WEB, 'dist');
const BUILT = path.join(DIST, 'index.html');
const APP = 'https://roundup.example';

describe('the head of each page the server answers', () => {
  it.each([
    ['/', 'Small gains, big wins · RoundUp', `${APP}/`],
    ['/learn', 'Learn · RoundUp', `${APP}/learn`],
    ['/learn/', 'Learn · RoundUp', `${APP}/learn`],
    ['/services', 'Services and pricing · RoundUp', `${APP}/services`],
    ['/brokers', 'Brokers · RoundUp', `${APP}/brokers`],
    ['/faq', 'FAQ · RoundUp', `${APP}/faq`],
    ['/privacy-policy', 'Privacy Policy · RoundUp', `${APP}/privacy-policy`],
  ])('%s: title, description, canonical, Open Graph and Twitter tags', (p, title, canonical) => {
    const html = renderIndex(SOURCE, p, APP);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('noindex');
  });

  it('a shared referral link (/r/{ref}) has its own title and Open Graph tags; its canonical is the landing', () => {
    const html = renderIndex(SOURCE, '/r/casey42', APP);
    expect(html).toContain('<title>You&#39;re invited · RoundUp</title>');
    expect(html).toContain('<meta property="og:title" content="You&#39;re invited · RoundUp" />');
    expect(html).toMatch(/<meta property="og:description" content="A RoundUp member invited you[^"]*" \/>/);
    expect(html).toContain(`<meta property="og:url" content="${APP}/r/casey42" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(`<link rel="canonical" href="${APP}/" />`);
    expect(html).not.toContain('noindex');
    const hostile = renderIndex(SOURCE, '/r/"><script>x</script>', APP);
    expect(hostile).not.toContain('<script>x</script>');
  });

  it('pages behind an account are not indexed and carry no canonical', () => {
    for (const p of ['/settings/accounts', '/admin', '/reverse-splits']) {
      const html = renderIndex(SOURCE, p, APP);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<title>RoundUp</title>');
      expect(html).not.toContain('canonical');
    }
  });

  it('escapes what comes from the path', () => {
    const html = renderIndex(SOURCE, '/learn/"><script>x</script>', APP);
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('keeps the head a page was built with, dollar signs and all (decision 016)', () => {
    const built = SOURCE.replace(/<title>[^<]*<\/title>/i, '<title>The earnings example · RoundUp</title>').replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/i,
      (_, open: string, close: string) => `${open}Adds up to $996 a month and $11,952 a year &amp; more.${close}`,
    );
    const head = builtHead(built);
    expect(head).toEqual({
      title: 'The earnings example · RoundUp',
      description: 'Adds up to $996 a month and $11,952 a year & more.',
    });
    const html = renderIndex(built, '/learn/earnings', APP, head);
    expect(html).toContain('<title>The earnings example · RoundUp</title>');
    expect(html).toContain('content="Adds up to $996 a month and $11,952 a year &amp; more."');
    expect(html).toContain('<meta property="og:description" content="Adds up to $996 a month and $11,952 a year &amp; more." />');
    // A page without a built head (the shell) gets the path's.
    expect(builtHead('<title>RoundUp</title>')).toBeUndefined();
  });

  // Correctness, accessibility and document rules; formatting (doctype case, void tags) is Prettier's.
  const validator = new HtmlValidate({
    extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
    // Subresource integrity matters for other origins; every script and style here is our own.
    rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
  });

  it('html-validate passes on every public page, from the source and from the build', async () => {
    const templates = [SOURCE, ...(existsSync(BUILT) ? [readFileSync(BUILT, 'utf8')] : [])];
    for (const template of templates)
      for (const p of [...PUBLIC_PAGES, '/settings']) {
        const report = await validator.validateString(renderIndex(template, p, APP));
        expect(report.results.flatMap((r) => r.messages.map((m) => `${p}: ${m.ruleId} ${m.message}`))).toEqual([]);
      }
  });

  // The web build (npm run build, also the first stage of npm test) renders the public pages into
  // apps/web/dist/prerendered; without a build there is nothing to check here.
  it.skipIf(!existsSync(path.join(DIST, 'prerendered')))(
    'html-validate passes on the public pages rendered at build, as the server answers them',
    async () => {
      const pages = readPrerendered(DIST);
      // /brokers is for signed-in members (SPEC: logged-in group), so the app renders it only in the browser.
      expect([...pages.keys()]).toEqual(expect.arrayContaining(PUBLIC_PAGES));
      for (const [p, template] of pages) {
        const html = renderIndex(template, p, APP, builtHead(template));
        expect(html, p).toMatch(/<div id="root" data-prerendered=""[^>]*>\s*<a /);
        expect(html, p).toContain(`<link rel="canonical" href="${APP}${p}" />`);
        // Only the loader, not the app (docs/decisions/016-landing-javascript.md); the page's own lazy
        // chunk is named for the loader to fetch with the app when it takes over.
        expect(html, p).toMatch(/<script type="module" crossorigin src="\/assets\/boot-[^"]+\.js"><\/script>/);
        expect(html, p).not.toContain('modulepreload');
        // Before it, in <head>, the classic script that keeps taps and typing until the loader runs.
        expect(html, p).toMatch(
          /<head>\s*<meta charset="UTF-8" \/>\s*<script src="\/assets\/early-input-[0-9a-f]{8}\.js"><\/script>/,
        );
        if (p.startsWith('/learn')) expect(html, p).toMatch(/data-preload="\/assets\/LearnPage-/);
        if (p === '/services') expect(html, p).toContain('data-page-view="/reverse-splits"');
        // The page's own head, as the app would set it: the app may never run on the page.
        if (p === '/learn/earnings') {
          expect(html, p).toContain('<title>The earnings example · RoundUp</title>');
          expect(html, p).toContain('<meta property="og:title" content="The earnings example · RoundUp" />');
        }
        if (p === '/terms-of-service') expect(builtHead(template)?.description, p).toMatch(/.{30,}/);
        const report = await validator.validateString(html);
        expect(report.results.flatMap((r) => r.messages.map((m) => `${p}: ${m.ruleId} ${m.message}`))).toEqual([]);
      }
    },
  );

  // The lifetime price appeared only once the app had fetched /api/site, after a first click.
  it.skipIf(!existsSync(path.join(DIST, 'prerendered')))('/services as built shows every price, without the app', () => {
    const html = readPrerendered(DIST).get('/services')!;
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`$${LOCAL_PRICES.pro.amount / 100}/mo.`);
    expect(text).toContain(`$${LOCAL_PRICES.lifetime.amount / 100} once`);
    expect(text).toContain(`single payment of $${LOCAL_PRICES.lifetime.amount / 100}`);
  });
});
