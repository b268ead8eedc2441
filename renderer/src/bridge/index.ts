/**
 * The renderer's way to the main process: `window.frontDesk` from the preload script in the
 * desktop app, or the browser host's loopback bridge in a browser tab. The host's address puts
 * its token in the fragment (`#token=…`); it is moved to sessionStorage (so a reload keeps
 * working) and taken out of the address bar.
 */
import { BRIDGE_GLOBAL, type Bridge } from '../../../main/ipc/bridge';
import { failure } from '../../../main/ipc/contract';
import { createLoopbackBridge } from './loopback';

const STORAGE_KEY = 'frontDesk.hostToken';
const DISPLAY_KEY = 'frontDesk.displayToken';

/** Whether this page is the guest's display (`#display=…` in the browser host, `#display`). */
export function isGuestDisplay(): boolean {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).has('display');
}

function takeToken(name = 'token', key = STORAGE_KEY): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const given = fragment.get(name);
  if (given) {
    try {
      window.sessionStorage.setItem(key, given);
    } catch {
      // Storage refused: the token still works until the page is reloaded.
    }
    // The display's page keeps saying what it is (a reload finds its token in storage).
    if (name === 'display') fragment.set(name, '');
    else fragment.delete(name);
    const rest = fragment.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
    );
    return given;
  }
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Every call fails with this code when the page was opened without the host's token. */
export const NO_BRIDGE = 'NO_BRIDGE';

const noBridge: Bridge = {
  invoke: async () =>
    failure(NO_BRIDGE, 'open the address the Front Desk host printed, with its #token'),
  on: () => () => {},
};

let bridge: Bridge | null = null;

export function getBridge(): Bridge {
  if (bridge) return bridge;
  const exposed = (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] as
    Bridge | undefined;
  if (exposed) return (bridge = exposed);
  // The guest's display holds its own token, which reaches its screen and nothing else.
  const token = isGuestDisplay() ? takeToken('display', DISPLAY_KEY) : takeToken();
  bridge = token
    ? createLoopbackBridge({
        origin: window.location.origin,
        token,
        fetch: window.fetch.bind(window),
        openEventSource: (url) => new EventSource(url),
      })
    : noBridge;
  return bridge;
}

export { createLoopbackBridge } from './loopback';
export type { LoopbackOptions, EventSourceLike } from './loopback';
