/**
 * Whether this page load started from HTML rendered at build (a public page, rendered for an
 * anonymous visitor; docs/decisions/015-prerendered-public-pages.md). The first render must then
 * match that HTML: state that depends on the browser (the stored session) is applied right after.
 */
export function startedPrerendered(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-prerendered') === true;
}

/**
 * The data the server embedded after #root as `<script type="application/json" id={id}>` when it rendered
 * the page with it (decision 015, "Data the pages fetch"), read by `read`; undefined when absent or malformed.
 */
export function embeddedData<T>(
  id: string,
  read: (value: unknown) => T | undefined,
  doc: Document | undefined = globalThis.document,
): T | undefined {
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return read(JSON.parse(text));
  } catch {
    return undefined;
  }
}
