/**
 * Set-up's receipt printers on the LAN (issue 42; decisions AC3–AC6): those "Find printers" heard
 * announce themselves, or found in an address range staff type, each with what it said it is —
 * its model, command language, roll and kanji font — or "unknown model" with what to check. "Use
 * this printer" fills the printer's settings from what it said: no address typed. While a search
 * runs, its progress and a stop.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddressRange,
  type FoundPrinter,
  type ThermalPrinter,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';

const where = (p: FoundPrinter) =>
  p.connection.kind === 'network' ? `${p.connection.host}:${p.connection.port}` : p.name;

export function LanPrinters({ onChoose }: { onChoose(printer: ThermalPrinter): void }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const lan = useSlice(stores.printer, (s) => s.lan);
  const discovery = useSlice(stores.printer, (s) => s.discovery);
  const busy = useSlice(stores.printer, (s) => s.busy);
  const [range, setRange] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();

  const search = (e: FormEvent) => {
    e.preventDefault();
    const ok = AddressRange.safeParse(range).success;
    setInvalid(!ok);
    if (ok) void stores.printer.getState().discover(range.trim());
  };
  const choose = (p: FoundPrinter) => {
    if (!p.offer) return;
    onChoose(p.offer);
    setChosen(p.identity?.answered ? p.name : where(p));
  };
  const progress =
    discovery &&
    (discovery.phase === 'probe'
      ? t('printer.settings.lan.probing', discovery)
      : discovery.phase === 'asking'
        ? t('printer.settings.lan.asking', discovery)
        : t('printer.settings.lan.listening', discovery));

  return (
    <div className="lan-printers" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('printer.settings.lan.title')}</h4>
      <p className="hint">{t('printer.settings.lan.hint')}</p>
      <form className="inline-fields" onSubmit={search}>
        <label className="field">
          <span>{t('printer.settings.lan.range')}</span>
          <input
            type="text"
            inputMode="decimal"
            value={range}
            placeholder={t('printer.settings.lan.rangeExample')}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
            onChange={(e) => {
              setRange(e.target.value);
              setInvalid(false);
            }}
          />
        </label>
        <button type="submit" disabled={busy !== null || range.trim() === ''}>
          {t('printer.settings.lan.searchRange')}
        </button>
      </form>
      {invalid && (
        <p id={`${id}-invalid`} className="error" role="alert">
          {t('printer.settings.lan.rangeInvalid')}
        </p>
      )}
      {progress && (
        <div className="actions">
          <p role="status">{progress}</p>
          <button type="button" onClick={() => void stores.printer.getState().stopDiscovery()}>
            {t('printer.settings.lan.stop')}
          </button>
        </div>
      )}
      {lan && lan.length === 0 && !discovery && (
        <p className="hint">{t('printer.settings.lan.none')}</p>
      )}
      {lan && lan.length > 0 && (
        <ul className="found-printers" aria-label={t('printer.settings.found')}>
          {lan.map((p) => (
            <li key={where(p)}>
              <FoundRow printer={p} />
              <button type="button" disabled={!p.offer} onClick={() => choose(p)}>
                {t('printer.settings.lan.use')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <p role="status" className="hint">
          {t('printer.settings.lan.chosen', { name: chosen })}
        </p>
      )}
    </div>
  );
}

/** What one printer said it is, and what it will be set up as. */
function FoundRow({ printer: p }: { printer: FoundPrinter }) {
  const { t } = useTranslation();
  const answered = p.identity?.answered ?? false;
  const offer = p.offer;
  return (
    <div className="found-printer">
      <strong>{answered ? p.name : t('printer.settings.lan.unknownModel')}</strong>{' '}
      <span className="hint">
        {answered ? where(p) : p.name === where(p) ? where(p) : `${p.name} · ${where(p)}`}
      </span>
      {offer && (
        <span className="found-printer-offer">
          {' · '}
          {t(`printer.settings.${offer.language}`)}
          {' · '}
          {t(`money.layouts.${offer.paper}`)}
          {' · '}
          {offer.kanji === 'builtin'
            ? t('printer.settings.lan.kanjiFont')
            : t('printer.settings.lan.kanjiAsImage')}
        </span>
      )}
      {p.identity && !answered && <p className="hint">{t('printer.settings.lan.unknownNote')}</p>}
    </div>
  );
}
