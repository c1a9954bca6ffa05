import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['build/', '.react-router/', '.data/', 'node_modules/', 'coverage/', 'src/lib/database.types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The architecture, enforced: features never import each other and meet only in routes;
      // shared code never reaches up into features or routes.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in a route.',
            })),
            { target: ['./src/components', './src/lib'], from: ['./src/features', './src/routes'] },
            // Entities (row types, schemas, labels and messages of each table) sit between lib and
            // the features: every feature and route may use them, they use only lib.
            {
              target: './src/entities',
              from: ['./src/features', './src/routes', './src/components'],
              message: 'Entities hold definitions only: they import nothing above src/lib.',
            },
            { target: './src/lib', from: './src/entities' },
          ],
        },
      ],
      // One data-access layer: only src/lib/supabase{,.server}.ts import supabase-js.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@supabase/supabase-js',
              message: 'Use the data functions in src/features/*/api (client from ~/lib/supabase).',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/lib/supabase.ts', 'src/lib/supabase.server.ts'], rules: { 'no-restricted-imports': 'off' } },
  // The web server and the local backend are small functions composed: each reads on one screen.
  {
    files: ['server/**/*.ts', 'local-supabase/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  // zod probes for eval unless told not to, which the pages' Content Security Policy reports:
  // schemas take z from the module that configures it first.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/schemas.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', allowTypeImports: true, message: "Import z from '~/lib/schemas' (zod configured without eval)." }] },
      ],
    },
  },
  // Components receive data and post intents: reads go through a route's loader, writes through
  // its action, so no component reaches the data client.
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/features/*/components/**/*.{ts,tsx}', 'src/features/admin/*/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@supabase/supabase-js', message: 'Use the data functions in src/features/*/api (client from ~/lib/supabase).' }],
          patterns: [
            {
              regex: '(^|/)(admin-db|supabase(\\.server)?)$',
              message: "Components get data from their route's loader and write through its action; they never import the data client.",
            },
          ],
        },
      ],
    },
  },
)
