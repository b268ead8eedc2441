/** Which machines open the printed address themselves (a desktop and an opener), and which only print it. */
import { describe, expect, it } from 'vitest';
import { openInBrowser, openerFor } from '../../main/host/open-browser';

const none = () => false;
const all = () => true;

describe('openerFor', () => {
  it('opens on macOS and Windows, which always have a desktop', () => {
    expect(openerFor('darwin', {}, none)).toEqual({ command: 'open', args: [] });
    expect(openerFor('win32', {}, none)?.command).toBe('cmd');
  });

  it('opens on Linux only with a display and xdg-open', () => {
    expect(openerFor('linux', { DISPLAY: ':0' }, all)).toEqual({ command: 'xdg-open', args: [] });
    expect(openerFor('linux', { WAYLAND_DISPLAY: 'wayland-0' }, all)?.command).toBe('xdg-open');
    expect(openerFor('linux', {}, all)).toBeNull();
    expect(openerFor('linux', { DISPLAY: ':0' }, none)).toBeNull();
  });
});

describe('openInBrowser', () => {
  it('says to open the address where it cannot', () => {
    expect(openInBrowser('http://127.0.0.1:5173/', null)).toBe(
      'Open http://127.0.0.1:5173/ in a browser on this machine.',
    );
  });

  it('runs the opener with the address', () => {
    // `true` stands for the opener: it exits at once, whatever its arguments.
    expect(openInBrowser('http://127.0.0.1:5173/', { command: 'true', args: [] })).toBe(
      'Opening http://127.0.0.1:5173/ in your browser.',
    );
  });
});
