/**
 * The renderer's custom protocol, app://front-desk/: a standard, secure origin of its own (not
 * file://), serving the built renderer's files only, each with the CSP and security headers.
 */
import { protocol, type CustomScheme } from 'electron';
import { SECURITY_HEADERS } from '../host/csp';
import { APP_HOST, APP_SCHEME } from './origin';
import { cacheControl, readStatic } from '../host/static';

/**
 * Registered before the app is ready. No `bypassCSP`, no service workers. `codeCache`: V8 keeps
 * the renderer's compiled scripts between starts, as a browser does for the host's (G26).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });

/** The handler: GET of a file under `root` on our host; anything else is refused. */
export function appProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'bad request');
    }
    if (url.host !== APP_HOST) return plain(404, 'not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'not allowed');
    // The raw path, still encoded: readStatic decodes it once and checks containment itself.
    const file = await readStatic(root, url.pathname);
    if (!file) return plain(404, 'not found');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        'content-type': file.type,
        'cache-control': cacheControl(url.pathname),
      },
    });
  };
}

/** After ready: serve the renderer's files on the scheme (default session). */
export function handleAppProtocol(root: string): void {
  protocol.handle(APP_SCHEME, appProtocolHandler(root));
}
