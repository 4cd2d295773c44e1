import { parseDocument } from 'htmlparser2';

/**
 * Filing text as the classifier reads it (docs/discovery.md): HTML to text with each block on its
 * own line, entities decoded, the hidden iXBRL header dropped (its dei:TradingSymbol kept),
 * quotes and dashes straightened, zero-width characters removed, white space collapsed.
 */
export interface NormalisedFiling {
  /** One block (paragraph, table row, list item) per line. */
  text: string;
  /** dei:TradingSymbol values from the iXBRL cover. */
  ixTickers: string[];
  /** Rows of tables whose header names a trading symbol (the 8-K cover table), as cells. */
  coverRows: string[][];
}

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

const BLOCK = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'ul',
  'ol',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'hr',
  'center',
  'dt',
  'dd',
  'title',
  'body',
  'html',
  'document',
  'page',
]);
const SKIP = new Set(['script', 'style', 'head', 'ix:header', 'noscript', 'template']);
const CELL = new Set(['td', 'th']);

const hidden = (n: Node) => /display\s*:\s*none/i.test(n.attribs?.style ?? '');

/** Straight quotes and hyphens, no zero-width or soft-hyphen characters, single spaces. */
export function cleanText(s: string): string {
  return s
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t\f\v]/g, ' ')
    .replace(/ +/g, ' ');
}

const looksLikeHtml = (s: string) =>
  /<(?:html|body|p|div|br|table|span|font|document|ix:|\?xml)[\s>/]/i.test(s.slice(0, 200_000));

export function normalise(input: string): NormalisedFiling {
  if (!looksLikeHtml(input)) {
    const text = cleanText(input.replace(/\r\n?/g, '\n'))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
    return { text, ixTickers: [], coverRows: [] };
  }
  const root = parseDocument(input, { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true }) as unknown as Node;
  const ixTickers: string[] = [];
  const coverRows: string[][] = [];
  const out: string[] = [];
  let line = '';
  const flush = () => {
    const t = cleanText(line).trim();
    if (t) out.push(t);
    line = '';
  };
  const textOf = (n: Node): string => (n.type === 'text' ? (n.data ?? '') : (n.children ?? []).map(textOf).join(' '));

  const visit = (n: Node, inHidden: boolean) => {
    if (n.type === 'text') {
      if (!inHidden) line += n.data ?? '';
      return;
    }
    if (n.type !== 'tag' && n.type !== 'script' && n.type !== 'style' && n.type !== 'root') return;
    const name = n.name ?? '';
    if (name === 'ix:nonnumeric' && /dei:TradingSymbol$/i.test(n.attribs?.name ?? '')) {
      const t = cleanText(textOf(n)).trim();
      if (t) ixTickers.push(t);
    }
    if (SKIP.has(name)) {
      // The hidden iXBRL header is not text, but its tickers count.
      if (name === 'ix:header') for (const c of n.children ?? []) visit(c, true);
      return;
    }
    const isHidden = inHidden || hidden(n);
    if (name === 'table' && !isHidden) collectCover(n);
    const block = BLOCK.has(name);
    if (block) flush();
    for (const c of n.children ?? []) {
      visit(c, isHidden);
      if (CELL.has(c.name ?? '')) line += ' ';
    }
    if (block) flush();
  };
  const collectCover = (table: Node) => {
    const rows: string[][] = [];
    const walk = (n: Node) => {
      if (n.name === 'tr') {
        const cells: string[] = [];
        const cell = (c: Node) => {
          if (CELL.has(c.name ?? '')) cells.push(cleanText(textOf(c)).trim());
          else for (const x of c.children ?? []) cell(x);
        };
        for (const c of n.children ?? []) cell(c);
        rows.push(cells.filter((c, i) => c !== '' || i === 0));
        return;
      }
      for (const c of n.children ?? []) walk(c);
    };
    walk(table);
    if (rows.some((r) => r.some((c) => /trading\s*symbol/i.test(c)))) coverRows.push(...rows);
  };
  visit(root, false);
  flush();
  return { text: out.join('\n'), ixTickers, coverRows };
}
