/**
 * The session's rules: every permission denied (the counter app needs no camera, location,
 * notifications…), no downloads, and the CSP on every response, whatever its origin.
 */
import type { Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../host/csp';

export function lockDownSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  session.on('will-download', (event) => event.preventDefault());
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}
