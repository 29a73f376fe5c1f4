// One ESLint setup for the four workspaces.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.config.*', '.rehearsal-release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['backend/**/*.ts'], languageOptions: { globals: { ...globals.node, ...globals.jest } } },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'public-site/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}'],
    ignores: ['admin/src/components/List.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['List'],
              message: "Use the admin's List (src/components/List.tsx): it draws the rows as a transition.",
            },
          ],
        },
      ],
    },
  },
);
