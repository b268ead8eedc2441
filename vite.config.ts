import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is served from a custom protocol in Electron and from the browser host in
// development and end-to-end tests, so every asset URL is relative.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: true,
  },
});
