import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES, can } from '@roundup/shared/permissions';
import { ROLE_HINT_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@roundup/shared/storage-keys';

/** The shell's early script (src/early-data.js), run as the browser runs it: what it asks for, as whom. */
const script = readFileSync(path.join(import.meta.dirname, 'early-data.js'), 'utf8');

function runOn(path: string, stored: { token?: string; role?: string }, source = script): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(new Response('{}'));
  });
  if (stored.token) window.localStorage.setItem(TOKEN_STORAGE_KEY, stored.token);
  if (stored.role) window.localStorage.setItem(ROLE_HINT_STORAGE_KEY, stored.role);
  window.history.replaceState(null, '', path);
  new Function(source)();
  return asked;
}

describe('the early script asks only for what the session may read', () => {
  afterEach(() => {
    delete window.__roundupEarly;
    window.history.replaceState(null, '', '/');
  });

  it.each(ROLES)('a %s on /reverse-splits', (role) => {
    const asked = runOn('/reverse-splits', { token: 'tok', role });
    expect(asked).toContain('/api/rs');
    expect(asked.includes('/api/trades/progress')).toBe(can(role, 'trades:record'));
  });

  it('a session whose role the app has not seen yet asks for nothing it may be refused', () => {
    const asked = runOn('/reverse-splits', { token: 'tok' });
    expect(asked).toContain('/api/rs');
    expect(asked).not.toContain('/api/trades/progress');
  });

  it('no session, no requests', () => {
    expect(runOn('/reverse-splits', { role: 'Pro' })).toEqual([]);
  });
});

describe("the early script fetches the page's code with its data", () => {
  // What the build writes into the table (vite.config.ts, addEarlyData).
  const built = script.replace(
    'var PAGE_CODE = {};',
    'var PAGE_CODE = {"*":["assets/UserMenu-1.js"],"/settings/import":["assets/SettingsPage-2.js","assets/ImportTab-3.js","assets/ImportTab-4.css"]};',
  );
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
  const styles = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map((l) => [
      l.getAttribute('href'),
      l.getAttribute('crossorigin'),
    ]);

  afterEach(() => {
    delete window.__roundupEarly;
    document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]').forEach((l) => l.remove());
    window.localStorage.clear();
  });

  it("a signed-in page's chunks and the member menu's", () => {
    runOn('/settings/import/', { token: 'tok', role: 'Pro' }, built);
    expect(preloaded()).toEqual(['/assets/UserMenu-1.js', '/assets/SettingsPage-2.js', '/assets/ImportTab-3.js']);
  });

  it("a page's style sheet is fetched for the app's loader to apply, in the mode its loader asks in", () => {
    runOn('/settings/import', { token: 'tok', role: 'Pro' }, built);
    // Fetched only: applying it is the loader's, as before. Anonymous CORS, as the loader's own link asks.
    expect(styles()).toEqual([['/assets/ImportTab-4.css', '']]);
    expect(document.head.querySelector('link[rel="stylesheet"][href="/assets/ImportTab-4.css"]')).toBeNull();
  });

  it('no session: no code either (the page sends the visitor to sign in)', () => {
    runOn('/settings/import', {}, built);
    expect(preloaded()).toEqual([]);
  });

  it('the source as committed carries an empty table for the build to fill', () => {
    expect(script).toContain('var PAGE_CODE = {};');
  });
});
