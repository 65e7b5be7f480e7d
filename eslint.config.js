// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Folders under `dir`, read from the disk so the rules below cannot leave a new one out. */
const foldersIn = (/** @type {string} */ dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SRC_FOLDERS = foldersIn('src');
/** Feature folders under src/features; each may import from no other. */
const FEATURES = foldersIn('src/features');
/**
 * Feature folders that other features may import: the conversation views both
 * areas show (decision 047) and the resource views (decision 054).
 */
const SHARED_FEATURES = { member: ['messages', 'resources'], admin: ['messages', 'resources'] };
/**
 * What every part of the app may import (src/routes, src/theme, src/components,
 * src/data, src/session, src/actors, …): everything in src but the assembly
 * (src/app), the features and the tests' helpers. None may import a feature.
 */
const SHARED_FOLDERS = SRC_FOLDERS.filter((folder) => !['app', 'features', 'testing'].includes(folder));

const BOUNDARIES = [
  {
    target: './machines',
    from: './src',
    message: 'Machines are pure logic: the app provides their actors and actions, never the other way round.',
  },
  {
    target: SHARED_FOLDERS.map((folder) => `./src/${folder}`),
    from: './src/features',
    message: 'Shared folders serve every feature and depend on none: move what both need out of the feature.',
  },
  {
    target: './src/data',
    from: './src/components',
    message: 'The data layer must not depend on UI components.',
  },
  {
    target: './src/routes/routes.ts',
    from: './src',
    message: 'The route table is plain data: pages load through src/app/page-loaders.ts (decision 029).',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...(SHARED_FEATURES[feature] ?? []).map((shared) => `./${shared}`)],
    message: 'Features never import each other: move what they share to src/components or src/data.',
  })),
];

// kebab-case words, then optional dot-separated kebab-case suffixes:
// `nav-bar.tsx`, `magic-link.machine.ts`, `nav-bar.test.tsx`, `vite-env.d.ts`.
const KEBAB_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** A tiny local rule, so the naming convention fails lint instead of review. */
const kebabCaseFilename = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case.' },
    messages: { notKebab: 'File name "{{name}}" is not kebab-case (e.g. "nav-bar.tsx", "magic-link.machine.ts").' },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.physicalFilename);
        const stem = name.replace(/\.(?:[cm]?[jt]sx?)$/, '');
        if (!KEBAB_FILE.test(stem)) context.report({ node, messageId: 'notKebab', data: { name } });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'src/data/database.types.ts',
    ],
  },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    plugins: { 'import-x': importX, accord: { rules: { 'kebab-case-filename': kebabCaseFilename } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // Browser code.
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  reactHooks.configs['recommended-latest'],

  // Node code: the local stack, backend and browser tests, scripts and tool configs.
  {
    files: [
      'supabase/local/**/*.ts',
      'tests/**/*.ts',
      'scripts/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // File names.
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'tests/**/*.{ts,tsx}', 'supabase/local/**/*.ts'],
    rules: { 'accord/kebab-case-filename': 'error' },
  },

  // Import boundaries (handbook §1; docs/architecture.md): src/app assembles;
  // features → shared folders and machines; shared folders → each other and
  // machines; machines → nothing of ours but machines/.
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: {
      // Import circles (decision 029) are checked by scripts/import-circles.test.ts,
      // type-only imports included: import-x/no-cycle skips those and was a
      // sixth of this lint's CPU time.
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: BOUNDARIES }],
    },
  },
  {
    // Only the assembly's own files (main.tsx, the entry) and tests may import src/app.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...BOUNDARIES,
            {
              target: SRC_FOLDERS.filter((folder) => folder !== 'app').map((folder) => `./src/${folder}`),
              from: './src/app',
              message: 'src/app is the assembly (entry, router, providers, shells): move what others need out of it, e.g. to src/routes, src/theme or src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'Machines are framework-free; the facade hook in src/features binds them to React.' },
            { name: 'react-dom', message: 'Machines are framework-free and never touch the DOM.' },
            { name: '@xstate/react', message: 'Machines are framework-free; use @xstate/react in the facade hook.' },
          ],
          patterns: [
            { group: ['react-dom/*', 'react/*'], message: 'Machines are framework-free and never touch the DOM.' },
            { group: ['@supabase/*'], message: 'Machines declare actors; src/actors implements them with the client.' },
          ],
        },
      ],
    },
  },
);
