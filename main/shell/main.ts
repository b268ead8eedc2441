/**
 * Electron entry point. The shell is the only code that imports `electron`; it stays thin: the
 * lifecycle is in ./app, everything that can run under plain Node in ../host.
 */
import { startShell } from './app';

void startShell().catch((error: unknown) => {
  process.stderr.write(`Front Desk could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
