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
 * Server: routes → service → rules | repo → db. Modules meet only at their public entries:
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
    target: at(`${MODULES}/*/rules.ts`),
    from: [at(`${MODULES}/*/!(rules).ts`), at('apps/server/src/db/**'), at('apps/server/src/adapters/**')],
    message: 'rules.ts is pure: it imports no service, repo, routes, database or adapter.',
  },
  {
    target: at(`${MODULES}/*/repo.ts`),
    from: [at(`${MODULES}/*/service.ts`), at(`${MODULES}/*/routes.ts`)],
    message: 'repo.ts sits below the service: it never imports a service or routes.',
  },
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
