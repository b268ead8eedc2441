/**
 * The application menu, in Japanese or English after the system's language. Edit roles keep the
 * usual shortcuts working in text fields (on macOS they exist only through the menu).
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { PrintLocale } from '../common/words';
import * as words from '../common/words/menu';

export interface MenuOptions {
  locale: PrintLocale;
  isMac: boolean;
  devTools: boolean;
  onPrintManifest: () => void;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const l = words[options.locale];
  const template: MenuItemConstructorOptions[] = [];
  if (options.isMac)
    template.push({
      label: 'Front Desk',
      submenu: [
        { role: 'about', label: l.about },
        { type: 'separator' },
        { role: 'hide', label: l.hide },
        { role: 'hideOthers', label: l.hideOthers },
        { role: 'unhide', label: l.showAll },
        { type: 'separator' },
        { role: 'quit', label: l.quit },
      ],
    });
  template.push(
    {
      label: l.file,
      submenu: [
        {
          id: 'print-manifest',
          label: l.printManifest,
          accelerator: 'CmdOrCtrl+P',
          click: () => options.onPrintManifest(),
        },
        ...(options.isMac
          ? []
          : ([{ type: 'separator' }, { role: 'quit', label: l.quit }] as const)),
      ],
    },
    {
      label: l.edit,
      submenu: [
        { role: 'undo', label: l.undo },
        { role: 'redo', label: l.redo },
        { type: 'separator' },
        { role: 'cut', label: l.cut },
        { role: 'copy', label: l.copy },
        { role: 'paste', label: l.paste },
        { role: 'selectAll', label: l.selectAll },
      ],
    },
    {
      label: l.view,
      submenu: [
        { role: 'reload', label: l.reload },
        { type: 'separator' },
        { role: 'zoomIn', label: l.zoomIn },
        { role: 'zoomOut', label: l.zoomOut },
        { role: 'resetZoom', label: l.resetZoom },
        { type: 'separator' },
        { role: 'togglefullscreen', label: l.fullScreen },
        ...(options.devTools ? ([{ role: 'toggleDevTools', label: l.devTools }] as const) : []),
      ],
    },
    {
      label: l.window,
      submenu: [
        { role: 'minimize', label: l.minimize },
        { role: 'close', label: l.close },
      ],
    },
  );
  return template;
}
