import { TZDate } from '@date-fns/tz';
import { MARKET_TZ } from '@roundup/shared';
import { XMLParser } from 'fast-xml-parser';
import { parseDocument } from 'htmlparser2';
import { z } from 'zod';
import { EdgarHttpError, type EdgarHttp } from './http';

export { edgarHttp, EdgarHttpError, retryAfterMs, type EdgarHttp, type EdgarHttpOptions } from './http';

/**
 * SEC EDGAR, read through three public endpoints (real addresses by default, a local peer in
 * tests and offline): full-text search, the current-filings Atom feed, and the Archives (filing
 * index pages and documents). Bodies that do not parse fail with an error naming the endpoint.
 */
export interface EdgarEndpoints {
  /** https://efts.sec.gov/LATEST/search-index */
  searchUrl: string;
  /** https://www.sec.gov (Archives/edgar/data/… and cgi-bin/browse-edgar live under it). */
  archivesUrl: string;
}

export interface SearchHit {
  accession: string;
  /** The document the search matched; '' when it is not one to read (a PDF). */
  filename: string;
  /** Its type in the filing ("8-K", "EX-99.1"), '' when the hit does not say. */
  fileType: string;
  cik: string;
  displayNames: string[];
  company: string;
  form: string;
  fileDate: string;
  /** 8-K item numbers, when the hit lists them. */
  items: string[];
}

export interface SearchPage {
  total: number;
  /** False when the total is a lower bound ("gte"): the window must be narrowed. */
  exact: boolean;
  hits: SearchHit[];
  /** Hits that could not be placed (no CIK, accession, form or file date): their _id and the fields at fault. */
  skipped: { id: string; reason: string }[];
}

export interface FeedEntry {
  accession: string;
  cik: string;
  company: string;
  form: string;
  fileDate: string;
  /** Item numbers the summary lists (8-K), e.g. ['3.03', '5.03']. */
  items: string[];
}

export interface IndexDocument {
  filename: string;
  type: string;
  description: string;
  url: string;
}

export interface FilingIndex {
  acceptedAt: string | null;
  documents: IndexDocument[];
}

/** The page: its total and a list of hits, each validated on its own (searchHit). */
const searchJson = z.object({
  hits: z.object({
    total: z.object({ value: z.number().int().nonnegative(), relation: z.string() }),
    hits: z.array(z.unknown()),
  }),
});

/**
 * One hit. SEC really returns hits it cannot place ("_id":"undefined:…", empty ciks, null
 * file_date and form): such a hit is skipped, never the page.
 */
const searchHit = z.object({
  _id: z.string().min(1),
  _source: z.object({
    ciks: z.array(z.string().regex(/^\d{1,10}$/)).min(1),
    display_names: z.array(z.string()).nullish(),
    form: z.string().min(1),
    file_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    adsh: z.string().regex(/^\d{10}-\d{2}-\d{6}$/),
    file_type: z.string().nullish(),
    items: z.array(z.string()).nullish(),
  }),
});

/** The document a hit names, unless it is one the classifier cannot read (a PDF): then the filing index decides. */
function hitDocument(id: string): string {
  const name = id.includes(':') ? id.slice(id.indexOf(':') + 1) : '';
  return /\.(?:htm|html|txt|xml)$/i.test(name) ? name : '';
}

function toHit(h: z.infer<typeof searchHit>): SearchHit {
  const names = h._source.display_names ?? [];
  return {
    accession: h._source.adsh,
    filename: hitDocument(h._id),
    fileType: h._source.file_type ?? '',
    cik: h._source.ciks[0],
    displayNames: names,
    company: names[0] ? companyOf(names[0]) : `CIK ${h._source.ciks[0]}`,
    form: h._source.form,
    fileDate: h._source.file_date,
    items: h._source.items ?? [],
  };
}

/** "Foo Corp  (FOO, FOOW)  (CIK 0001234567)" → "Foo Corp". */
export function companyOf(displayName: string): string {
  return displayName
    .replace(/\s*\(CIK \d+\)\s*$/i, '')
    .replace(/\s*\([A-Z0-9.,\s-]+\)\s*$/, '')
    .trim();
}

const hitId = (raw: unknown) => {
  const id = (raw as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? id.slice(0, 200) : '(no _id)';
};

const stripCik = (cik: string) => cik.replace(/^0+/, '') || '0';
const noDashes = (accession: string) => accession.replace(/-/g, '');

export function filingFolderUrl(archivesUrl: string, cik: string, accession: string): string {
  return `${archivesUrl}/Archives/edgar/data/${stripCik(cik)}/${noDashes(accession)}`;
}

export function filingIndexUrl(archivesUrl: string, cik: string, accession: string): string {
  return `${filingFolderUrl(archivesUrl, cik, accession)}/${accession}-index.htm`;
}

export interface EdgarClient {
  search(p: { q: string; forms: readonly string[]; startdt: string; enddt: string; from?: number }): Promise<SearchPage>;
  currentFeed(form: string): Promise<FeedEntry[]>;
  filingIndex(cik: string, accession: string): Promise<FilingIndex>;
  document(url: string): Promise<Buffer>;
  readonly http: EdgarHttp;
}

export function edgarClient(endpoints: EdgarEndpoints, http: EdgarHttp): EdgarClient {
  const archives = endpoints.archivesUrl.replace(/\/+$/, '');
  return {
    http,
    async search(p) {
      const url = new URL(endpoints.searchUrl);
      url.searchParams.set('q', `"${p.q}"`);
      url.searchParams.set('forms', p.forms.join(','));
      url.searchParams.set('dateRange', 'custom');
      url.searchParams.set('startdt', p.startdt);
      url.searchParams.set('enddt', p.enddt);
      if (p.from) url.searchParams.set('from', String(p.from));
      const body = await http.get(url.toString(), 'application/json');
      let parsed: z.infer<typeof searchJson>;
      try {
        parsed = searchJson.parse(JSON.parse(body.toString('utf8')));
      } catch (err) {
        throw new EdgarHttpError(
          `full-text search answered malformed JSON: ${(err as Error).message.slice(0, 200)}`,
          200,
          url.toString(),
        );
      }
      const hits: SearchHit[] = [];
      const skipped: SearchPage['skipped'] = [];
      for (const raw of parsed.hits.hits) {
        const hit = searchHit.safeParse(raw);
        if (hit.success) hits.push(toHit(hit.data));
        else skipped.push({ id: hitId(raw), reason: hit.error.issues.map((i) => i.path.join('.')).join(', ') });
      }
      return { total: parsed.hits.total.value, exact: parsed.hits.total.relation === 'eq', hits, skipped };
    },
    async currentFeed(form) {
      const url = `${archives}/cgi-bin/browse-edgar?action=getcurrent&type=${encodeURIComponent(form)}&company=&dateb=&owner=include&start=0&count=100&output=atom`;
      return parseCurrentFeed((await http.get(url, 'application/atom+xml')).toString('utf8'));
    },
    async filingIndex(cik, accession) {
      const url = filingIndexUrl(archives, cik, accession);
      return parseFilingIndex((await http.get(url, 'text/html')).toString('utf8'), archives);
    },
    document: (url) => http.get(url, 'text/html'),
  };
}

/** The current-filings Atom feed → entries; entries missing an accession, CIK or form are skipped. */
export function parseCurrentFeed(xml: string): FeedEntry[] {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
    feed?: { entry?: unknown };
  };
  const raw = doc?.feed?.entry;
  const entries = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Record<string, unknown>[];
  const out: FeedEntry[] = [];
  for (const e of entries) {
    const title = typeof e.title === 'string' ? e.title : '';
    const summary = typeof e.summary === 'string' ? e.summary : String((e.summary as { '#text'?: string })?.['#text'] ?? '');
    const id = typeof e.id === 'string' ? e.id : '';
    const accession = (/accession-number=(\d{10}-\d{2}-\d{6})/.exec(id) ??
      /AccNo:<\/b>\s*(\d{10}-\d{2}-\d{6})/.exec(summary))?.[1];
    const m = /^(.+?) - (.+?) \((\d{4,10})\)/.exec(title);
    const fileDate =
      /Filed:<\/b>\s*(\d{4}-\d{2}-\d{2})/.exec(summary)?.[1] ?? (typeof e.updated === 'string' ? e.updated.slice(0, 10) : '');
    if (!accession || !m || !/^\d{4}-\d{2}-\d{2}$/.test(fileDate)) continue;
    out.push({
      accession,
      form: m[1].trim(),
      company: m[2].trim(),
      cik: m[3],
      fileDate,
      items: [...summary.matchAll(/Item (\d+\.\d+)/g)].map((x) => x[1]),
    });
  }
  return out;
}

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

function textOf(n: Node): string {
  if (n.type === 'text') return n.data ?? '';
  return (n.children ?? []).map(textOf).join('');
}

function findAll(n: Node, pred: (n: Node) => boolean, out: Node[] = []): Node[] {
  if (pred(n)) out.push(n);
  for (const c of n.children ?? []) findAll(c, pred, out);
  return out;
}

/**
 * A filing's index page (`…-index.htm`): its acceptance time and the documents of its
 * "Document Format Files" table (Seq, Description, Document, Type, Size).
 */
export function parseFilingIndex(html: string, archivesUrl: string): FilingIndex {
  const root = parseDocument(html) as unknown as Node;
  // "Accepted" is New York wall time, e.g. 2025-11-24 16:05:12.
  const m = /Accepted<\/div>\s*<div class="info">\s*(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/i.exec(html);
  const acceptedAt = m
    ? new Date(new TZDate(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], MARKET_TZ).getTime()).toISOString()
    : null;
  const documents: IndexDocument[] = [];
  for (const table of findAll(root, (n) => n.name === 'table')) {
    const rows = findAll(table, (n) => n.name === 'tr');
    const header = rows[0]
      ? findAll(rows[0], (n) => n.name === 'th' || n.name === 'td').map((c) => textOf(c).trim().toLowerCase())
      : [];
    const col = (name: string) => header.indexOf(name);
    if (col('document') < 0 || col('type') < 0) continue;
    for (const row of rows.slice(1)) {
      const cells = findAll(row, (n) => n.name === 'td');
      const link = findAll(cells[col('document')] ?? { type: 'tag' }, (n) => n.name === 'a')[0];
      const href = link?.attribs?.href;
      if (!href) continue;
      const clean = href.replace(/^\/ix\?doc=/, '');
      const url = clean.startsWith('http') ? clean : `${archivesUrl}${clean.startsWith('/') ? '' : '/'}${clean}`;
      documents.push({
        filename: clean.split('/').pop() ?? clean,
        type: textOf(cells[col('type')] ?? { type: 'tag' }).trim(),
        description: col('description') >= 0 ? textOf(cells[col('description')] ?? { type: 'tag' }).trim() : '',
        url,
      });
    }
  }
  return { acceptedAt, documents };
}
