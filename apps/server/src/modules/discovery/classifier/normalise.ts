import { Parser } from 'htmlparser2';

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

/** Straight quotes and hyphens, no zero-width or soft-hyphen characters, single spaces. */
export function cleanText(s: string): string {
  return (
    s
      // An address is not prose: a wire's link slug ("…-1-for-77-reverse-stock-split") never counts as the text.
      .replace(/\bhttps?:\/\/[^\s)\]>"']+/gi, ' ')
      .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
      .replace(/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'")
      .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
      .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
      .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t\f\v]/g, ' ')
      .replace(/ +/g, ' ')
  );
}

const looksLikeHtml = (s: string) =>
  /<(?:html|body|p|div|br|table|span|font|document|ix:|\?xml)[\s>/]/i.test(s.slice(0, 200_000));

/**
 * Hard-wrapped text (EDGAR .txt submissions, copied releases): a line that does not end a sentence
 * continues on the next line when that one starts in lower case.
 */
function plainText(input: string): NormalisedFiling {
  const text = cleanText(input.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
    .replace(/([^.!?:;"')\]])\n(?=[a-z0-9(])/g, '$1 ');
  return { text, ixTickers: [], coverRows: [] };
}

export function normalise(input: string): NormalisedFiling {
  if (!looksLikeHtml(input)) return plainText(input);
  const ixTickers: string[] = [];
  const coverRows: string[][] = [];
  const out: string[] = [];
  let line = '';
  const flush = () => {
    const t = cleanText(line).trim();
    if (t) out.push(t);
    line = '';
  };
  // Streaming parse (no DOM): one stack entry per open element, saying whether its content is hidden.
  const stack: { name: string; hidden: boolean; skip: boolean }[] = [];
  let hiddenDepth = 0; // open elements that hide their content (display:none, ix:header)
  let preDepth = 0; // open <pre> elements: their line breaks are real, as a browser shows them
  let skipDepth = 0; // open script/style/head... elements: not text at all
  let ticker: string | null = null; // text of an open dei:TradingSymbol
  let tickerDepth = -1;
  // Tables (possibly nested): rows of cells, kept when a cell names a trading symbol (the 8-K cover).
  const tables: { rows: string[][]; row: string[] | null; cell: string | null }[] = [];

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const hides = name === 'ix:header' || /display\s*:\s*none/i.test(attribs.style ?? '');
        const skips = SKIP.has(name) && name !== 'ix:header';
        stack.push({ name, hidden: hides, skip: skips });
        if (hides) hiddenDepth++;
        if (skips) skipDepth++;
        if (name === 'pre') preDepth++;
        if (name === 'ix:nonnumeric' && /dei:TradingSymbol$/i.test(attribs.name ?? '')) {
          ticker = '';
          tickerDepth = stack.length;
        }
        if (hiddenDepth || skipDepth) return;
        if (name === 'table') tables.push({ rows: [], row: null, cell: null });
        const table = tables.at(-1);
        if (table && name === 'tr') table.row = [];
        if (table && CELL.has(name)) table.cell = '';
        if (BLOCK.has(name)) flush();
      },
      ontext(raw) {
        // A browser shows a line break or a run of white space inside inline text as one space (filing
        // agents hard-wrap at about 130 columns); only block elements end a line.
        const data = preDepth ? raw : raw.replace(/[ \t\n\r\f]+/g, ' ');
        if (ticker !== null) ticker += data;
        if (hiddenDepth || skipDepth) return;
        line += data;
        const table = tables.at(-1);
        if (table && table.cell !== null) table.cell += data;
      },
      onclosetag(name) {
        // Close up to the matching element (htmlparser2 reports implied closes too).
        const at = stack.map((e) => e.name).lastIndexOf(name);
        if (at < 0) return;
        while (stack.length > at) {
          const e = stack.pop()!;
          if (ticker !== null && stack.length < tickerDepth) {
            const t = cleanText(ticker).trim();
            if (t) ixTickers.push(t);
            ticker = null;
          }
          const visible = !hiddenDepth && !skipDepth;
          if (e.hidden) hiddenDepth--;
          if (e.skip) skipDepth--;
          if (e.name === 'pre') preDepth--;
          if (!visible) continue;
          const table = tables.at(-1);
          if (table && CELL.has(e.name)) {
            table.row?.push(cleanText(table.cell ?? '').trim());
            table.cell = null;
            line += ' ';
          }
          if (table && e.name === 'tr' && table.row) {
            table.rows.push(table.row.filter((c, i) => c !== '' || i === 0));
            table.row = null;
          }
          if (e.name === 'table' && table) {
            tables.pop();
            if (table.rows.some((r) => r.some((c) => /trading\s*symbol/i.test(c)))) coverRows.push(...table.rows);
          }
          if (BLOCK.has(e.name)) flush();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(input);
  parser.end();
  flush();
  return { text: out.join('\n'), ixTickers, coverRows };
}
