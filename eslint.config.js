import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';
import importZones from './eslint-rules/import-zones.js';
import queryKeyFactories from './eslint-rules/query-key-factories.js';
import moduleBoundaries from './eslint-rules/module-boundaries.js';
import { SHARED_READS, TABLE_OWNERS } from './eslint-rules/server-tables.js';
import tableOwners from './eslint-rules/table-owners.js';
import factoriesForTestData from './eslint-rules/factories-for-test-data.js';

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
      // components/CopyButton also copies without the Clipboard API (plain http) and says when it cannot;
      // components/confirm asks every confirmation alike (confirmDelete, confirmAction).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mantine/core', importNames: ['CopyButton'], message: 'use components/CopyButton' },
            { name: '@mantine/modals', importNames: ['openConfirmModal', 'useModals'], message: 'use components/confirm (confirmDelete, confirmAction)' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='openConfirmModal']", message: 'use components/confirm (confirmDelete, confirmAction)' },
        // Messages as people read them are set with the first check (a first visit loads none of zod).
        { selector: "CallExpression[callee.property.name='safeParse']", message: 'use check() from lib/validate: it sets the human messages' },
      ],
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
    // The server's and the shared package's import graph: no circle of files; modules meet only
    // through their index.ts and form no circle either (docs/architecture.md "Modules").
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle, 'module-boundaries': moduleBoundaries } } },
    rules: {
      'local/no-import-cycle': 'error',
      'local/module-boundaries': 'error',
    },
  },
  {
    // Permission decisions are made in authz/ (can, authorize, ownsOrManages, isPublic): one written
    // elsewhere from an actor's global set or super flag drifts from the policy and its tests.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/authz/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[property.name='global']",
          "MemberExpression[property.name='super'][object.name=/[aA]ctor|signedFor/]",
          "MemberExpression[property.name='super'][object.property.name='actor']",
        ].map((selector) => ({
          selector,
          message: 'Decide with can() or authorize() from authz/: a permission check written elsewhere drifts from the policy',
        })),
      ],
    },
  },
  {
    // A module writes only its own tables, and reads another's only where server-tables.js says why.
    files: ['apps/server/src/**/*.ts'],
    plugins: { tables: { rules: { 'table-owners': tableOwners } } },
    rules: { 'tables/table-owners': ['error', { owners: TABLE_OWNERS, sharedReads: SHARED_READS }] },
  },
  {
    // The web's layers (docs/architecture.md "Web"): a feature imports no other feature and
    // not app/ (app/ composes features); shared code (components, lib, config) imports no
    // feature and not app/; pages that combine features live in app/routes/. And no import
    // circle, a lazy import included.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-zones': importZones, 'no-import-cycle': noImportCycle, 'query-key-factories': queryKeyFactories } } },
    rules: {
      'local/no-import-cycle': 'error',
      // Query keys come from their factories (lib/query-keys.ts: the keys shared across the
      // web; a feature's keys.ts; app/query-keys.ts), never from arrays written in place.
      'local/query-key-factories': 'error',
      'local/import-zones': [
        'error',
        {
          root: 'apps/web/src',
          zones: [
            {
              target: ['features/*'],
              from: ['features/*'],
              otherThanSelf: true,
              message: 'a feature imports no other feature (shared code goes to components/ or lib/, a page combining features to app/routes/)',
            },
            { target: ['features'], from: ['app'], message: 'a feature imports nothing from app/ (app/ composes features, not the other way)' },
            { target: ['components', 'lib', 'config'], from: ['features', 'app'], message: 'shared code imports no feature and not app/' },
          ],
        },
      ],
    },
  },
  {
    // The one place that opens Mantine's confirmation dialog, the one that checks with zod, and tests.
    files: ['apps/web/src/components/confirm-dialogs.tsx', 'apps/web/src/lib/validate.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Where the query keys are written.
    files: ['apps/web/src/lib/query-keys.ts', 'apps/web/src/app/query-keys.ts', 'apps/web/src/features/*/keys.ts'],
    rules: { 'local/query-key-factories': 'off' },
  },
  {
    // API tests make their data through test/factories.ts; a module's own route tests alone
    // write out its create calls.
    files: ['apps/server/**/*.api.test.ts'],
    plugins: { tests: { rules: { 'factories-for-test-data': factoriesForTestData } } },
    rules: {
      'tests/factories-for-test-data': 'error',
      // API test files share a worker and its modules (vitest.config.ts): none may stub a
      // module, a global or the environment for the files after it.
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'API test files share a worker: give the app what it needs through its config (test/harness.ts)',
        })),
      ],
    },
  },
  {
    // A dialog's button is pressed once the dialog has finished opening (answerDialog): a click
    // while it still grows in can be lost, and the dialog waits on, answered by nobody.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='click'] > MemberExpression > CallExpression[callee.property.name='getByRole'][arguments.0.value='button'] > MemberExpression > CallExpression[callee.property.name='getByRole'][arguments.0.value='dialog']",
          message: "answer a dialog with answerDialog(page, 'Its button') from ./fixtures",
        },
      ],
    },
  },
);
