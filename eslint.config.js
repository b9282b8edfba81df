// @ts-check
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noOnlyInTests = {
  selector: "CallExpression[callee.property.name='only']",
  message: 'Remove .only before committing.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/.next/**', '.data/**', '**/dist/**', 'apps/web/next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noOnlyInTests],
      // One validated config per app: process.env is read only in config modules.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the app config module.' },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      '**/config/*.ts',
      'scripts/**',
      'e2e/**',
      '**/*.test.ts',
      '**/*-test.ts',
      '**/testing/**',
      '**/cli/*.ts',
      '*.config.ts',
      'apps/web/next.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vet/api*', '@vet/web*', '@vet/idp*', '**/apps/**'],
              message: 'Packages never import apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**', 'apps/idp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@vet/web*', '**/apps/web/**'], message: 'Apps do not import each other.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vet/api*', '@vet/idp*', '@vet/db*', '**/apps/api/**', '**/apps/idp/**'],
              message: 'The web reaches the API over HTTP only.',
            },
            {
              group: ['@/app/*', '**/app/**'],
              message: 'Routes import features and shared code, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code never imports features.
    files: ['apps/web/src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '**/features/**', '@/app/*'],
              message: 'Shared code never imports features or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one exception to "the web reaches data through the API": the server-side session store
    // (web_sessions, revocable sessions holding the tokens) uses @vet/db. Nothing else in the web may.
    files: ['apps/web/src/shared/auth-session/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@vet/api*', '@vet/idp*', '**/apps/api/**', '**/apps/idp/**'],
              message: 'The web reaches the API over HTTP only.',
            },
            {
              group: ['@/features/*', '**/features/**', '@/app/*', '**/app/**'],
              message: 'Shared code never imports features or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
