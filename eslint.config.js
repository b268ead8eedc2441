import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import noTestSleep from './scripts/lint/no-test-sleep.mjs';

/** A module that is a file today and may become a folder with an index.ts: allow both. */
const moduleAt = (path) => [path, `${path}.ts`];

/**
 * Who may import whom, checked on resolved paths (so `../` depth and index files do not matter).
 * `from` is what a zone's files may not import, `except` (relative to `from`) what they still may;
 * test/ and scripts/ are free, and bench/ but for main/local's one way in.
 */
const boundaries = [
  {
    target: 'renderer',
    from: '.',
    except: [
      'renderer',
      'node_modules',
      ...moduleAt('main/ipc/contract'),
      ...moduleAt('main/ipc/bridge'),
    ],
    message:
      'The renderer runs in its own, sandboxed process and talks to main only through the IPC contract and bridge (main/ipc/contract, main/ipc/bridge).',
  },
  {
    target: 'preload',
    from: '.',
    except: [
      'preload',
      'node_modules',
      ...moduleAt('main/ipc/contract'),
      ...moduleAt('main/ipc/bridge'),
    ],
    message:
      'The preload script is bundled on its own into a sandboxed context: it may use only the IPC contract and bridge.',
  },
  {
    target: 'main/common',
    from: '.',
    except: ['main/common', 'node_modules'],
    message: 'main/common is the leaf every layer shares: it imports nothing of the project.',
  },
  {
    target: [...moduleAt('main/ipc/contract'), ...moduleAt('main/ipc/bridge')],
    from: '.',
    except: [...moduleAt('main/ipc/contract'), 'main/common', 'node_modules'],
    message:
      'The IPC contract and bridge are carried into the renderer and preload: they build only on main/common, never on main/api or the desk.',
  },
  {
    target: 'main/api',
    from: ['main/desk', 'main/local', 'main/installed', 'main/ipc', 'main/host', 'main/shell'],
    message:
      'main/api is the Reservation Service client: it knows nothing of the counter (desk, local data, IPC, hosts, shell) that uses it.',
  },
  {
    target: ['main/api', 'main/local'],
    from: ['main/shop'],
    message:
      'main/shop (the counters of one shop over the LAN) builds on main/api and main/local, not the other way round.',
  },
  {
    target: 'main/shop',
    from: ['main/desk', 'main/installed', 'main/ipc', 'main/host', 'main/shell'],
    message:
      'main/shop is below the desk: the desk and the hosts wire it, it knows nothing of them.',
  },
  {
    target: 'main/installed',
    from: ['main/desk', 'main/shop', 'main/host', 'main/shell'],
    message:
      'main/installed (updates, logs, counter mode, recovery, the support bundle: plain Node) knows nothing of the desk, the shop, the hosts or the shell: the desk calls it by its port, the hosts wire it, the shell applies its decisions.',
  },
  {
    target: 'main/local',
    from: ['main/desk', 'main/installed', 'main/ipc', 'main/host', 'main/shell'],
    message:
      'main/local keeps the counter’s local data below the desk: the desk, IPC, hosts and shell use it, not the other way round.',
  },
  {
    target: [
      'main/desk',
      'main/shop',
      'main/installed',
      'main/ipc',
      'main/host',
      'main/shell',
      'bench',
    ],
    from: 'main/local',
    except: ['index.ts'],
    message:
      'Outside main/local, its index (main/local/index.ts) is the one way in: what it does not export (file formats, sealing, how one outbox entry is sent) is main/local’s own business.',
  },
  {
    target: 'office',
    from: '.',
    // main/common is the project's leaf layer (zod only: money, tax, words, the CSV writer), shared
    // on purpose so a payment method, a printed word or a rule has one home (decision AB50).
    except: ['office', 'node_modules', 'main/common'],
    message:
      'The head office is its own service (its own process, its own machine): it shares nothing of the app but main/common (the leaf layer) and what it defines itself.',
  },
  {
    target: ['main', 'preload', 'renderer', 'sandbox', 'bench'],
    from: 'office',
    except: ['protocol'],
    message:
      'The counter talks to the head office over HTTP: office/protocol (the wire schemas) is all of office/ it may import.',
  },
  {
    target: 'sandbox',
    from: '.',
    except: [
      'sandbox',
      'node_modules',
      // Shared on purpose: the wire schemas are the contract both sides of HTTP implement.
      'main/api/schemas',
      'main/common',
    ],
    message:
      'The sandbox stands in for the Reservation Service: it shares only the wire schemas and main/common with the app, so that a rule bug on one side is caught by the other’s tests.',
  },
];

/**
 * The rules that need TypeScript's checker: only rules that find real bugs (a promise whose
 * rejection nobody sees, a promise where a value or a void callback is expected, an `await` on
 * something that is not one). `npm run typecheck` runs them on the very programs it type-checks
 * (scripts/typecheck.ts, decision F32); `npm run lint` runs every other rule, without types.
 */
export const TYPE_AWARE_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-for-in-array': 'error',
  // The router maps thrown errors by class: a thrown string or plain object would lose its meaning.
  '@typescript-eslint/only-throw-error': 'error',
};

/** The projects the typecheck checks, in order: a file is linted with the first that holds it. */
export const TYPED_PROJECTS = [
  'tsconfig.json',
  'renderer/tsconfig.json',
  'office/web/tsconfig.json',
];

/** Every rule but the type-aware ones: what `npm run lint` runs (scripts/lint/without-types.config.js). */
export const withoutTypes = tseslint.config(
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
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Node's resolution with our extensions: pure JavaScript, so `npm ci` needs no native
      // binary for any platform (eslint-plugin-import-x's resolver ships one per platform, and
      // the lock file could not hold them all).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaries }],
    },
  },
  {
    files: ['main/**/*.ts', 'sandbox/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    ignores: ['main/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message:
                'Only main/shell and preload import electron: everything else runs under plain Node, so that it is tested for real.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature takes the few ports it uses (`Pick<DeskPorts, …>`), never all of them: only the
    // composition at the desk's root (handlers.ts, desk.ts) holds them whole (decision AA50).
    files: ['main/desk/*/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSTypeReference[typeName.name='DeskPorts']:not(TSTypeReference[typeName.name='Pick'] > TSTypeParameterInstantiation > TSTypeReference)",
          message:
            'A feature takes the ports it uses, Pick<DeskPorts, …>: only the composition (main/desk/handlers.ts, desk.ts) holds them all.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'office/web/src/**/*.{ts,tsx}'],
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
  {
    // A test waits for the event, or drives a fake clock where time is the subject (decision X20).
    files: ['test/**/*.{ts,tsx}'],
    plugins: { tests: { rules: { 'no-sleep': noTestSleep } } },
    rules: { 'tests/no-sleep': 'error' },
  },
);

/** Everything, for editors and `npx eslint <files>`: the type-aware rules with the projects' own programs. */
export default tseslint.config(...withoutTypes, {
  files: ['**/*.{ts,tsx}'],
  languageOptions: {
    parserOptions: {
      project: TYPED_PROJECTS.map((p) => `./${p}`),
      tsconfigRootDir: import.meta.dirname,
    },
  },
  rules: TYPE_AWARE_RULES,
});
