/**
 * `npm start` on the browser host (issue 17): open the printed address in the user's browser
 * where the machine has a desktop and an opener, else say that it can be opened. Never on a
 * machine without a display (CI, a server over SSH): there it only prints.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface Opener {
  command: string;
  args: string[];
}

/** How this machine opens an address in the default browser, or null when it cannot. */
export function openerFor(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  has: (command: string) => boolean = commandExists,
): Opener | null {
  if (platform === 'darwin') return { command: 'open', args: [] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  const desktop = !!(env.DISPLAY || env.WAYLAND_DISPLAY);
  return desktop && has('xdg-open') ? { command: 'xdg-open', args: [] } : null;
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Open `url` if this machine can; the line to print either way. */
export function openInBrowser(url: string, opener: Opener | null = openerFor()): string {
  if (!opener) return `Open ${url} in a browser on this machine.`;
  try {
    const child = spawn(opener.command, [...opener.args, url], {
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => {});
    child.unref();
    return `Opening ${url} in your browser.`;
  } catch {
    return `Open ${url} in a browser on this machine.`;
  }
}
