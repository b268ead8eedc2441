/**
 * The guest's display in the desktop app (issue 31): a window of its own on the second screen when
 * there is one (full screen there), else beside the counter's. It loads the renderer's display
 * page (`#display`) with the same preload, and the IPC transport lets it reach only what the
 * display may (`GUEST_DISPLAY_CHANNELS`, `GUEST_DISPLAY_EVENTS`: the same rule as the browser
 * host's display token, decision M12): its own screen, nothing of the counter's.
 */
import { BrowserWindow, screen } from 'electron';
import { APP_ORIGIN } from './origin';
import { WEB_PREFERENCES } from './window';

export const GUEST_DISPLAY_URL = `${APP_ORIGIN}/index.html#display`;

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The screen facing the guest: any screen but the counter's own (null: there is one screen). */
export function guestArea(
  displays: readonly { workArea: Area }[],
  counter: { x: number; y: number },
): Area | null {
  const inside = (a: Area) =>
    counter.x >= a.x && counter.x < a.x + a.width && counter.y >= a.y && counter.y < a.y + a.height;
  return displays.find((d) => !inside(d.workArea))?.workArea ?? null;
}

export class GuestWindow {
  private window: BrowserWindow | null = null;

  constructor(
    private readonly options: { preload: string; devTools: boolean },
    private readonly counter: () => BrowserWindow | null,
  ) {}

  /** Its web contents, while it is open (the IPC transport tells its calls by it). */
  contents() {
    const w = this.window;
    return w && !w.isDestroyed() ? w.webContents : null;
  }

  /** Open it (or bring it forward): on the second screen when there is one. */
  open(): void {
    const shown = this.window;
    if (shown && !shown.isDestroyed()) {
      shown.show();
      shown.focus();
      return;
    }
    const bounds = this.counter()?.getBounds() ?? { x: 0, y: 0 };
    const area = guestArea(screen.getAllDisplays(), bounds);
    const window = new BrowserWindow({
      ...(area ?? { width: 800, height: 600 }),
      fullscreen: area !== null,
      show: false,
      title: 'Front Desk',
      backgroundColor: '#ffffff',
      webPreferences: {
        ...WEB_PREFERENCES,
        preload: this.options.preload,
        devTools: this.options.devTools,
      },
    });
    this.window = window;
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (this.window === window) this.window = null;
    });
    void window.loadURL(GUEST_DISPLAY_URL);
  }

  close(): void {
    if (this.window && !this.window.isDestroyed()) this.window.destroy();
    this.window = null;
  }
}
