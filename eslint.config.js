// Flat config: typescript-eslint everywhere, type-aware rules where they catch real bugs
// (floating promises), React hooks rules for the web client, import boundaries as lint rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importBoundaries } from './scripts/lint/import-boundaries.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

// Import boundaries (STYLE 10 and 12): dependencies flow one way, web features never import each other
// (pages composing several are in web/src/app), shared pieces sit in web/src/components and web/src/lib.
const boundaries = [
  ...features.map((name) => ({
    target: `web/src/features/${name}`,
    from: 'web/src/features',
    except: [`./${name}`],
    message:
      'Features do not import each other: move the shared piece to web/src/lib or web/src/components, or compose in web/src/app.',
  })),
  { target: ['web/src/features', 'web/src/components', 'web/src/lib'], from: 'web/src/app' },
  { target: ['web/src/components', 'web/src/lib'], from: 'web/src/features' },
  { target: 'web', from: ['services', 'projections'] },
  { target: 'projections', from: 'services', message: 'Projections never import services (tests included).' },
  { target: 'contracts', from: ['projections', 'services', 'web'], message: 'Contracts import nothing of ours.' },
  { target: ['contracts', 'projections', 'services'], from: 'web' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tmp/**',
      'data/**',
      'web/dev-dist/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-boundaries': importBoundaries(root) } } },
    rules: { 'local/import-boundaries': ['error', { zones: boundaries }] },
  },
  {
    // Test helpers and benchmarks read loosely typed JSON answers on purpose.
    files: ['**/*.spec.{ts,tsx}', '**/test-support/**', '**/faults/**', 'scripts/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
