/** The cold-start bench's host (cold-start-host.ts), started as the browser host is (main/host/boot.ts). */
import path from 'node:path';
import { runWithCodeCache } from '../main/host/code-cache';

runWithCodeCache(path.join(__dirname, 'cold-start-host.cjs'));
