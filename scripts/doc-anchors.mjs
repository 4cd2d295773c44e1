// Stable doc anchors (issue 27 §5). Code and docs cite a rule of docs/product.md by the named anchor of its
// section (`product.md#stored`), which survives a new section; never by its number, which does not. And every
// decision record in docs/decisions/ carries a status line and is listed, with its status, in the index
// docs/decisions/README.md. scripts/doc-anchors.test.ts holds the repository to both.
//
//   node scripts/doc-anchors.mjs           lists what is wrong (exit 1 when anything is)
//   node scripts/doc-anchors.mjs --write   rewrites numbered citations to anchors and rewrites the index
//
// (After a merge that brings numbered citations or a new decision record, `--write` fixes both.)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECTION = '\u00a7'; // the section sign, spelled out so that this file cites nothing itself
const PRODUCT = 'docs/product.md';
const DECISIONS = 'docs/decisions';
const TEXT = /\.(?:[cm]?[jt]sx?|md|json|css|html|ya?ml|sql|sh)$/;
const SELF = /^scripts\/doc-anchors\./;
/** Migrations are history: what they say is never rewritten. */
const HISTORY = /\/db\/migrations\//;

/** `{ number, id, title }` of each numbered section of product.md (`## 3. What is stored <a id="stored"></a>`). */
export function productSections(markdown) {
  const out = [];
  for (const line of markdown.split('\n')) {
    const m = /^## (\d+)\. (.*?)(?: <a id="([\w-]+)"><\/a>)?$/.exec(line);
    if (m) out.push({ number: Number(m[1]), id: m[3] ?? null, title: m[2] });
  }
  return out;
}

/** Every anchor product.md defines: the `<a id>`s of its sections and any other `id="…"`. */
export function productAnchors(markdown) {
  return new Set([...markdown.matchAll(/\bid="([\w-]+)"/g)].map((m) => m[1]));
}

// A context word sets what a following bare section number refers to: product.md, or something else
// (an issue, an RFC, the spec, a decision), until the next context word on the line.
const CONTEXT = new RegExp(
  `(product\\.md)|\\b(?:issue|RFC|SPEC|spec|decision|section)s? #?\\d*|(${SECTION}\\s?(\\d+)(?!\\.\\d|\\d))`,
  'gi',
);

/**
 * The numbered product.md citations of one file's text, as `{ index, length, number }`. A line's bare numbers
 * after `product.md §n` (`product.md §2, §4`) are product.md's too; in product.md itself every bare one is.
 */
export function numberedCitations(text, { isProduct = false } = {}) {
  const out = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    let inProduct = isProduct;
    for (const m of line.matchAll(CONTEXT)) {
      if (m[1]) inProduct = true;
      else if (!m[2]) inProduct = false;
      else if (inProduct) out.push({ index: offset + m.index, length: m[2].length, number: Number(m[3]) });
    }
    offset += line.length + 1;
  }
  return out;
}

/** The text with each numbered citation replaced by its anchor; throws on a number with no anchored section. */
export function rewriteCitations(text, sections, { isProduct = false } = {}) {
  const byNumber = new Map(sections.map((s) => [s.number, s]));
  let out = text;
  for (const c of numberedCitations(text, { isProduct }).reverse()) {
    const section = byNumber.get(c.number);
    if (!section?.id) throw new Error(`product.md has no anchored section ${c.number}`);
    const before = out.slice(0, c.index);
    // `product.md §2` → `product.md#screens`; a bare `§4` after it → `product.md#states`;
    // in product.md itself → a link to the section by its title.
    const anchor = isProduct
      ? `[${section.title}](#${section.id})`
      : before.endsWith('product.md ')
        ? null
        : `product.md#${section.id}`;
    out =
      anchor === null
        ? `${before.slice(0, -1)}#${section.id}${out.slice(c.index + c.length)}`
        : `${before}${anchor}${out.slice(c.index + c.length)}`;
  }
  return out;
}

/** Anchors a text cites (`product.md#x`, and in product.md `](#x)`) that product.md does not define. */
export function missingAnchors(text, anchors, { isProduct = false } = {}) {
  const pattern = isProduct ? /\]\(#([\w-]+)\)/g : /product\.md#([\w-]+)/g;
  return [...text.matchAll(pattern)].map((m) => m[1]).filter((id) => !anchors.has(id));
}

/** `{ file, number, title, status }` of each decision record (`NNN-*.md`; `000-template.md` aside). */
export function decisionRecords(dir = DECISIONS) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', dir], {
    encoding: 'utf8',
  })
    .split('\n')
    .map((f) => path.basename(f))
    .filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'))
    .sort();
  return [...new Set(files)].map((file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const heading = /^# (\d{3})\s*(?:—|:|-)\s*(.*)$/m.exec(text);
    const status = /^Status: ([^(;\n]+)/m.exec(text); // the state, without its parenthesised history
    return {
      file,
      number: file.slice(0, 3),
      title: heading?.[2].trim() ?? null,
      status: status?.[1].trim() ?? null,
    };
  });
}

const INDEX_START = '<!-- index: written by `node scripts/doc-anchors.mjs --write` -->';
const INDEX_END = '<!-- end of index -->';

/** The index table of docs/decisions/README.md for these records. */
export function decisionIndex(records) {
  const rows = records.map((r) => `| [${r.number}](${r.file}) | ${r.title} | ${r.status} |`);
  return [INDEX_START, '', '| #   | Decision | Status |', '| --- | -------- | ------ |', ...rows, '', INDEX_END].join('\n');
}

/** Files that may cite product.md: tracked and new text files, this script, its test and migrations aside. */
export function citingFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && TEXT.test(f) && !SELF.test(f) && !HISTORY.test(f) && !f.includes('node_modules/'));
}

function readIfThere(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // deleted in the work tree, still in the index
  }
}

/** The index as written, whatever Prettier did to its table's spacing. */
const sameIndex = (a, b) => {
  const norm = (s) => s.replace(/ +/g, ' ').replace(/-{3,}/g, '---');
  return norm(a) === norm(b);
};

/** Writes a file as Prettier (the repository's settings) would have it. */
async function writeFormatted(file, text) {
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/** Every problem in the repository, as lines to print; with `write`, fixes what can be fixed first. */
export async function check({ write = false } = {}) {
  const problems = [];
  const product = readFileSync(PRODUCT, 'utf8');
  const sections = productSections(product);
  const anchors = productAnchors(product);
  for (const s of sections) if (!s.id) problems.push(`${PRODUCT}: section ${s.number} has no <a id="…">`);
  for (const file of citingFiles()) {
    const isProduct = file === PRODUCT;
    let text = readIfThere(file);
    if (text === null) continue;
    if (write && numberedCitations(text, { isProduct }).length > 0) {
      text = rewriteCitations(text, sections, { isProduct });
      await writeFormatted(file, text);
    }
    for (const c of numberedCitations(text, { isProduct }))
      problems.push(`${file}: cites product.md section ${c.number} by number`);
    for (const id of missingAnchors(text, anchors, { isProduct }))
      problems.push(`${file}: cites product.md#${id}, which product.md does not define`);
  }
  const records = decisionRecords();
  for (const r of records) {
    if (!r.title) problems.push(`${DECISIONS}/${r.file}: no "# NNN — Title" heading`);
    if (!r.status) problems.push(`${DECISIONS}/${r.file}: no "Status: …" line`);
  }
  const readmePath = `${DECISIONS}/README.md`;
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(INDEX_START);
  const end = readme.indexOf(INDEX_END);
  const index = decisionIndex(records);
  if (start < 0 || end < 0) problems.push(`${readmePath}: no index markers`);
  else if (!sameIndex(readme.slice(start, end + INDEX_END.length), index)) {
    if (write) await writeFormatted(readmePath, readme.slice(0, start) + index + readme.slice(end + INDEX_END.length));
    else problems.push(`${readmePath}: the index does not list every record with its title and status`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await check({ write: process.argv.includes('--write') });
  for (const p of problems) console.error(p);
  console.log(problems.length === 0 ? 'doc anchors and decision index: ok' : `${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
