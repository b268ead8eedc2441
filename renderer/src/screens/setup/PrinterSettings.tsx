/**
 * Set-up's receipt printer (issue 31): find the OS's printers (and training's virtual one) and
 * the LAN's, each asked what it is (LanPrinters.tsx, issue 42), or give a LAN printer's address
 * and port; its command language, paper width, how Japanese prints
 * (its kanji font, or an image: M17) and cash drawer; a test print before saving; which printer
 * each document goes to. Beside it, the drawer opened by hand (a reason required, recorded) and
 * the guest's display.
 *
 * Over 300 lines: one form, read top to bottom as set-up shows it; the drawer's and the display's
 * parts are short and share its printer's state.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PrinterConnection,
  type PrinterSettings as Settings,
  type PrintRoute,
  type ThermalPrinter,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { langOf } from '../../i18n';
import { ErrorNote } from '../../components/ErrorNote';
import { printerStateOf } from '../../stores/printer';
import { LanPrinters } from './LanPrinters';

const DEFAULT_PRINTER: ThermalPrinter = {
  connection: { kind: 'network', host: '', port: 9100 },
  language: 'escpos',
  paper: '80mm',
  drawer: true,
  kanji: 'builtin',
};

type Choice = 'none' | 'network' | 'virtual' | `queue:${string}`;

const choiceOf = (p: ThermalPrinter | null): Choice =>
  !p ? 'none' : p.connection.kind === 'queue' ? `queue:${p.connection.name}` : p.connection.kind;

export function PrinterSettings() {
  const { t, i18n } = useTranslation();
  const { stores } = useApp();
  const settings = useSlice(stores.printer, (s) => s.settings);
  const found = useSlice(stores.printer, (s) => s.found);
  const busy = useSlice(stores.printer, (s) => s.busy);
  const error = useSlice(stores.printer, (s) => s.error);
  const answer = useSlice(stores.printer, (s) => s.answer);
  const training = useSlice(stores.setup, (s) => s.status?.mode === 'training');
  /** The settings as staff edit them; null: as kept. */
  const [edits, setForm] = useState<Settings | null>(null);
  const form = edits ?? settings;
  const [saved, setSaved] = useState(false);
  const id = useId();

  useEffect(() => {
    void stores.printer.getState().load();
  }, [stores]);

  if (!form)
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('printer.settings.title')}</h3>
        {error ? <ErrorNote code={error.code} /> : <p role="status">{t('common.loading')}</p>}
      </section>
    );

  const printer = form.receiptPrinter;
  const set = (patch: Partial<Settings>) => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };
  const setPrinter = (patch: Partial<ThermalPrinter>) =>
    set({ receiptPrinter: { ...(printer ?? DEFAULT_PRINTER), ...patch } });
  const choose = (choice: Choice) => {
    if (choice === 'none') return set({ receiptPrinter: null });
    const connection: PrinterConnection =
      choice === 'network'
        ? printer?.connection.kind === 'network'
          ? printer.connection
          : { kind: 'network', host: '', port: 9100 }
        : choice === 'virtual'
          ? { kind: 'virtual' }
          : { kind: 'queue', name: choice.slice('queue:'.length) };
    setPrinter({ connection });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (await stores.printer.getState().configure(form)) setSaved(true);
  };
  const choices: { value: Choice; label: string }[] = [
    { value: 'none', label: t('printer.settings.none') },
    ...(found ?? [])
      .filter((f) => f.connection.kind === 'virtual')
      .map(() => ({ value: 'virtual' as Choice, label: t('printer.settings.virtual') })),
    ...(found ?? [])
      .filter((f) => f.connection.kind === 'queue')
      .map((f) => ({
        value: `queue:${f.name}` as Choice,
        label: t('printer.settings.queue', { name: f.name }),
      })),
    { value: 'network', label: t('printer.settings.network') },
  ];
  // A printer saved earlier stays a choice even when the list does not name it now.
  const current = choiceOf(printer);
  if (!choices.some((c) => c.value === current))
    choices.splice(1, 0, {
      value: current,
      label:
        current === 'virtual'
          ? t('printer.settings.virtual')
          : t('printer.settings.queue', { name: current.slice('queue:'.length) }),
    });
  const route = (doc: keyof Settings['routes'], label: string) => (
    <label className="inline-field">
      <span>{label}</span>
      <select
        value={form.routes[doc]}
        onChange={(e) => set({ routes: { ...form.routes, [doc]: e.target.value as PrintRoute } })}
      >
        <option value="receipt_printer">{t('printer.settings.receiptPrinter')}</option>
        <option value="os_printer">{t('printer.settings.osPrinter')}</option>
      </select>
    </label>
  );

  return (
    <section className="card printer-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('printer.settings.title')}</h3>
      <p className="hint">{t('printer.settings.intro')}</p>
      {training && <p className="notice">{t('printer.settings.trainingNote')}</p>}
      <div className="actions">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void stores.printer.getState().find()}
        >
          {busy === 'finding' ? t('printer.settings.finding') : t('printer.settings.find')}
        </button>
      </div>
      {found && found.length === 0 && <p className="hint">{t('printer.settings.foundNone')}</p>}
      <LanPrinters
        onChoose={(chosen) => setPrinter({ ...chosen, drawer: printer?.drawer ?? chosen.drawer })}
      />
      <form onSubmit={(e) => void save(e)}>
        <label className="field">
          <span>{t('printer.settings.connection')}</span>
          <select value={current} onChange={(e) => choose(e.target.value as Choice)}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {printer?.connection.kind === 'network' && (
          <div className="inline-fields">
            <label className="field">
              <span>{t('printer.settings.host')}</span>
              <input
                type="text"
                inputMode="decimal"
                required
                value={printer.connection.host}
                onChange={(e) =>
                  setPrinter({
                    connection: {
                      kind: 'network',
                      host: e.target.value.trim(),
                      port: printer.connection.kind === 'network' ? printer.connection.port : 9100,
                    },
                  })
                }
              />
            </label>
            <label className="field">
              <span>{t('printer.settings.port')}</span>
              <input
                type="number"
                min={1}
                max={65535}
                required
                value={printer.connection.port}
                onChange={(e) =>
                  setPrinter({
                    connection: {
                      kind: 'network',
                      host: printer.connection.kind === 'network' ? printer.connection.host : '',
                      port: Number(e.target.value) || 9100,
                    },
                  })
                }
              />
            </label>
          </div>
        )}
        {printer && (
          <div className="inline-fields">
            <label className="inline-field">
              <span>{t('printer.settings.language')}</span>
              <select
                value={printer.language}
                onChange={(e) =>
                  setPrinter({ language: e.target.value === 'starprnt' ? 'starprnt' : 'escpos' })
                }
              >
                <option value="escpos">{t('printer.settings.escpos')}</option>
                <option value="starprnt">{t('printer.settings.starprnt')}</option>
              </select>
            </label>
            <label className="inline-field">
              <span>{t('printer.settings.paper')}</span>
              <select
                value={printer.paper}
                onChange={(e) => setPrinter({ paper: e.target.value === '58mm' ? '58mm' : '80mm' })}
              >
                <option value="80mm">{t('money.layouts.80mm')}</option>
                <option value="58mm">{t('money.layouts.58mm')}</option>
              </select>
            </label>
            <label className="inline-field">
              <span>{t('printer.settings.kanji')}</span>
              <select
                value={printer.kanji}
                onChange={(e) =>
                  setPrinter({ kanji: e.target.value === 'image' ? 'image' : 'builtin' })
                }
              >
                <option value="builtin">{t('printer.settings.kanjiBuiltin')}</option>
                <option value="image">{t('printer.settings.kanjiImage')}</option>
              </select>
            </label>
            <label className="choice">
              <input
                type="checkbox"
                checked={printer.drawer}
                onChange={(e) => setPrinter({ drawer: e.target.checked })}
              />
              <span>{t('printer.settings.drawer')}</span>
            </label>
          </div>
        )}
        <fieldset>
          <legend>{t('printer.settings.routes')}</legend>
          <div className="inline-fields">
            {route('receipt', t('printer.settings.routeReceipt'))}
            {route('close', t('printer.settings.routeClose'))}
            {route('manifest', t('printer.settings.routeManifest'))}
          </div>
        </fieldset>
        <div className="actions">
          {printer && (
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void stores.printer.getState().test(printer, langOf(i18n))}
            >
              {busy === 'testing' ? t('printer.settings.testing') : t('printer.settings.test')}
            </button>
          )}
          <button type="submit" className="primary" disabled={busy !== null}>
            {t('printer.settings.save')}
          </button>
        </div>
        <p role="status" className="hint">
          {saved && `${t('printer.settings.saved')} `}
          {answer?.what === 'test' &&
            (answer.answer.ok
              ? t('printer.settings.testOk')
              : t('printer.settings.testFailed', {
                  state: t(`printer.states.${printerStateOf(answer.answer.reason)}`),
                }))}
        </p>
        {error && <ErrorNote code={error.code} />}
      </form>
      {settings?.receiptPrinter?.drawer && <DrawerByHand />}
      <GuestDisplayLink />
    </section>
  );
}

/** The drawer opened without a sale: a reason first; every open is recorded. */
function DrawerByHand() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const busy = useSlice(stores.printer, (s) => s.busy);
  const answer = useSlice(stores.printer, (s) => s.answer);
  const [reason, setReason] = useState('');
  const id = useId();
  const open = async (e: FormEvent) => {
    e.preventDefault();
    if (await stores.printer.getState().openDrawer(reason.trim())) setReason('');
  };
  return (
    <form className="drawer-by-hand" aria-labelledby={`${id}-title`} onSubmit={(e) => void open(e)}>
      <h4 id={`${id}-title`}>{t('drawer.title')}</h4>
      <label className="field">
        <span>{t('drawer.reason')}</span>
        <input
          type="text"
          required
          minLength={2}
          maxLength={200}
          value={reason}
          placeholder={t('drawer.reasonExample')}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <button type="submit" disabled={busy !== null || reason.trim().length < 2}>
        {t('drawer.open')}
      </button>
      <p role="status" className="hint">
        {answer?.what === 'drawer' &&
          (answer.answer.ok
            ? t('drawer.opened')
            : t('drawer.failed', {
                state: t(`printer.states.${printerStateOf(answer.answer.reason)}`),
              }))}
      </p>
    </form>
  );
}

/** The guest's display: the desktop app opens it on the second screen; a browser gets its address. */
function GuestDisplayLink() {
  const { t } = useTranslation();
  const { api } = useApp();
  const [url, setUrl] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const id = useId();
  const open = async () => {
    const answer = await api.call('display.open', {}).catch(() => null);
    setUrl(answer?.url ?? null);
    // The desktop app opened its window (on the second screen when there is one).
    setOpened(answer !== null && answer.url === null);
  };
  return (
    <div className="guest-display-link" aria-labelledby={`${id}-title`} role="group">
      <h4 id={`${id}-title`}>{t('guestDisplay.title')}</h4>
      <button type="button" onClick={() => void open()}>
        {t('guestDisplay.open')}
      </button>
      {opened && <p role="status">{t('guestDisplay.opened')}</p>}
      {url && (
        <p>
          {t('guestDisplay.link')}{' '}
          <a href={url} target="_blank" rel="noreferrer">
            {url}
          </a>
        </p>
      )}
    </div>
  );
}
