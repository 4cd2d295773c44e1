import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import { LAZY_SCHEMA_MODULE, lazySharedSchemas } from './build/lazy-shared-schemas.ts';
import { onwarn } from './build/expected-warnings.ts';
import { pureSharedConstants } from './build/pure-shared-constants.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * What the loader of the prerendered pages (src/boot.ts) imports, to the end: one small chunk of its own, which the
 * app shares, and no other group takes it in as a dependency, so the landing loads the loader alone (decision 016). A new import in one of these
 * files belongs here too; e2e/landing-takeover.spec.ts fails on the landing's JavaScript budget otherwise.
 */
const LOADER_MODULES =
  /([\\/]apps[\\/]web[\\/]src[\\/]lib[\\/](analytics|api-client|early-data|ga|offline-worker|prerendered|session|takeover)\.ts|[\\/]packages[\\/]shared[\\/]src[\\/]storage-keys\.ts)$/;
const notLoader = (id: string) => !LOADER_MODULES.test(id);

/**
 * A signed-in page loaded 51 JavaScript files in three waves. The bundler's automatic split
 * makes a chunk of every module set that a different combination of routes shares; these groups gather them
 * instead: the libraries the app starts with, the libraries of its pages, the shared schemas, and the web's
 * own components and helpers that more than one page uses. Each page then needs its own chunk and these few.
 */
const PAGE_LIBRARIES = /node_modules[\\/](@dnd-kit|dompurify|date-fns|@date-fns|@floating-ui)[\\/]/;
/**
 * The libraries in three files rather than one (the vendor chunk was 530 KB, 162 KB gzip): React (Preact behind
 * `react` and `react-dom`) and its router and query cache, which every page runs first; zod, which the shared schemas are built with; the rest (react-bootstrap
 * and its helpers). Three downloads in parallel, and three scripts the browser compiles on separate threads.
 */
const REACT_CORE = /node_modules[\\/](react|react-dom|preact|scheduler|react-router|@tanstack)[\\/]/;
/**
 * Rich text (the sanitizer and the component that renders with it) is shown on a few pages, never on a first
 * signed-in screen: its own chunk, after `shared` (which keeps the rich-text policy every side reads) and before
 * `common`. The admin's rich-text field stays out of `common` too, or `common` would import it for every page.
 */
const RICH_TEXT = /(node_modules[\\/]dompurify[\\/]|apps[\\/]web[\\/]src[\\/]components[\\/]SafeHtml\.tsx$)/;
const RICH_TEXT_USERS = /apps[\\/]web[\\/]src[\\/]components[\\/]HtmlField\.tsx$/;
const CHUNK_GROUPS = [
  // First, so no other group takes them in as a dependency: the loader's chunk, which the app shares.
  // With Vite's helper for the loader's dynamic import of the app (otherwise a dependency the `common` group takes).
  // With the stand-in the shared package's deferred schemas are built through (lazy-shared-schemas.ts): a few hundred
  // bytes every page's scripts import, which the loader's idempotency module takes in already.
  {
    name: 'loader',
    test: (id: string) => LOADER_MODULES.test(id) || id.includes('vite/preload-helper') || id === LAZY_SCHEMA_MODULE,
    priority: 7,
  },
  { name: 'react', test: (id: string) => REACT_CORE.test(id), priority: 6 },
  { name: 'zod', test: (id: string) => /node_modules[\\/]zod[\\/]/.test(id), priority: 6 },
  // The other libraries every page uses (react-bootstrap); the libraries of one or two pages (drag and drop, rich
  // text, time zones) stay with those pages.
  { name: 'vendor', test: (id: string) => /node_modules/.test(id) && !PAGE_LIBRARIES.test(id), priority: 5 },
  { name: 'shared', test: (id: string) => /packages[\\/]shared[\\/]/.test(id) && notLoader(id), priority: 4 },
  { name: 'rich-text', test: (id: string) => RICH_TEXT.test(id), priority: 3 },
  {
    name: 'common',
    test: (id: string) =>
      /apps[\\/]web[\\/]src[\\/](components|lib|app)[\\/]/.test(id) && notLoader(id) && !RICH_TEXT_USERS.test(id),
    minShareCount: 2,
    priority: 2,
  },
];

/** Where the Node build of src/prerender.tsx is kept, under the web build's outDir. */
const SSR_DIR = 'ssr';

/**
 * Renders the public pages to HTML at build (docs/decisions/015-prerendered-public-pages.md): builds
 * src/prerender.tsx for Node, renders each of its PRERENDERED_PATHS into the built index.html's #root
 * and writes dist/prerendered/<path>/index.html (the server answers those paths with them).
 */
async function prerenderPages(outDir: string) {
  // Kept for the server, which renders /faq again with the published FAQs (decision 015, "Data the
  // pages fetch"): dist/ssr/prerender.js, never served (apps/server/src/http/web.ts, allowedPath).
  const ssrDir = path.join(outDir, SSR_DIR);
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      // Self-contained, nothing imported from node_modules at run time (react-bootstrap's subpath imports are not Node ESM; @roundup/shared is TypeScript).
      ssr: { noExternal: true },
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rolldownOptions: { onwarn },
      },
    });
    // ES modules wherever dist is copied to (its lazy routes are chunks in ssr/assets).
    writeFileSync(path.join(ssrDir, 'package.json'), '{ "type": "module", "private": true }\n');
    const entry = readdirSync(ssrDir).find((f) => /^prerender\.m?js$/.test(f));
    const mod = (await import(pathToFileURL(path.join(ssrDir, entry!)).href)) as {
      PRERENDERED_PATHS: readonly string[];
      pageModuleFor(pathname: string): string | null;
      render(pathname: string): Promise<{ html: string; pageView: string | null; head: { title: string; description: string } }>;
    };
    const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    // The prerendered pages load only the loader (src/boot.ts), never the app's entry and its
    // modulepreloads: the loader starts the app when the page is used (docs/decisions/016-landing-javascript.md).
    const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(shell);
    if (!entryScript || !manifest['src/boot.ts']) throw new Error('prerender: no entry script or no src/boot.ts chunk');
    // Before the loader: a classic script that keeps the taps and typing that happen before the loader runs
    // (src/early-input.js). Content-hashed under /assets like the rest.
    const earlyFile = hashedCopy(outDir, 'early-input');
    if (!shell.includes('<meta charset="UTF-8" />')) throw new Error('index.html has no charset meta');
    const template = shell
      .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script src="/${earlyFile}"></script>`)
      .replace(entryScript[0], `<script type="module" crossorigin src="/${manifest['src/boot.ts'].file}"></script>`)
      .replace(/ *<link rel="modulepreload"[^>]*>\n/g, '');
    // A page module's chunk and the chunks it imports, less those index.html already loads.
    const chunksOf = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key) || !manifest[key]) return seen;
      seen.add(key);
      for (const i of manifest[key].imports ?? []) chunksOf(i, seen);
      return seen;
    };
    // What the app's entry already loads: a page's chunks less these are the page's own.
    const appChunks = new Set([...shell.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    for (const pathname of mod.PRERENDERED_PATHS) {
      const { html, pageView, head } = await mod.render(pathname);
      const pageModule = mod.pageModuleFor(pathname);
      if (pageModule && !manifest[pageModule]) throw new Error(`prerender ${pathname}: ${pageModule} is not a chunk`);
      // The page's route chunk, fetched by the loader together with the app when it takes over.
      const preload = [...(pageModule ? chunksOf(pageModule) : [])]
        .map((k) => `/${manifest[k].file}`)
        .filter((f) => !appChunks.has(f));
      const attributes = [
        'data-prerendered=""',
        preload.length ? `data-preload="${preload.join(' ')}"` : '',
        // The path analytics records when it differs from the URL's (/services → /reverse-splits).
        pageView ? `data-page-view="${pageView}"` : '',
      ].filter(Boolean);
      const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      // The page's own head: the server keeps it (apps/server/src/http/web.ts) and adds the link tags.
      const page = template
        // Replacement functions: a description may hold "$1" ("$11,952 a year").
        .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(head.title)}</title>`)
        .replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_, open: string, close: string) => open + attr(head.description) + close,
        )
        .replace('<div id="root"></div>', `<div id="root" ${attributes.join(' ')}>${html}</div>`);
      const dir = path.join(outDir, 'prerendered', ...pathname.split('/').filter(Boolean));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), page);
    }
  } finally {
    // The manifest was for this step only: it is not served.
    rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
  }
}

/** Copies src/<name>.js (a classic script) to assets/<name>-<hash>.js and returns that path. */
function hashedCopy(outDir: string, name: string): string {
  const body = readFileSync(path.join(root, `src/${name}.js`));
  const file = `assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(outDir, file), body);
  return file;
}

/**
 * The lazy modules a signed-in page runs as it opens (the route's page and the parts app/ composes into it), and
 * those of every signed-in page (the member menu). Without them in the document the browser learns of them only
 * once the app's router has run: the page's code came a round trip after the app's, and after its data.
 */
const SIGNED_IN_MODULES: Record<string, string[]> = {
  '*': ['src/app/layout/UserMenu.tsx'],
  '/reverse-splits': [
    'src/features/splits/pages/ReverseSplitsPage.tsx',
    'src/features/trades/RecordTradesButton.tsx',
    'src/features/trades/components/TradeProgressText.tsx',
    'src/features/trades/components/TodoList.tsx',
  ],
  '/settings': ['src/features/users/pages/SettingsPage.tsx'],
  '/settings/accounts': ['src/features/users/pages/SettingsPage.tsx', 'src/features/accounts/components/AccountsTab.tsx'],
  '/settings/analytics': ['src/features/users/pages/SettingsPage.tsx', 'src/features/analytics/components/AnalyticsTab.tsx'],
  '/settings/import': ['src/features/users/pages/SettingsPage.tsx', 'src/features/imports/components/ImportTab.tsx'],
  '/admin/reverse-splits': ['src/features/admin/components/AdminLayout.tsx', 'src/features/splits/pages/AdminSplitsPage.tsx'],
};

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * Each signed-in page's chunks (its modules' chunks and what they import) and their style sheets, less those the
 * shell already loads. The style sheets too: the router waits for a lazy page's style sheets before it draws it,
 * and they were asked for only then, a round trip after the page's code.
 */
function pageCode(manifest: Manifest, shell: string): Record<string, string[]> {
  const inShell = new Set([...shell.matchAll(/"\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  const chunksOf = (key: string, seen: Set<string>): Set<string> => {
    if (!manifest[key]) throw new Error(`early data: ${key} is not a chunk (SIGNED_IN_MODULES in vite.config.ts)`);
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) chunksOf(i, seen);
    return seen;
  };
  return Object.fromEntries(
    Object.entries(SIGNED_IN_MODULES).map(([page, modules]) => {
      const keys = modules.reduce((seen, m) => chunksOf(m, seen), new Set<string>());
      const files = [...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]);
      return [page, [...new Set(files)].filter((f) => !inShell.has(f))];
    }),
  );
}

/**
 * The app's shell (index.html, answered for every page not rendered at build) gets src/early-data.js before its
 * modules, so a signed-in page's data and code are asked for while the app downloads. After the
 * prerender step, which builds the public pages from the shell without it: they load the loader, not the app.
 * The script gets the table of each page's code here (its `PAGE_CODE`), then a content hash like the rest.
 */
function addEarlyData(outDir: string, manifest: Manifest) {
  const shellFile = path.join(outDir, 'index.html');
  const shell = readFileSync(shellFile, 'utf8');
  if (!shell.includes('<meta charset="UTF-8" />')) throw new Error('index.html has no charset meta');
  const source = readFileSync(path.join(root, 'src/early-data.js'), 'utf8');
  const table = 'var PAGE_CODE = {};';
  if (!source.includes(table)) throw new Error(`src/early-data.js has no "${table}" to fill`);
  const body = source.replace(table, () => `var PAGE_CODE = ${JSON.stringify(pageCode(manifest, shell))};`);
  const file = `assets/early-data-${createHash('sha256').update(body).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(outDir, file), body);
  writeFileSync(
    shellFile,
    shell.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script src="/${file}"></script>`),
  );
}

/**
 * Writes .br and .gz siblings of the build's text assets; the server sends them as-is
 * (@fastify/static preCompressed): compressed transfers at no request-time CPU (product.md#budgets).
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return {
    name: 'roundup-prerender-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // One hook, in order: the prerendered pages are written first so they get compressed too.
    async closeBundle() {
      // Read before the prerender step, which removes it.
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      await prerenderPages(outDir);
      addEarlyData(outDir, manifest);
      for (const file of walk(outDir)) {
        if (!/\.(?:js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        if (path.relative(outDir, file).startsWith(`${SSR_DIR}${path.sep}`)) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root,
  // No Fast Refresh: its runtime patches React's internals, which Preact (decision 053) does not have, so an edit
  // would change nothing on screen. Without it `npm run dev` reloads the page on every edit.
  plugins: [react({ refreshExclude: /./ }), lazySharedSchemas(), pureSharedConstants(), prerenderAndPrecompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by the prerender step (chunks to preload per page), then removed.
    manifest: true,
    rolldownOptions: {
      // index.html (the app, for every page answered with the empty shell) and the loader of the
      // pages rendered at build, which the prerender step puts in their HTML instead (decision 016).
      input: { index: path.join(root, 'index.html'), boot: path.join(root, 'src/boot.ts') },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
      onwarn,
    },
    // Source maps are not shipped (they would publish the original sources and comments); `npm run dev` has them.
    sourcemap: false,
    // product.md#budgets: the landing route's initial JS stays ≤ 150 KB gzip; feature pages are lazy routes.
    chunkSizeWarningLimit: 500,
  },
});
