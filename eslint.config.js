import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { roundupPlugin, serverZones, webZones } from './eslint/boundaries.js';

/**
 * `npm test` sets LINT_TIER=every-change and so lints without the two costliest rule sets, which were over half of
 * lint's CPU: the React Compiler's rules (each web file compiled) and `import-x/no-cycle` (each import followed
 * and parsed). Editors, `npm run lint` and the full run (CI) keep both; eslint/import-cycles.test.ts, in every
 * run, finds circles without them, type-only imports included.
 */
const everyChange = process.env.LINT_TIER === 'every-change';
const HOOK_RULES_WITHOUT_COMPILER = new Set(['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps']);
const reactHooksRules = Object.fromEntries(
  Object.entries(reactHooks.configs.recommended.rules).filter(([rule]) => !everyChange || HOOK_RULES_WITHOUT_COMPILER.has(rule)),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tmp/**',
      '.tmp-*',
      'test-results/**',
      'apps/server/src/db/migrations/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-console': 'off',
    },
  },
  // Boundaries (product.md#boundaries): shared imports only zod and date helpers; web and server never import each other.
  {
    files: ['packages/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|date-fns(/.*)?$|@date-fns/tz$|\\./).*', message: 'shared imports only zod and date helpers' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooksRules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@roundup/server', '@roundup/server/*'],
              message: 'the web app never imports the server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@roundup/web', '@roundup/web/*'], message: 'the server never imports the web app' },
          ],
        },
      ],
    },
  },
  // Server modules: the floor plan (a module imports only modules ranked below it), the roles in
  // file names (only repo and queries files know Drizzle and the schema; rules files are pure), and
  // services built once in services.ts (no routes file builds one).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { roundup: roundupPlugin },
    rules: { 'roundup/module-order': 'error', 'roundup/module-roles': 'error', 'roundup/services-built-once': 'error' },
  },
  // Import direction and cycles (docs/ARCHITECTURE.md, "Boundaries"); test files may reach anywhere.
  // eslint/fixtures holds a deliberate cycle that eslint/boundaries.test.ts lints with the rule on.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'eslint/fixtures/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: { 'import-x/no-cycle': everyChange ? 'off' : ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] },
  },
);
