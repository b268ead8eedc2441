/** The manifest's channel: printing is the shell's, which puts its own handler in this place. */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';

export function manifestApp(): HandlersOf<'manifest.print'> {
  return {
    'manifest.print': () => {
      throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
    },
  };
}
