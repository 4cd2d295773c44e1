// Import boundaries, enforced by eslint-plugin-import-x (see docs/ARCHITECTURE.md, "Boundaries").
// Zones are built from the folders on disk, so a new module or feature is covered by adding it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const dirs = (p) =>
  readdirSync(at(p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const MODULES = 'apps/server/src/modules';
const FEATURES = 'apps/web/src/features';

/**
 * Server: routes → service → rules | repo → db (what each role may import: ROLE_MAY_IMPORT below).
 * Modules meet only at their public entries:
 * service.ts (use cases), rules.ts (pure rules) and queries.ts (reads and writes of the module's
 * own tables, run in the caller's transaction, for the other modules).
 */
export const serverZones = [
  ...dirs(MODULES).map((m) => ({
    target: at(`${MODULES}/${m}/**`),
    from: at(`${MODULES}/!(${m})/**`),
    except: [at(`${MODULES}/*/service.ts`), at(`${MODULES}/*/rules.ts`), at(`${MODULES}/*/queries.ts`)],
    message: `A module uses another only through its service.ts, rules.ts or queries.ts; "${m}" reached into another module's internals.`,
  })),
  {
    target: at(`${MODULES}/**`),
    from: at(`${MODULES}/*/routes.ts`),
    message: 'Only app.ts mounts routes; nothing inside the modules imports a routes.ts.',
  },
  {
    target: [at('apps/server/src/lib/**'), at('apps/server/src/db/**'), at('apps/server/src/adapters/**')],
    from: at(`${MODULES}/**`),
    message: 'lib/, db/ and adapters/ sit below the modules and never import them.',
  },
];

/** Web (bulletproof-react): components/lib → features → app; a feature never imports another. */
export const webZones = [
  ...dirs(FEATURES).map((f) => ({
    target: at(`${FEATURES}/${f}/**`),
    from: at(`${FEATURES}/!(${f})/**`),
    message: `Features do not import each other ("${f}"): compose them in app/, or move what both need to components/ or lib/.`,
  })),
  {
    target: [at(`${FEATURES}/**`), at('apps/web/src/components/**'), at('apps/web/src/lib/**')],
    from: at('apps/web/src/app/**'),
    message: 'app/ composes the features; features, components and lib never import app/.',
  },
  {
    target: [at('apps/web/src/components/**'), at('apps/web/src/lib/**')],
    from: at(`${FEATURES}/**`),
    message: 'components/ and lib/ are shared by features and never import one.',
  },
];

/**
 * The floor plan: every server module, lowest first. A module imports only modules ranked below it
 * (docs/ARCHITECTURE.md, "Module order"); a read a lower module needs from a higher one travels in
 * as a port the composition root (app.ts) fills, like `ctx.notifier` and `ctx.upward`. A module
 * folder missing from this list fails lint; a name here without a folder (yet) is fine.
 */
export const MODULE_ORDER = [
  'users',
  'tokens',
  'auth',
  'audit',
  'brokers',
  'accounts',
  'splits',
  'confirmations',
  'trades',
  'analytics',
  'imports',
  'notifications',
  'discovery',
  'faqs',
  'feedback',
  'pageviews',
  'outbox',
  'affiliates',
  'billing',
  'admin',
  'comms',
  'health',
];

/**
 * Upward imports that are known and owed: each is `importer file → imported file`, relative to the
 * modules folder, with why it is still there. None is owed now (trades reads analytics' open positions
 * through `ctx.upward`); anything upward fails lint, and an entry whose import is gone should be deleted.
 */
export const UPWARD_DEBT = {};

const MODULES_DIR = at(MODULES);

/** The module and the path inside it of a file under apps/server/src/modules, or null. */
function moduleOf(file) {
  const rel = path.relative(MODULES_DIR, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [module, ...rest] = rel.split(path.sep);
  return rest.length === 0 ? null : { module, inner: rest.join('/') };
}

/** Folders inside a module whose every file has one role (the folder names it, not each file). */
export const ROLE_FOLDERS = { 'discovery/classifier': 'rules', 'imports/formats': 'rules' };

/**
 * A module file's role, from its folder (ROLE_FOLDERS) or its name: routes (`routes.ts`, `*-routes.ts`), repo (`repo.ts`,
 * `*-repo.ts`), rules (`rules.ts`, `*-rules.ts`), queries (`queries.ts`), and every other file a
 * service (a use case, or what the module's use cases share).
 */
export function roleOf(file) {
  const inModule = moduleOf(file);
  const folder = inModule && path.posix.dirname(`${inModule.module}/${inModule.inner}`);
  if (folder && ROLE_FOLDERS[folder]) return ROLE_FOLDERS[folder];
  const base = path.basename(file).replace(/\.tsx?$/, '');
  if (base === 'routes' || base.endsWith('-routes')) return 'routes';
  if (base === 'repo' || base.endsWith('-repo')) return 'repo';
  if (base === 'rules' || base.endsWith('-rules')) return 'rules';
  if (base === 'queries') return 'queries';
  return 'service';
}

/** The imports (static and `import()`) and re-exports of a file, with their source and whether they are type-only. */
function onImports(context, check) {
  const visit = (node) => {
    if (!node.source || typeof node.source.value !== 'string') return;
    const typeOnly =
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    check(node, node.source.value, typeOnly);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const resolveRelative = (file, source) => (source.startsWith('.') ? path.resolve(path.dirname(file), source) : null);

const moduleOrder = {
  meta: { type: 'problem', schema: [], docs: { description: 'a server module imports only modules ranked below it' } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const here = moduleOf(file);
    if (!here) return {};
    const rank = (m) => MODULE_ORDER.indexOf(m);
    return onImports(context, (node, source) => {
      const target = resolveRelative(file, source);
      const there = target && moduleOf(target);
      if (!there || there.module === here.module) return;
      for (const m of [here.module, there.module]) {
        if (rank(m) < 0) {
          context.report({
            node,
            message: `Module "${m}" is not in the floor plan: add it to MODULE_ORDER in eslint/boundaries.js.`,
          });
          return;
        }
      }
      if (rank(there.module) < rank(here.module)) return;
      const key = `${here.module}/${here.inner} → ${there.module}/${there.inner.replace(/(\.ts)?$/, '.ts')}`;
      if (UPWARD_DEBT[key]) return;
      context.report({
        node,
        message: `"${here.module}" may import only modules ranked below it (eslint/boundaries.js MODULE_ORDER), not "${there.module}": move the read to the caller, or take it as a port filled by app.ts.`,
      });
    });
  },
};

/**
 * What each role may import at run time, as an allow-list of kinds (kindOf): a package, Drizzle,
 * the schema (db/client's `schema`, db/schema, db/relation), the rest of db/, adapters/, the app
 * context, http/, lib/, a data file, or a module file by its role (its own module's or, through the
 * public entries, another's). Type-only imports are erased at build and always allowed.
 */
export const ROLE_MAY_IMPORT = {
  routes: ['package', 'db', 'adapters', 'context', 'http', 'lib', 'data', 'routes', 'service', 'repo', 'rules', 'queries'],
  service: ['package', 'db', 'adapters', 'context', 'http', 'lib', 'data', 'service', 'repo', 'rules', 'queries'],
  repo: ['package', 'drizzle', 'schema', 'db', 'context', 'http', 'lib', 'data', 'repo', 'rules', 'queries'],
  queries: ['package', 'drizzle', 'schema', 'db', 'lib', 'data', 'repo', 'rules', 'queries'],
  rules: ['package', 'lib', 'data', 'rules'],
};

const SERVER_SRC = at('apps/server/src');

/** The kind of thing an import brings in (see ROLE_MAY_IMPORT). */
function kindOf(file, source, node) {
  if (source === 'drizzle-orm' || source.startsWith('drizzle-orm/')) return 'drizzle';
  const target = resolveRelative(file, source);
  if (!target) return 'package';
  if (target.endsWith('.json')) return 'data';
  if (moduleOf(target)) return roleOf(target);
  const rel = path.relative(SERVER_SRC, target).split(path.sep).join('/');
  if (rel === 'db/schema' || rel.startsWith('db/schema/') || rel === 'db/relation') return 'schema';
  if (rel === 'db/client' && (node.specifiers ?? []).some((s) => s.imported?.name === 'schema' && s.importKind !== 'type'))
    return 'schema';
  const top = rel.split('/')[0].replace(/\.tsx?$/, '');
  return ['db', 'adapters', 'context', 'http', 'lib'].includes(top) ? top : 'package';
}

const WHY = {
  drizzle: 'only repo and queries files talk to the database',
  schema: 'only repo and queries files name tables',
};

const moduleRoles = {
  meta: { type: 'problem', schema: [], docs: { description: "each module file imports only what its role's allow-list names" } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    if (!moduleOf(file)) return {};
    const role = roleOf(file);
    return onImports(context, (node, source, typeOnly) => {
      if (typeOnly) return;
      const kind = kindOf(file, source, node);
      if (ROLE_MAY_IMPORT[role].includes(kind)) return;
      const why = WHY[kind] ?? (role === 'rules' ? 'a rules file is pure' : `a ${role} file sits below a ${kind} file`);
      context.report({
        node,
        message: `A ${role} file (${path.basename(file)}) may not import ${kind === 'package' ? 'that' : `a ${kind}`} ("${source}"): ${why} (eslint/boundaries.js ROLE_MAY_IMPORT).`,
      });
    });
  },
};

/** A `*Service` factory's name, called bare (`tradesService(ctx)`) or from an object (`x.tradesService(ctx)`). */
const SERVICE_FACTORY = /^[a-z]\w*Service$/;

/**
 * Services are built once, by apps/server/src/services.ts for buildApp (decision 035): a routes file
 * takes the services it uses as its plugin's options and never calls a `*Service(` factory, and a
 * service file never calls another module's `*Service(` factory (it takes that service as an argument
 * buildServices fills); its own module's factories are its own to compose.
 */
const servicesBuiltOnce = {
  meta: { type: 'problem', schema: [], docs: { description: 'no routes file builds a service, no service another module’s' } },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const here = moduleOf(file);
    const role = here && roleOf(file);
    if (role !== 'routes' && role !== 'service') return {};
    const name = path.basename(file);
    const report = (node, factory) =>
      context.report({
        node,
        message:
          role === 'routes'
            ? `A routes file (${name}) may not build a service (${factory}): take it as an option of the plugin; apps/server/src/services.ts builds every service once (decision 035).`
            : `A service file (${name}) may not build another module’s service (${factory}): take it as an argument; apps/server/src/services.ts builds every service once and hands it in (decision 035).`,
      });
    // In a service file: another module's factories as imported here (local name → factory), and its namespaces.
    const factories = new Map();
    const namespaces = new Set();
    return {
      ImportDeclaration(node) {
        const target = node.importKind === 'type' ? null : resolveRelative(file, node.source.value);
        const there = target && moduleOf(target);
        if (!there || there.module === here.module) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportNamespaceSpecifier') namespaces.add(s.local.name);
          else if (s.importKind !== 'type' && SERVICE_FACTORY.test(s.imported?.name ?? ''))
            factories.set(s.local.name, s.imported.name);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        const member = callee.type === 'MemberExpression';
        const called = member ? callee.property.name : callee.name;
        if (role === 'routes' && SERVICE_FACTORY.test(called ?? '')) report(node, called);
        else if (role === 'service' && !member && factories.has(called)) report(node, factories.get(called));
        else if (role === 'service' && member && namespaces.has(callee.object.name) && SERVICE_FACTORY.test(called ?? ''))
          report(node, called);
      },
    };
  },
};

/** The house rules ESLint cannot say with import paths alone. */
export const roundupPlugin = {
  rules: { 'module-order': moduleOrder, 'module-roles': moduleRoles, 'services-built-once': servicesBuiltOnce },
};

// A module folder on disk that the floor plan does not rank fails at once.
const unranked = dirs(MODULES).filter((m) => !MODULE_ORDER.includes(m));
if (unranked.length > 0) throw new Error(`eslint/boundaries.js: add ${unranked.join(', ')} to MODULE_ORDER`);
