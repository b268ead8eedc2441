/**
 * The owner's web page (office/web), built on its own into dist/office-web and served by the
 * office (office/http/web-page.ts) at / and /app/*, its hashed files under /assets/. Absolute
 * asset URLs (base '/'): a client route like /app/records/x loads the same files. No inline script
 * or style in the output, so the page's CSP (script-src 'self'; style-src 'self') holds.
 *
 * `vite --config office/web/vite.config.ts` serves it for development, passing /v1 to the office
 * named by FRONT_DESK_OFFICE_URL (its certificate is the office's own CA's, so not verified here).
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.resolve(here, '../../dist/office-web'),
    emptyOutDir: true,
    // Recent Chromium, Firefox and Safari.
    target: 'es2020',
    sourcemap: false,
    // Every file is served from /assets with the page's CSP: never a data: script or font.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      '/v1': {
        target: process.env.FRONT_DESK_OFFICE_URL ?? 'https://127.0.0.1:8443',
        secure: false,
      },
    },
  },
});
