import { fileURLToPath } from 'node:url';
import { parseAst, type Plugin } from 'vite';

/** The shared package's own modules (tests and fixtures are never imported by the web). */
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/;
/** The stand-in every deferred schema is built through; `vite.config.ts` keeps it in the `loader` chunk every page loads. */
export const LAZY_SCHEMA_MODULE = fileURLToPath(new URL('./lazy-schema.ts', import.meta.url));

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * Methods only a zod schema has (no array, string, Map or Set has them): a chain that calls one builds a schema,
 * whatever it starts from (`legInput.omit({…})`, where `legInput` comes from another module).
 */
const SCHEMA_METHODS = new Set([
  'omit',
  'pick',
  'extend',
  'partial',
  'required',
  'refine',
  'superRefine',
  'optional',
  'nullable',
  'nullish',
  'pipe',
  'transform',
  'array',
  'default',
  'catch',
  'brand',
  'meta',
  'describe',
]);

/** The identifier a call chain starts from (`z` in `z.string().min(1)`), and the methods it calls. */
function chain(node: Node): { root: string | null; methods: string[] } {
  const methods: string[] = [];
  let n = node;
  while (n.type === 'CallExpression' || n.type === 'MemberExpression') {
    if (n.type === 'MemberExpression' && (n.property as Node).type === 'Identifier')
      methods.push((n.property as Node).name as string);
    n = (n.type === 'CallExpression' ? n.callee : n.object) as Node;
  }
  return { root: n.type === 'Identifier' ? (n.name as string) : null, methods };
}

/**
 * A schema being built: a call chain that starts at zod (`z`), at a schema this module defers or at one of its
 * schema builders (`const date = (label) => z.string()…`), or that calls a schema's method.
 */
function isSchema(node: Node, deferred: Set<string>, builders: Set<string>): boolean {
  if (node.type !== 'CallExpression') return false;
  const { root, methods } = chain(node);
  if (root === null) return false;
  return root === 'z' || deferred.has(root) || builders.has(root) || methods.some((m) => SCHEMA_METHODS.has(m));
}

/** An arrow function whose body is a schema being built: `(label: string) => z.string()…`. */
function isBuilder(node: Node, deferred: Set<string>, builders: Set<string>): boolean {
  return node.type === 'ArrowFunctionExpression' && isSchema(node.body as Node, deferred, builders);
}

/** Where a module's code changes: a schema built on first use, or a constant worked out in a function called in place. */
export interface Deferred {
  start: number;
  end: number;
  as: 'schema' | 'in place';
}

/**
 * The ranges to defer in one module: each module-level constant that builds a schema, and each schema among the
 * properties of a module-level object of fields (`const splitFields = { name: z.string()… }`). A constant that reads
 * a deferred schema (`Object.keys(notificationsSchema.shape)`) is worked out in a function called in place: a
 * property read is something the bundler must keep, and it would build the schema at load; a call marked pure it
 * may drop when nothing reads the constant.
 */
export function deferredRanges(code: string): Deferred[] {
  if (!/import \{[^}]*\bz\b[^}]*\} from ["']zod["']/.test(code)) return [];
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
  const deferred = new Set<string>();
  const builders = new Set<string>();
  const ranges: Deferred[] = [];
  const defer = (n: Node, as: Deferred['as'] = 'schema') => ranges.push({ start: n.start, end: n.end, as });
  const readsDeferred = (n: Node) => [...deferred].some((name) => new RegExp(`\\b${name}\\b`).test(code.slice(n.start, n.end)));
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as Node[]) {
      const init = d.init as Node | null;
      if (!init) continue;
      const name = (d.id as Node).name as string;
      if (isSchema(init, deferred, builders)) {
        defer(init);
        deferred.add(name);
      } else if (isBuilder(init, deferred, builders)) {
        builders.add(name);
      } else if (init.type === 'ObjectExpression') {
        for (const p of init.properties as Node[])
          if (p.type === 'Property' && isSchema(p.value as Node, deferred, builders)) defer(p.value as Node);
      } else if (init.type === 'CallExpression' && readsDeferred(init)) {
        defer(init, 'in place');
      }
    }
  }
  return ranges;
}

/**
 * The shared package builds about two hundred zod schemas as module-level constants, for the server that validates
 * every request with them. The web build drops those it never reads (pure-shared-constants.ts), but the few dozen
 * its forms read were still built when the page's code loaded: zod builds a schema object by object and binds every
 * method on each, and on a phone profile (4× slower CPU) evaluating the `shared` chunk took about 300 ms of every
 * signed-in screen's first load, on screens with no form at all. This puts each schema behind `lazySchema`, in the
 * web build only, so it is built the first time a form checks a value with it. A schema the chain cannot tell apart
 * from another value (a builder's plain call, `uuidId('…')`) is left as it is, and built at load as before.
 */
export function lazySharedSchemas(): Plugin {
  return {
    name: 'roundup-lazy-shared-schemas',
    apply: 'build',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id)) return null;
      const ranges = deferredRanges(code);
      if (ranges.length === 0) return null;
      let out = `import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA_MODULE)};\n`;
      let at = 0;
      for (const r of ranges) {
        const wrapped =
          r.as === 'schema' ? `__lazySchema(() => ${code.slice(r.start, r.end)})` : `(() => ${code.slice(r.start, r.end)})()`;
        out += code.slice(at, r.start) + wrapped;
        at = r.end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
