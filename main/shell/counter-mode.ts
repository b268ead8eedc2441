/**
 * Counter mode, applied (the decisions are main/installed/counter-mode.ts): the login item,
 * full screen or kiosk, the screen kept awake (powerSaveBlocker), and the window's place kept and
 * restored only where a display still shows it.
 */
import { app, powerSaveBlocker, screen, type BrowserWindow } from 'electron';
import type { Logger } from '../api/log';
import type { CounterMode, DisplayMode } from '../ipc/contract';
import { restorablePlace } from '../installed/counter-mode';
import type { InstalledSettingsFile, WindowPlace } from '../installed/installed-settings';
import type { CounterModeControl } from '../installed/installed-app';

export function applyDisplay(window: BrowserWindow, display: DisplayMode): void {
  // Kiosk first off, so full screen alone can follow it; kiosk is full screen of itself.
  window.setKiosk(display === 'kiosk');
  if (display !== 'kiosk') window.setFullScreen(display === 'full_screen');
}

export function counterModeControl(
  window: () => BrowserWindow | null,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
): CounterModeControl {
  // Login items are Windows' and macOS's (the counters' systems); Linux has no such API.
  const loginItems = platform === 'win32' || platform === 'darwin';
  let blocker: number | null = null;
  return {
    can: { startAtLogin: loginItems, display: true, keepAwake: true, rememberWindow: true },
    apply(counter: CounterMode) {
      if (loginItems) app.setLoginItemSettings({ openAtLogin: counter.startAtLogin });
      const shown = window();
      if (shown && !shown.isDestroyed()) applyDisplay(shown, counter.display);
    },
    setAwake(on: boolean) {
      if (on && blocker === null) {
        blocker = powerSaveBlocker.start('prevent-display-sleep');
        logger.info('counter.awake', { on: true });
      } else if (!on && blocker !== null) {
        powerSaveBlocker.stop(blocker);
        blocker = null;
        logger.info('counter.awake', { on: false });
      }
    },
  };
}

/** Where the window opens: its last place when kept and still on a display; else the default. */
export function initialPlace(settings: InstalledSettingsFile): WindowPlace | null {
  if (!settings.current.counter.rememberWindow) return null;
  return restorablePlace(
    settings.windowPlace(),
    screen.getAllDisplays().map((d) => d.workArea),
  );
}

/** Keeps the window's place as it is moved, resized or closed (not in full screen or kiosk). */
export function keepPlace(window: BrowserWindow, settings: InstalledSettingsFile): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (window.isDestroyed() || !settings.current.counter.rememberWindow) return;
    if (window.isKiosk() || window.isFullScreen()) return;
    const bounds = window.getNormalBounds();
    settings.saveWindowPlace({ ...bounds, maximized: window.isMaximized() });
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('maximize', later);
  window.on('unmaximize', later);
  window.on('close', save);
}
