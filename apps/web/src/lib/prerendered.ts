/**
 * Whether this page load started from HTML rendered at build (a public page, rendered for an
 * anonymous visitor; docs/decisions/015-prerendered-public-pages.md). The first render must then
 * match that HTML: state that depends on the browser (the stored session) is applied right after.
 */
export function startedPrerendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-prerendered') === true;
}
