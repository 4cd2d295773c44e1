import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** The built SPA is served with the .br/.gz siblings that the web build writes (product.md §17 budgets). */
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
