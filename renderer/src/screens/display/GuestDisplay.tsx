/**
 * The display that faces the guest (issue 31): their product and party, the total, the cash they
 * handed over and the change, then the thanks with their booking's code — in the guest's language
 * (staff's toggle), large, nothing to press. It hears only its own screen (`display.get`,
 * `display.changed`): the browser host gives it a token of its own, the desktop app a window of
 * its own (decision M12).
 */
import { useEffect, useReducer, useState } from 'react';
import type { Bridge } from '../../../../main/ipc/bridge';
import { receiptWords, type DisplayView } from '../../../../main/ipc/contract';
import { createApi } from '../../api/api';
import { createI18n, showLanguage } from '../../i18n';

const i18n = createI18n('ja');

function money(amount: number, currency: string, locale: 'ja' | 'en'): string {
  return new Intl.NumberFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(amount);
}

/** The booking's code, drawn from the modules the desk made (dark modules as one path). */
function Code({ modules, label }: { modules: boolean[][]; label: string }) {
  const size = modules.length + 8;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + 4} ${y + 4}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      className="guest-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function GuestDisplayPage({ bridge }: { bridge: Bridge }) {
  const [view, setView] = useState<DisplayView | null>(null);
  useEffect(() => {
    const api = createApi(bridge);
    const off = api.on('display.changed', setView);
    api.call('display.get', {}).then(setView, () => undefined);
    return () => {
      off();
      api.dispose();
    };
  }, [bridge]);

  const asked = view?.locale ?? 'ja';
  const [, wordsArrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // English is fetched the first time a guest asks for it (i18n/index.ts); one not fetched
    // leaves the display in Japanese.
    showLanguage(i18n, asked).then(wordsArrived, () => undefined);
  }, [asked]);
  // The guest's language once its words are here, Japanese until then: never a key.
  const locale = i18n.hasResourceBundle(asked, 'translation') ? asked : 'ja';
  const t = i18n.getFixedT(locale);
  const r = receiptWords[locale];
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t('guestDisplay.label');
  }, [locale, t]);

  const screen = view?.screen ?? null;
  return (
    <main className="guest-display" aria-live="polite" aria-label={t('guestDisplay.label')}>
      {screen === null && <p className="guest-welcome">{t('guestDisplay.waiting')}</p>}
      {screen?.kind === 'idle' && <h1 className="guest-welcome">{t('guestDisplay.welcome')}</h1>}
      {screen?.kind === 'sale' && (
        <>
          <h1 className="guest-product">{screen.product}</h1>
          <p className="guest-when">
            {r.experience} {screen.when}
          </p>
          <p className="guest-party">
            {r.adult} {t('guestDisplay.people', { count: screen.adults })}
            {screen.children > 0 &&
              ` · ${r.child} ${t('guestDisplay.people', { count: screen.children })}`}
          </p>
          <dl className="guest-money">
            {screen.total !== null && (
              <div className="guest-total">
                <dt>{r.total}</dt>
                <dd>{money(screen.total, screen.currency, locale)}</dd>
              </div>
            )}
            {screen.received !== null && screen.total !== null && screen.received > 0 && (
              <div>
                <dt>{r.received}</dt>
                <dd>{money(screen.received, screen.currency, locale)}</dd>
              </div>
            )}
            {screen.change !== null && screen.change > 0 && (
              <div className="guest-change">
                <dt>{r.change}</dt>
                <dd>{money(screen.change, screen.currency, locale)}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      {screen?.kind === 'thanks' && (
        <>
          <h1 className="guest-welcome">{t('guestDisplay.thanks')}</h1>
          <dl className="guest-money">
            {screen.total !== null && (
              <div>
                <dt>{r.total}</dt>
                <dd>{money(screen.total, screen.currency, locale)}</dd>
              </div>
            )}
            {screen.change !== null && screen.change > 0 && (
              <div className="guest-change">
                <dt>{r.change}</dt>
                <dd>{money(screen.change, screen.currency, locale)}</dd>
              </div>
            )}
          </dl>
          {screen.number && view?.code && (
            <figure className="guest-figure">
              <Code modules={view.code} label={`${r.reservationNumber} ${screen.number}`} />
              <figcaption>
                {r.reservationNumber} {screen.number}
                <br />
                {r.scanHint}
              </figcaption>
            </figure>
          )}
        </>
      )}
    </main>
  );
}
