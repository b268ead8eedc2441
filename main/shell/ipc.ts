/**
 * The Electron transport of the router: one `invoke` channel in, one channel per event out.
 * Every call's sender is checked first: only the top frame of a page of app://front-desk may
 * call, whatever a compromised or navigated page might try.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Logger } from '../api/log';
import { IPC_INVOKE, ipcEventChannel } from '../ipc/bridge';
import { failure, type IpcResult } from '../ipc/contract';
import type { EventHub } from '../host/events';
import { isAppUrl, isTrustedSender } from './origin';

export interface RouterLike {
  handle(channel: unknown, payload: unknown): Promise<IpcResult>;
}

function originOf(url: string | undefined): string {
  try {
    return url ? new URL(url).origin : 'none';
  } catch {
    return 'invalid';
  }
}

/**
 * `router` may still be starting: calls wait for it. `only`, when given, names what a window may
 * call (the guest's display: its own screen), every other channel refused before the desk.
 */
export function registerIpc(
  ipcMain: IpcMain,
  router: Promise<RouterLike>,
  logger: Logger,
  only: (sender: WebContents) => ReadonlySet<string> | null = () => null,
): void {
  ipcMain.handle(
    IPC_INVOKE,
    async (event: IpcMainInvokeEvent, channel: unknown, payload: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        logger.warn('ipc.foreign_sender', { origin: originOf(event.senderFrame?.url) });
        return failure('FORBIDDEN', 'this page may not use the app');
      }
      const allowed = only(event.sender);
      if (allowed && !allowed.has(String(channel))) {
        logger.warn('ipc.channel_not_allowed', { channel: String(channel).slice(0, 60) });
        return failure('FORBIDDEN', 'this window may not use that');
      }
      let ready: RouterLike;
      try {
        ready = await router;
      } catch {
        return failure('STARTUP_FAILED', 'the app could not start its services');
      }
      return ready.handle(channel, payload);
    },
  );
}

/**
 * Send the hub's events to the windows that show our own pages, and nowhere else; `only`, when
 * given, the events these may hear (the guest's display: its own).
 */
export function forwardEvents(
  hub: EventHub,
  targets: () => WebContents[],
  only: ReadonlySet<string> | null = null,
): () => void {
  return hub.subscribe((event, payload) => {
    if (only && !only.has(event)) return;
    for (const contents of targets())
      if (!contents.isDestroyed() && isAppUrl(contents.getURL()))
        contents.send(ipcEventChannel(event), payload);
  });
}
