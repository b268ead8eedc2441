/**
 * The renderer's origin in the desktop app: a privileged custom scheme, so that the renderer never
 * runs from file:// (which would share an origin with every local file) and every IPC call can be
 * checked against it. Plain Node: the shell and its tests both use it.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'front-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Where the window starts. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** Whether a URL belongs to the renderer's own origin (and nothing else, not even a lookalike). */
export function isAppUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** What the IPC sender check needs of Electron's WebFrameMain. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * An IPC call is accepted only from the top frame of a page of our own origin: not from a
 * sub-frame, not after a navigation elsewhere, not from a frame that is gone (null).
 */
export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}
