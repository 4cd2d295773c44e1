import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPageViewsForTests } from '../lib/analytics';
import { resetGaForTests } from '../lib/ga';

/**
 * product.md#tests: a test that logs an unexpected console.error fails.
 * Errors are collected during the test and reported when it ends.
 */
// Lazy routes are transformed on first import; give findBy* room on a cold, busy machine.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true });

// The tests load no CSS (css: false), but jsdom's own stylesheet hides a closed popover: the navbar's
// links (a popover below lg, docs/decisions/016-landing-javascript.md) are shown as styles.css does from lg
// (!important: jsdom weighs its own rules by specificity, not as a user-agent origin).
// (Once: test files share the document, and this file runs for each of them.)
if (!document.getElementById('test-desktop-nav')) {
  const desktopNav = document.createElement('style');
  desktopNav.id = 'test-desktop-nav';
  desktopNav.textContent = '.ru-nav-menu[popover] { display: flex !important; }';
  document.head.appendChild(desktopNav);
}

/**
 * Preact runs effects, and the cleanups of unmounted components, after the next frame (a requestAnimationFrame
 * raced with a timer). Here that is a timer of its own, and every flush still waiting when a test ends runs then:
 * otherwise the last one of a file could run after the worker's document is gone (a query client unmounting with
 * no `window`).
 */
const pendingFlushes = new Set<() => void>();
options.requestAnimationFrame = (flush) => {
  pendingFlushes.add(flush);
  setTimeout(() => pendingFlushes.delete(flush) && flush());
};
function flushPreactEffects() {
  for (const flush of pendingFlushes) {
    pendingFlushes.delete(flush);
    flush();
  }
}

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  flushPreactEffects();
  // Files share one module graph and one document (isolate: false, decision 034): whatever a test put
  // into the page outside React (a prerendered root, a title) leaves with it.
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  window.sessionStorage.clear();
  // Module state a page builds up: the site's analytics id, a page view counted before the app.
  resetGaForTests();
  resetPageViewsForTests();
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0) {
    const text = logged
      .map((args) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '))
      .join('\n---\n');
    throw new Error(`console.error was called during this test:\n${text}`);
  }
});
