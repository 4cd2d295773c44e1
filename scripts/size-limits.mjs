// Size limits (docs/ARCHITECTURE.md, "Size limits"): no hand-written source file over
// 300 lines, no server or shared function over 100 lines, no web component over 150 lines. Tests, migrations,
// seed data and content files aside. Functions are measured with the TypeScript compiler's syntax tree, from
// the first line of the function (its `function`, its parameters or its name) to its closing brace; a function
// inside another counts toward both.
//
//   node scripts/size-limits.mjs      prints what is over and the known debt (exit 1 on a problem)
//
// scripts/size-limits.test.ts runs it in every `npm test` (the unit project).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const LIMITS = { file: 300, function: 100, component: 150 };

/** Hand-written source: what the limits cover. */
const SOURCE = /^(?:apps|packages|scripts|bench|eslint)\/.*\.(?:[cm]?[jt]sx?)$/;
/** Tests, migrations, seed data and content files: not covered. */
const ASIDE = [
  /\.(?:test|int\.test|spec)\.[cm]?[jt]sx?$/, // tests
  /(?:^|\/)(?:test|tests|__tests__|fixtures)\//, // test helpers and fixtures (apps/server/test, apps/web/src/test, eslint/fixtures)
  /^e2e\//, // journeys
  /\.fixtures\.ts$/, // tables of cases shared by tests
  /\/db\/migrations\//, // migrations (hand-written SQL plus drizzle's snapshots)
  /\/db\/seed(?:-data\.ts|\/)/, // seed data
  /\.d\.ts$/, // declarations
];

/** Server and shared code: the function limit. */
const FUNCTION_SCOPE = /^(?:apps\/server\/src|packages\/shared\/src)\//;
/** Web code: the component limit. */
const COMPONENT_SCOPE = /^apps\/web\/src\/.*\.tsx$/;

/**
 * Known debt: what was over its limit when the check came (45 items), by file, or by file and
 * function. All of it has been split, so the list is empty. It may only shrink: the check fails when a listed
 * item is within its limit or gone. Never add to it; split the new code instead.
 */
export const KNOWN_DEBT = [];

const name = (node) =>
  node && (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) ? node.text : null;

/** A readable, stable name for a function: its own, its variable's or property's, or the call it is handed to. */
function functionName(node, sf) {
  if (node.name) return name(node.name) ?? node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return name(parent.name) ?? parent.name.getText(sf);
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) {
    // `memo(function X…)` / `forwardRef((…) => …)` take the name of what they are assigned to.
    const outer = parent.parent;
    if (outer && ts.isVariableDeclaration(outer)) return name(outer.name) ?? outer.name.getText(sf);
    const callee = parent.expression.getText(sf).replace(/\s+/g, '');
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? `(${JSON.stringify(first.text)})` : '()';
    return `${callee}${label}`;
  }
  return '(anonymous)';
}

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

/** `{ name, lines, component }` of every function in one file; nested ones are named `outer › inner`. */
export function measureFunctions(text, fileName) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const seen = new Map();
  const visit = (node, outer) => {
    let path = outer;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const own = functionName(node, sf);
      let full = outer ? `${outer} › ${own}` : own;
      const n = (seen.get(full) ?? 0) + 1;
      seen.set(full, n);
      if (n > 1) full = `${full} #${n}`;
      const lines = lineOf(sf, node.getEnd()) - lineOf(sf, node.getStart(sf)) + 1;
      // A component: a function named in PascalCase, in a .tsx file.
      out.push({ name: full, lines, component: fileName.endsWith('.tsx') && /^[A-Z]/.test(own) });
      path = full;
    }
    ts.forEachChild(node, (child) => visit(child, path));
  };
  visit(sf, '');
  return out;
}

/** Every covered file of the repository (tracked and new), with its text. */
export function sourceFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f) && !ASIDE.some((re) => re.test(f)))
    .flatMap((file) => {
      try {
        return [{ file, text: readFileSync(file, 'utf8') }];
      } catch {
        return []; // deleted in the work tree, still in the index
      }
    });
}

/** Every item over its limit: `{ key, lines, limit }`, where key is `file <path>` or `function|component <path> <name>`. */
export function overLimits(files) {
  const over = [];
  for (const { file, text } of files) {
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    if (lines > LIMITS.file) over.push({ key: `file ${file}`, lines, limit: LIMITS.file });
    const functions = FUNCTION_SCOPE.test(file);
    const components = COMPONENT_SCOPE.test(file);
    if (!functions && !components) continue;
    for (const f of measureFunctions(text, file)) {
      if (functions && f.lines > LIMITS.function)
        over.push({ key: `function ${file} ${f.name}`, lines: f.lines, limit: LIMITS.function });
      if (components && f.component && f.lines > LIMITS.component)
        over.push({ key: `component ${file} ${f.name}`, lines: f.lines, limit: LIMITS.component });
    }
  }
  return over;
}

/** `{ problems, debt }`: what is over and not known, and known debt that is paid (or gone); debt still owed. */
export function check(files = sourceFiles(), knownDebt = KNOWN_DEBT) {
  const over = overLimits(files);
  const known = new Set(knownDebt);
  const overKeys = new Set(over.map((o) => o.key));
  const problems = [
    ...over.filter((o) => !known.has(o.key)).map((o) => `${o.key}: ${o.lines} lines, over the limit of ${o.limit}; split it`),
    ...knownDebt
      .filter((k) => !overKeys.has(k))
      .map((k) => `${k}: listed as known debt in scripts/size-limits.mjs but within its limit (or gone); take it off the list`),
  ];
  return { problems, debt: over.filter((o) => known.has(o.key)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, debt } = check();
  for (const d of debt) console.log(`  known debt: ${d.key} (${d.lines} lines, limit ${d.limit})`);
  for (const p of problems) console.error(p);
  console.log(`size limits: ${debt.length} known debt item(s) left, ${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
