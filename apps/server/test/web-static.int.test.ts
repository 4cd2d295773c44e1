import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The built SPA is served with the .br/.gz siblings that the web build writes (product.md#budgets budgets). */
describe('web build serving', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'roundup-dist-'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RoundUp</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets/app.js'), js);
    writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets/app.js.gz'), gzipSync(js));
    writeFileSync(path.join(dist, 'assets/plain.js'), js);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the pre-compressed brotli file to browsers that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    // Without a pre-compressed sibling the file is compressed on the fly.
    const missing = await t.app.inject({ method: 'GET', url: '/assets/plain.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(200);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(js);
  });

  it('answers deep links with the SPA and unknown API paths with the envelope', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/learn/fractional-shares',
      headers: { 'accept-encoding': 'br', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].msg).toMatch(/Not found/);
  });
});

/**
 * curl, wget, uptime monitors and link-preview fetchers send `Accept: *\/*` or no Accept at all: they get the
 * page as a browser does (connect-history-api-fallback's rule). Missing files stay 404s.
 */
describe('navigations from clients that are not browsers', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'roundup-dist-'));
  let t: TestApp;
  const CURL = { 'user-agent': 'curl/8.5.0', accept: '*/*' };

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'prerendered/learn'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>RoundUp</title><div id="root"></div>');
    writeFileSync(
      path.join(dist, 'prerendered/learn/index.html'),
      '<!doctype html><title>Learn · RoundUp</title><div id="root"><h1>How it works</h1></div>',
    );
    writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1);');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers curl (Accept: */*) with the page for /, /learn and /settings/accounts', async () => {
    for (const url of ['/', '/learn', '/settings/accounts', '/learn?ref=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: CURL });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
    const learn = await t.app.inject({ method: 'GET', url: '/learn', headers: CURL });
    expect(learn.body).toContain('<h1>How it works</h1>');
  });

  it('answers a request without an Accept header with the page', async () => {
    for (const url of ['/', '/learn', '/settings/accounts']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Wget/1.21' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers HEAD / from curl and from a client without Accept', async () => {
    for (const headers of [CURL, {}]) {
      const res = await t.app.inject({ method: 'HEAD', url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe('');
    }
  });

  it('still answers 404 for missing assets, files and dotfiles, API paths and JSON requests', async () => {
    for (const headers of [CURL, {}, { accept: 'text/html' }]) {
      for (const url of [
        '/assets/x.js',
        '/assets/new-page',
        '/favicon-nope.png',
        '/.env',
        '/%2eenv',
        '/.git/config',
        '/api/nope',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().errors[0].msg, url).toMatch(/Not found/);
      }
    }
    for (const accept of ['application/json', 'application/json, text/plain, */*', 'image/png']) {
      const res = await t.app.inject({ method: 'GET', url: '/learn', headers: { accept } });
      expect(res.statusCode, accept).toBe(404);
    }
    const post = await t.app.inject({ method: 'POST', url: '/learn', headers: CURL });
    expect(post.statusCode).toBe(404);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: CURL });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1);');
  });
});
