// @vitest-environment happy-dom
/**
 * Set-up's LAN receipt printers (issue 42; decisions AC3–AC6): "Find printers" lists the OS's
 * queues and the LAN's printers side by side, each with what it said it is, a silent one as an
 * unknown model with what to check; the search's progress shows with a stop; choosing one fills
 * the printer's settings (no address typed) and saving keeps them; a range is checked as typed
 * before it is searched.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FoundPrinter, Response } from '../../../main/ipc/contract';
import type { FakeBridge } from '../support/fakeBridge';
import { demoBridge } from '../support/fixtures';
import { renderApp, settle } from '../support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const EPSON: FoundPrinter = {
  name: 'EPSON TM-m30',
  connection: { kind: 'network', host: '192.168.1.40', port: 9100 },
  isDefault: false,
  foundBy: 'announced',
  identity: {
    answered: true,
    maker: 'EPSON',
    model: 'TM-m30',
    language: 'escpos',
    kanji: true,
    cutter: true,
  },
  offer: {
    connection: { kind: 'network', host: '192.168.1.40', port: 9100 },
    language: 'escpos',
    paper: '80mm',
    drawer: true,
    kanji: 'builtin',
  },
};

const SILENT: FoundPrinter = {
  name: 'Star mC-Print2',
  connection: { kind: 'network', host: '192.168.1.41', port: 9100 },
  isDefault: false,
  foundBy: 'announced',
  identity: {
    answered: false,
    maker: null,
    model: null,
    language: null,
    kanji: null,
    cutter: null,
  },
  offer: {
    connection: { kind: 'network', host: '192.168.1.41', port: 9100 },
    language: 'starprnt',
    paper: '58mm',
    drawer: true,
    kanji: 'image',
  },
};

type Discovered = Response<'printer.discover'>;

async function openPrinters() {
  let answer!: (value: Discovered) => void;
  fake = demoBridge({
    'printer.find': () => ({
      printers: [
        {
          name: 'Office A4',
          connection: { kind: 'queue', name: 'Office A4' },
          isDefault: true,
          foundBy: 'os',
          identity: null,
          offer: null,
        },
      ],
    }),
    'printer.discover': () => new Promise<Discovered>((resolve) => (answer = resolve)),
    'printer.stopDiscovery': () => ({ stopped: true }),
  });
  const r = await renderApp(fake);
  await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
  await settle();
  const lan = screen.getByRole('group', { name: 'Receipt printers on the LAN' });
  return { r, lan, answer: (value: Discovered) => act(async () => answer(value)) };
}

describe('LAN receipt printers in set-up', () => {
  it('lists what each printer said it is, shows the search going, and fills the settings from the one chosen', async () => {
    const { r, lan, answer } = await openPrinters();
    await r.user.tap(screen.getByRole('button', { name: 'Find printers' }));
    expect(fake.callsOf('printer.discover')).toEqual([{ range: null, port: 9100 }]);
    await act(async () =>
      fake.emit('printer.discovery', { phase: 'announcements', done: 0, total: 0, found: 2 }),
    );
    expect(within(lan).getByRole('status').textContent).toBe(
      'Looking for printers on the LAN… (2 found)',
    );
    await act(async () =>
      fake.emit('printer.discovery', { phase: 'asking', done: 1, total: 2, found: 2 }),
    );
    expect(within(lan).getByRole('status').textContent).toBe(
      'Asking each printer what it is: 1 of 2',
    );
    await r.user.tap(within(lan).getByRole('button', { name: 'Stop searching' }));
    expect(fake.callsOf('printer.stopDiscovery')).toHaveLength(1);
    await answer({ printers: [EPSON, SILENT], stopped: true });
    await settle();

    const list = within(lan).getByRole('list', { name: 'Printers found' });
    const [epson, silent] = within(list).getAllByRole('listitem');
    expect(epson!.textContent).toContain('EPSON TM-m30');
    expect(epson!.textContent).toContain('192.168.1.40:9100');
    expect(epson!.textContent).toContain('ESC/POS (Epson and others)');
    expect(epson!.textContent).toContain('Kanji font');
    expect(silent!.textContent).toContain('Unknown model');
    expect(silent!.textContent).toContain('Star mC-Print2 · 192.168.1.41:9100');
    expect(silent!.textContent).toContain('StarPRNT (Star Micronics)');
    expect(silent!.textContent).toContain('Japanese printed as an image');
    expect(silent!.textContent).toContain('It did not say what it is');
    // The OS's queue is still a choice beside them.
    expect(screen.getByRole('option', { name: 'USB (OS queue): Office A4' })).toBeTruthy();

    await r.user.tap(within(epson!).getByRole('button', { name: 'Use this printer' }));
    expect(within(lan).getByText('EPSON TM-m30 chosen: save to start using it.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Connection').value).toBe('network');
    expect(screen.getByLabelText<HTMLInputElement>('IP address').value).toBe('192.168.1.40');
    // (The port's label and the saved message in English: hardware.spec runs in Japanese, F70.)
    expect(screen.getByLabelText<HTMLInputElement>('Port').value).toBe('9100');
    expect(screen.getByLabelText<HTMLSelectElement>('Japanese text').value).toBe('builtin');
    await r.user.tap(screen.getByRole('button', { name: 'Save the printer settings' }));
    expect(fake.callsOf('printer.configure').at(-1)).toMatchObject({ receiptPrinter: EPSON.offer });
    const section = screen.getByRole('region', { name: 'Receipt printer' });
    expect(within(section).getByText('Saved.')).toBeTruthy();

    // The silent one chosen: its guessed settings, which staff may correct before saving.
    await r.user.tap(within(silent!).getByRole('button', { name: 'Use this printer' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Commands').value).toBe('starprnt');
    expect(screen.getByLabelText<HTMLSelectElement>('Paper width').value).toBe('58mm');
    expect(screen.getByLabelText<HTMLSelectElement>('Japanese text').value).toBe('image');
  });

  it('checks a range as typed, and searches it', async () => {
    const { r, lan, answer } = await openPrinters();
    const range = within(lan).getByLabelText('Address range');
    await r.user.fill(range, '192.168.0.0/16');
    await r.user.tap(within(lan).getByRole('button', { name: 'Search this range' }));
    expect(within(lan).getByRole('alert').textContent).toContain('192.168.1.0/24');
    expect(range.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsOf('printer.discover')).toHaveLength(0);

    await r.user.fill(range, '192.168.1.20-60');
    await r.user.tap(within(lan).getByRole('button', { name: 'Search this range' }));
    expect(fake.callsOf('printer.discover')).toEqual([{ range: '192.168.1.20-60', port: 9100 }]);
    await act(async () =>
      fake.emit('printer.discovery', { phase: 'probe', done: 12, total: 41, found: 1 }),
    );
    expect(within(lan).getByRole('status').textContent).toBe(
      'Trying addresses: 12 of 41 (1 found)',
    );
    await answer({ printers: [], stopped: false });
    await settle();
    expect(within(lan).getByText('No printer found on the LAN.')).toBeTruthy();
    expect(within(lan).queryByRole('status')).toBeNull();
  });
});
