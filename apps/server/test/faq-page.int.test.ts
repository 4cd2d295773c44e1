import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/db/client';
import { call, createTestApp, registerUser, setRole, type TestApp } from './helpers';

/**
 * `/faq` carries the published FAQs in its HTML, rendered by the server from the web build's Node
 * module (docs/decisions/015-prerendered-public-pages.md, "Data the pages fetch"): crawlers and link
 * previews read the questions and answers without JavaScript, and an admin's change shows on the
 * next load. Uses the real web build (`npm run build -w @roundup/web`); skipped without one.
 */
const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

describe.skipIf(!existsSync(path.join(DIST, 'prerendered')))('/faq rendered with the published FAQs', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ webDist: DIST });
    const a = await registerUser(t.app);
    await setRole(t.database, a.user._id, 'Admin');
    admin = a.token;
  });
  afterAll(async () => t?.close());

  const faqPage = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res.body;
  };
  const add = async (over: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/faqs/add', {
      token: admin,
      body: { newFaq: { category: 'Basics', question: 'Q?', answer: '<p>A.</p>', sort: 1, ...over } },
    });
    expect(res.status).toBe(200);
    return res.body.data.faq as { _id: string };
  };
  /** The FAQ list embedded for the app's first render (usePublicFaqs' initialData). */
  const embedded = (html: string) => {
    const m = /<script type="application\/json" id="faqs-data">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]) as { _id: string; question: string; answer: string }[]) : null;
  };

  it('shows each published question and answer in the HTML, in order, with the same list embedded as JSON', async () => {
    await add({
      question: 'How do round-ups work?',
      answer: '<p>You buy <strong>one share</strong> before the split.</p>',
      sort: 2,
    });
    await add({ question: 'Which brokers round up?', answer: '<p>See the brokers page.</p>', sort: 0 });
    const html = await faqPage();
    expect(html).toContain('How do round-ups work?');
    expect(html).toContain('You buy <strong>one share</strong> before the split.');
    expect(html).toContain('Which brokers round up?');
    // Ordered by sort, as the app orders them.
    expect(html.indexOf('Which brokers round up?')).toBeLessThan(html.indexOf('How do round-ups work?'));
    // No loading state: the app is not needed to read the page.
    expect(html).not.toContain('Loading questions');
    expect(html).not.toContain('data-needs-app');
    expect(embedded(html)?.map((f) => f.question)).toEqual(['Which brokers round up?', 'How do round-ups work?']);
  });

  it('shows an edit, an addition and a deletion on the next load; a deleted FAQ never appears', async () => {
    const faq = await add({ question: 'Is there a free trial?', answer: '<p>No trial.</p>' });
    expect(await faqPage()).toContain('Is there a free trial?');

    const edited = await call(t.app, 'POST', '/api/faqs/edit', {
      token: admin,
      body: {
        newFaq: {
          _id: faq._id,
          category: 'Basics',
          question: 'Is there a free plan?',
          answer: '<p>Starter is free.</p>',
          sort: 1,
        },
      },
    });
    expect(edited.status).toBe(200);
    let html = await faqPage();
    expect(html).toContain('Is there a free plan?');
    expect(html).toContain('Starter is free.');
    expect(html).not.toContain('Is there a free trial?');

    await add({ question: 'Can I cancel any time?' });
    expect(await faqPage()).toContain('Can I cancel any time?');

    // FAQs have no draft state: deleting one is how it is unpublished.
    expect((await call(t.app, 'POST', '/api/faqs/delete', { token: admin, body: { id: faq._id } })).status).toBe(200);
    html = await faqPage();
    expect(html).not.toContain('Is there a free plan?');
    expect(html).not.toContain('Starter is free.');
    expect(embedded(html)?.some((f) => f._id === faq._id)).toBe(false);
    expect(html).toContain('Can I cancel any time?');
  });

  it('answers If-None-Match with 304 while the FAQs are unchanged, and a new ETag once they change', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'text/html' } });
    const again = await t.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { accept: 'text/html', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await add({ question: 'Do you send alerts?' });
    const changed = await t.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'text/html' } });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.body).toContain('Do you send alerts?');
  });

  it('sanitises answers and escapes the embedded JSON, even for a row written around the API', async () => {
    // The API sanitises on save; a row written some other way (an import, an old version) must not get through either.
    await t.database.db.insert(schema.faqs).values({
      category: 'Basics',
      question: 'Unsafe </script><script>alert("q")</script> question',
      answer:
        '<p>Safe part.</p><script>alert("a")</script><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">link</a>',
      sort: 5,
    });
    const html = await faqPage();
    expect(html).toContain('Safe part.');
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    // The question is text: every `<` of it escaped in the page (a `>` alone starts no tag), and `</script>` cannot
    // end the JSON block.
    const shown = />(Unsafe [^<]*? question)</.exec(html)?.[1] ?? '';
    const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
    expect(shown.replace(/&(lt|gt|quot|amp);/g, (e) => entities[e])).toBe('Unsafe </script><script>alert("q")</script> question');
    const list = embedded(html);
    expect(list?.find((f) => f.question.startsWith('Unsafe'))?.question).toBe(
      'Unsafe </script><script>alert("q")</script> question',
    );
    expect(list?.find((f) => f.question.startsWith('Unsafe'))?.answer).not.toContain('script');
  });

  it('is valid HTML (html-validate, as for the pages rendered at build)', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:standard', 'html-validate:a11y', 'html-validate:document'],
      rules: { 'require-sri': ['error', { target: 'crossorigin' }] },
    });
    const report = await validator.validateString(await faqPage());
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.message}`))).toEqual([]);
  });

  it('keeps the build module out of reach of browsers', async () => {
    for (const url of ['/ssr/prerender.js', '/ssr/package.json', '/%73sr/prerender.js', '/ssr/../ssr/prerender.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
