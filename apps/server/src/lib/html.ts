/** Escapes text for HTML element content and quoted attribute values (emails, server-rendered pages). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * A whole email document: fragments (`<p>…</p>`) are wrapped in `<html lang="en">` with a `<head>`
 * (charset, viewport, the subject as title), so mail clients and screen readers know the language.
 * A full document is returned as it is.
 */
export function emailDocument(subject: string, html: string): string {
  if (/<html[\s>]/i.test(html)) return html;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b2430">${html}</body></html>`
  );
}
