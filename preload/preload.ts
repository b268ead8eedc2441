/**
 * Preload: the renderer's only door to the main process, exposed as `window.frontDesk` through
 * contextBridge. It offers exactly the `Bridge`: `invoke` for the contract's channels (any other
 * name is refused here, before IPC) and `on` for its events, whose listener gets the payload and
 * never Electron's event object (which would hand the page `sender`, i.e. ipcRenderer).
 * Sandboxed: bundled to CommonJS and importing nothing but `electron` at run time.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL, IPC_INVOKE, ipcEventChannel, type Bridge } from '../main/ipc/bridge';
import type { IpcResult } from '../main/ipc/contract';
// The helper's own file, not the contract's index: that would bring zod into the bundle.
import { failure } from '../main/ipc/contract/failure';
import { isChannel, isEventName } from './names';

const bridge: Bridge = {
  invoke(channel, payload) {
    if (!isChannel(channel)) return Promise.resolve(failure('UNKNOWN_CHANNEL', 'no such channel'));
    return (ipcRenderer.invoke(IPC_INVOKE, channel, payload) as Promise<IpcResult>).catch(() =>
      failure('IPC_FAILED', 'the main process did not answer'),
    );
  },
  on(event, listener) {
    if (!isEventName(event)) throw new TypeError('no such event');
    if (typeof listener !== 'function') throw new TypeError('the listener must be a function');
    const channel = ipcEventChannel(event);
    const forward = (_event: IpcRendererEvent, payload: unknown) =>
      listener(payload as Parameters<typeof listener>[0]);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
