/**
 * The import boundaries of eslint.config.js: a planted import across a boundary fails lint with the
 * rule's reason, and an allowed one passes. The planted files are virtual (linted as text at a
 * path inside the tree); they are in no tsconfig, so type-aware parsing is off for them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOUNDARY_RULES = new Set(['import/no-restricted-paths', 'no-restricted-imports']);

const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

/** The boundary errors for one import statement planted at `file`. */
async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const code = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.fatalErrorCount).toBe(0);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['renderer/src/planted.ts', '../../main/api/client', 'talks to main only through the IPC'],
    ['renderer/src/screens/day/planted.tsx', '../../../../main/desk/desk', 'IPC contract'],
    ['renderer/src/planted.ts', '../../main/local', 'IPC contract'],
    ['renderer/src/planted.ts', '../../sandbox', 'IPC contract'],
    ['renderer/src/planted.ts', '../../preload/names', 'IPC contract'],
    ['preload/planted.ts', '../main/api/client', 'only the IPC contract and bridge'],
    ['main/common/planted.ts', '../api/schemas', 'imports nothing of the project'],
    ['main/ipc/contract/planted.ts', '../../api/client', 'never on main/api'],
    ['main/ipc/contract/planted.ts', '../../desk/desk', 'never on main/api or the desk'],
    ['main/ipc/bridge.ts', './router', 'never on main/api or the desk'],
    ['main/api/planted.ts', '../desk/desk', 'knows nothing of the counter'],
    ['main/api/schemas/planted.ts', '../../local', 'knows nothing of the counter'],
    ['main/api/planted.ts', '../ipc/router', 'knows nothing of the counter'],
    ['main/api/planted.ts', '../shell/storage', 'knows nothing of the counter'],
    ['main/local/planted.ts', '../desk/desk', 'below the desk'],
    ['main/local/planted.ts', '../host/server', 'below the desk'],
    ['main/shop/planted.ts', '../desk/desk', 'main/shop is below the desk'],
    ['main/shop/planted.ts', '../ipc/router', 'main/shop is below the desk'],
    ['main/local/planted.ts', '../shop/bus', 'builds on main/api and main/local'],
    ['main/installed/planted.ts', '../desk/desk', 'main/installed (updates, logs'],
    [
      'main/installed/planted.ts',
      '../host/compose',
      'knows nothing of the desk, the shop, the hosts',
    ],
    ['main/installed/planted.ts', '../shell/updater', 'the shell applies its decisions'],
    ['main/installed/planted.ts', '../shop/bus', 'knows nothing of the desk, the shop'],
    ['main/local/planted.ts', '../installed/updates', 'below the desk'],
    ['main/api/planted.ts', '../installed/updates', 'knows nothing of the counter'],
    ['main/installed/planted.ts', '../local/files/files', 'is the one way in'],
    ['main/api/planted.ts', '../shop/bus', 'builds on main/api and main/local'],
    [
      'main/desk/planted.ts',
      '../local/cache/cache',
      'its index (main/local/index.ts) is the one way in',
    ],
    ['main/desk/close/planted.ts', '../../local/journal/records', 'is the one way in'],
    ['main/shop/shared/planted.ts', '../../local/outbox/holds', 'is the one way in'],
    ['main/host/planted.ts', '../local/files/crypto', 'is the one way in'],
    ['main/shell/planted.ts', '../local/files/files', 'is the one way in'],
    ['main/ipc/planted.ts', '../local/sync/engine', 'is the one way in'],
    ['bench/planted.ts', '../main/local/sync/scheduler', 'is the one way in'],
    ['sandbox/planted.ts', '../main/desk/desk', 'stands in for the Reservation Service'],
    ['sandbox/domain/planted.ts', '../../main/api/client', 'shares only the wire schemas'],
    ['sandbox/domain/planted.ts', '../../main/api/log', 'shares only the wire schemas'],
    ['main/desk/planted.ts', 'electron', 'Only main/shell and preload import electron'],
    ['main/api/planted.ts', 'electron', 'Only main/shell and preload import electron'],
    ['renderer/src/planted.ts', 'electron', 'Only main/shell and preload import electron'],
  ])('%s may not import %s', async (file, from, reason) => {
    const errors = await boundaryErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(reason);
  });

  it.each([
    ['renderer/src/planted.ts', '../../main/ipc/contract'],
    ['renderer/src/screens/day/planted.tsx', '../../../../main/ipc/bridge'],
    ['renderer/src/planted.ts', './stores/day'],
    ['renderer/src/planted.ts', 'zustand'],
    ['preload/planted.ts', '../main/ipc/contract'],
    ['preload/planted.ts', '../main/ipc/bridge'],
    ['preload/planted.ts', 'electron'],
    ['main/ipc/contract/planted.ts', 'zod'],
    ['main/ipc/bridge.ts', './contract'],
    ['main/api/planted.ts', './schemas'],
    ['main/local/planted.ts', '../api/client'],
    ['main/desk/planted.ts', '../local'],
    ['main/desk/planted.ts', '../local/index'],
    ['main/local/planted.ts', './outbox/record'],
    ['main/local/outbox/planted.ts', '../files/crypto'],
    ['test/local/planted.ts', '../../main/local/outbox/record'],
    ['main/desk/planted.ts', '../shop/bus'],
    ['main/shop/planted.ts', '../local'],
    ['main/shop/planted.ts', '../api/client'],
    ['main/installed/planted.ts', '../local'],
    ['main/installed/planted.ts', '../ipc/contract'],
    ['main/desk/planted.ts', '../installed/port'],
    ['main/shell/planted.ts', '../installed/recovery-policy'],
    ['main/host/planted.ts', '../installed/installed-app'],
    ['main/shell/planted.ts', 'electron'],
    ['sandbox/planted.ts', '../main/api/schemas'],
    ['sandbox/domain/planted.ts', '../../main/api/schemas/primitives'],
    ['test/planted.ts', '../main/desk/desk'],
    ['bench/planted.ts', '../main/local'],
  ])('%s may import %s', async (file, from) => {
    expect(await boundaryErrors(file, from)).toEqual([]);
  });
});
