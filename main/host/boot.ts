/**
 * `node dist/host/boot.cjs [options]`: the built browser host (what `npm start` serves where
 * Electron's runtime is missing). Runs `host.cjs` beside it, main/host/cli.ts bundled with its
 * dependencies, through V8's code cache (code-cache.ts, decision G10).
 */
import path from 'node:path';
import { runWithCodeCache } from './code-cache';

runWithCodeCache(path.join(__dirname, 'host.cjs'));
