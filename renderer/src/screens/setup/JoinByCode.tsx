/**
 * Joining by a code (H13), in set-up's "This counter": a counter that shares shows a one-time
 * code — a QR code for a 2D scanner and the same text to type — and another counter enters it,
 * scanned or typed, to learn where that shop's counters are. Only a counter set up live with the
 * store's key can join (the key never comes from a peer): one that is not is told so here, with
 * the way to set-up's key field, rather than given a field whose code would be refused. Staff see
 * what is under way and, when it fails, why and what to do.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopStatus } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';

/** Set-up's API key field (`SetupScreen`), where a counter not set up is sent first. */
export const SETUP_KEY_FIELD = 'setup-key';

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function JoinByCode({ shop }: { shop: ShopStatus | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { stores } = useApp();
  const code = useSlice(stores.shop, (s) => s.code);
  const busy = useSlice(stores.shop, (s) => s.joinBusy);
  const joined = useSlice(stores.shop, (s) => s.joined);
  const failed = useSlice(stores.shop, (s) => s.joinError);
  const now = useSlice(stores.status, (s) => s.now);
  const setUp = useSlice(stores.setup, (s) => s.status?.mode === 'live');
  const [typed, setTyped] = useState('');
  const id = useId();
  const { showCode, hideCode, joinWith } = stores.shop.getState();
  const expired = code !== null && now > code.expiresAt;

  const join = (e: FormEvent) => {
    e.preventDefault();
    void joinWith(typed).then((ok) => ok && setTyped(''));
  };

  return (
    <div className="join-code">
      {shop?.sharing && (
        <section aria-labelledby={`${id}-show`}>
          <h4 id={`${id}-show`}>{t('shop.join.showTitle')}</h4>
          <p className="hint">{t('shop.join.showHint')}</p>
          {code && !expired ? (
            <figure className="join-code-shown">
              <img src={svgUrl(code.qrSvg)} alt={t('shop.join.qrAlt')} width={220} height={220} />
              <figcaption>
                <code className="join-code-text">{code.code}</code>
                <span>{t('shop.join.validUntil', { time: fmt.instant(code.expiresAt, now) })}</span>
              </figcaption>
              <button type="button" onClick={hideCode}>
                {t('shop.join.hide')}
              </button>
            </figure>
          ) : (
            <>
              {expired && <p role="status">{t('shop.join.expired')}</p>}
              <button type="button" disabled={busy !== null} onClick={() => void showCode()}>
                {busy === 'show' ? t('shop.join.making') : t('shop.join.show')}
              </button>
            </>
          )}
          {failed?.step === 'show' && <ErrorNote code={failed.error.code} />}
        </section>
      )}

      <form onSubmit={join} aria-labelledby={`${id}-enter`}>
        <h4 id={`${id}-enter`}>{t('shop.join.enterTitle')}</h4>
        <p id={`${id}-enter-hint`} className="hint">
          {t('shop.join.enterHint')}
        </p>
        {!setUp ? (
          <div className="notice">
            <p>{t('errors.JOIN_SET_UP_FIRST')}</p>
            <button type="button" onClick={() => document.getElementById(SETUP_KEY_FIELD)?.focus()}>
              {t('shop.join.toKey')}
            </button>
          </div>
        ) : (
          <>
            <label htmlFor={`${id}-code`}>{t('shop.join.code')}</label>
            <div className="peer-add">
              <input
                id={`${id}-code`}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={typed}
                aria-invalid={failed?.step === 'join' || undefined}
                aria-describedby={`${id}-enter-hint`}
                onChange={(e) => setTyped(e.target.value)}
              />
              <button type="submit" disabled={busy !== null || !typed.trim()}>
                {t('shop.join.join')}
              </button>
            </div>
            <p role="status">
              {busy === 'join'
                ? t('shop.join.joining')
                : joined
                  ? t('shop.join.joined', { name: joined })
                  : ''}
            </p>
            {failed?.step === 'join' && <ErrorNote code={failed.error.code} />}
          </>
        )}
      </form>
    </div>
  );
}
