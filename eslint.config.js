// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Feature folders under src/features, read from the disk so a new one cannot
 * be left out; each may import from no other.
 */
const FEATURES = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Feature folders that other features may import: the conversation views both
 * areas show (decision 047) and the resource views (decision 054).
 */
const SHARED_FEATURES = { member: ['messages', 'resources'], admin: ['messages', 'resources'] };

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

  // Import boundaries (handbook §1): features → data, actors, machines;
  // actors → data, machines; machines → nothing of ours but machines/.
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: {
      // Import circles (decision 029) are checked by scripts/import-circles.test.ts,
      // type-only imports included: import-x/no-cycle skips those and was a
      // sixth of this lint's CPU time.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './machines',
              from: './src',
              message: 'Machines are pure logic: the app provides their actors and actions, never the other way round.',
            },
            {
              target: './src/data',
              from: './src/features',
              message: 'The data layer must not depend on features; move shared code into src/data.',
            },
            {
              target: './src/data',
              from: './src/components',
              message: 'The data layer must not depend on UI components.',
            },
            {
              target: './src/actors',
              from: './src/features',
              message: 'Actors implement machine side effects with src/data; they must not depend on features.',
            },
            {
              target: './src/app/routes.ts',
              from: './src',
              message: 'The route table is plain data: pages load through src/app/page-loaders.ts (decision 029).',
            },
            {
              target: './src/session',
              from: './src/features',
              message: 'The session hooks serve every page; they must not depend on one (decision 029).',
            },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`, ...(SHARED_FEATURES[feature] ?? []).map((shared) => `./${shared}`)],
              message: 'Features never import each other: move what they share to src/components or src/data.',
            })),
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
