// The server as production runs it: plain JavaScript, no transpiler at run time.
// Bundles each entry point with our own code (and @roundup/shared) into apps/server/dist; every
// npm package stays an import of node_modules. The files the code reads beside itself are copied
// next to the bundles, so `import.meta.url`-relative paths hold in src and in dist alike:
//   dist/migrations (db/client.ts), dist/seed (db/seed-data.ts); ../../web/dist is the web build either way.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
// `--outdir <folder inside apps/server>` (tests build beside the real one, never over it).
const flag = process.argv.indexOf('--outdir');
const out = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(here, 'dist');
if (path.dirname(out) !== here) throw new Error(`build.mjs: the output must be a folder of apps/server (${out})`);
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@roundup/'));

rmSync(out, { recursive: true, force: true });
await build({
  // The statement reader is a worker thread's file of its own (decision 042), loaded beside the bundles.
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    seed: 'src/scripts/seed.ts',
    'statement-reader': 'src/modules/imports/statement-reader.ts',
  },
  absWorkingDir: here,
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Packages load from node_modules as they are; subpaths (`drizzle-orm/pg-core`) too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
cpSync(path.join(here, 'src/db/seed'), path.join(out, 'seed'), { recursive: true });
console.log(`Server built into ${path.relative(process.cwd(), out) || '.'}`);
