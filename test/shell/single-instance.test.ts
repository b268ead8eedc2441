/**
 * A second copy of the app: it finds the lock taken, quits, and opens nothing (no window, no
 * desk, no IPC), before the app is even ready.
 */
import { describe, expect, it, vi } from 'vitest';
import { state } from './fake-electron';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { ...fake.electron, default: fake.electron };
});
vi.mock('electron-store', () => ({
  default: class {
    constructor() {
      throw new Error('no files may be opened by a second instance');
    }
  },
}));

describe('single instance', () => {
  it('a second instance quits without opening anything', async () => {
    state.lock = false;
    const { startShell } = await import('../../main/shell/app');
    expect(await startShell()).toBeNull();
    expect(state.quits).toBe(1);
    expect(state.events).toEqual(['privileged', 'enableSandbox', 'lock']);
    expect(state.windows).toHaveLength(0);
    expect(state.ipcHandlers.size).toBe(0);
    expect(state.protocolHandlers.size).toBe(0);
  });
});
