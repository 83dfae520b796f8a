import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/coverage/**', '.cache/**', 'bench/results.json'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Shipped sources state their types: a double cast through unknown hides a mismatch instead of fixing it.
    files: ['packages/**/*.ts'],
    ignores: ['packages/*/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message: 'No `as unknown as` in shipped source: type the value so it fits (a declared subset type, a type guard, zod).',
        },
      ],
    },
  },
  {
    // The n8n community package: every rule n8n's verification runs, on its sources and its package.json. Its own
    // eslint.config.mjs is n8n's default, which `n8n-node lint` requires and resolves from .cache/ (test/n8n/node-cli);
    // from the root, ESLint reads this file only, so `npm run lint` needs no n8n CLI.
    // Several of these rules read other files (package.json, icons, credentials, other nodes), which ESLint's cache
    // cannot see change: `npm run lint` lints this package without --cache, the rest of the repository with it.
    ...n8nCommunityNodesPlugin.configs.recommended,
    files: ['packages/n8n-nodes-screenrec/**/*.ts', 'packages/n8n-nodes-screenrec/package.json'],
    languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
  },
  { files: ['packages/n8n-nodes-screenrec/package.json'], rules: { '@typescript-eslint/no-unused-expressions': 'off' } },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', process: 'readonly', __dirname: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
