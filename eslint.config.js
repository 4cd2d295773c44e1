import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { roundupPlugin, serverZones, webZones } from './eslint/boundaries.js';

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
      ...reactHooks.configs.recommended.rules,
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
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
