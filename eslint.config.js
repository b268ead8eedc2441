import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'release',
      'coverage',
      'test-results',
      'playwright-report',
      'bench/results',
      '.work',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // Electron may only be imported by the thin shell and the preload script: everything else
    // must run under plain Node so that it is tested for real.
    files: ['main/**/*.ts', 'sandbox/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    ignores: ['main/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main/shell and preload import electron.' }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line entry points and benchmarks print to the terminal on purpose.
    files: ['sandbox/cli.ts', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read raw HTTP bodies; they are checked with the schemas where it matters.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
