import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';
import repoInsideModule from './eslint-rules/repo-inside-module.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The shared package is imported by both sides: it must not reach into either.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@observatory/server', '@observatory/web', 'node:*'] }],
    },
  },
  {
    // The server's and the shared package's import graph: no circle, and each module's repo
    // stays inside it (docs/architecture.md "Modules").
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle, 'repo-inside-module': repoInsideModule } } },
    rules: {
      'local/no-import-cycle': 'error',
      'local/repo-inside-module': 'error',
    },
  },
);
