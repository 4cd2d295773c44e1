import { parseAst, type Plugin } from 'vite';

/** The shared package's own modules (tests and fixtures are never imported by the web). */
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** Where each call or `new` in an expression starts, not looking inside the functions it defines. */
function callStarts(node: Node, into: Set<number>) {
  if (/Function|ArrowFunction|Class/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') into.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, into);
  }
}

/**
 * The shared package builds its zod schemas, tables and formatters as module-level constants, for the server
 * that validates with them. The web uses a handful, but a bundler must keep a call it cannot prove free of side
 * effects, so every schema stayed in the web's code and was built on each page's first load: zod builds a schema
 * object by object, binding each method, and that was about a third of a signed-in screen's main-thread time on
 * a phone. The constants are side-effect free (building a schema changes nothing outside it), so this marks each
 * call in a module-level constant's initializer `@__PURE__`: the bundler then drops the constants the web never
 * reads (the schemas it does read are built when a form first uses them: lazy-shared-schemas.ts). Calls inside
 * functions, and statements that are not constant declarations, are left alone.
 */
export function pureSharedConstants(): Plugin {
  return {
    name: 'roundup-pure-shared-constants',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id)) return null;
      // TypeScript as written (JavaScript parses the same), so the comments land where the bundler reads them.
      const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
      const starts = new Set<number>();
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations as Node[]) if (isNode(d.init)) callStarts(d.init, starts);
      }
      if (starts.size === 0) return null;
      let out = '';
      let at = 0;
      for (const start of [...starts].sort((a, b) => a - b)) {
        out += code.slice(at, start) + '/* @__PURE__ */ ';
        at = start;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
