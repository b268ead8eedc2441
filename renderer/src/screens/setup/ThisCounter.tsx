/**
 * Set-up's "This counter": its name (the computer's name when left empty), sharing with the
 * shop's other counters (and what that means), the peer addresses for networks that block
 * discovery, joining by a code (`JoinByCode`), and the counters present. Each change is kept at once by the main process and
 * applied without a restart; a refused one is marked where it was made.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { ShopCounterList } from '../../components/ShopCounterList';
import { JoinByCode } from './JoinByCode';
import type { CallError } from '../../api/api';

interface Problem {
  reason?: string;
  max?: number;
}

const problemOf = (error: CallError): Problem => (error.details[0] ?? {}) as Problem;

export function ThisCounter() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const settings = useSlice(stores.shop, (s) => s.settings);
  const busy = useSlice(stores.shop, (s) => s.busy);
  const failed = useSlice(stores.shop, (s) => s.error);
  const saved = useSlice(stores.shop, (s) => s.saved);
  const shop = useSlice(stores.status, (s) => s.status?.shop ?? null);
  const now = useSlice(stores.status, (s) => s.now);
  /** The name as typed; null: as kept. */
  const [name, setName] = useState<string | null>(null);
  const [peer, setPeer] = useState('');
  const id = useId();

  useEffect(() => {
    void stores.shop.getState().load();
  }, [stores]);

  const nameError = failed?.edit === 'name' && failed.error.code === 'COUNTER_NAME_INVALID';
  const peerError =
    failed?.edit === 'peers' &&
    (failed.error.code === 'PEER_ADDRESS_INVALID' || failed.error.code === 'TOO_MANY_PEERS');
  const otherError = failed && !nameError && !peerError ? failed.error.code : null;

  if (!settings)
    return (
      <section className="card this-counter" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('shop.title')}</h3>
        {otherError ? <ErrorNote code={otherError} /> : <p role="status">{t('common.loading')}</p>}
      </section>
    );

  const configure = stores.shop.getState().configure;
  const saveName = (e: FormEvent) => {
    e.preventDefault();
    const typed = (name ?? settings.counterName ?? '').trim();
    void configure('name', { counterName: typed || null }).then((ok) => ok && setName(null));
  };
  const addPeer = (e: FormEvent) => {
    e.preventDefault();
    void configure('peers', { peers: [...settings.peers, peer] }).then((ok) => ok && setPeer(''));
  };
  const nameProblem = nameError ? problemOf(failed.error) : null;
  const peerProblem = peerError ? problemOf(failed.error) : null;

  return (
    <section className="card this-counter" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('shop.title')}</h3>
      {shop && !shop.sharing && <p className="notice">{t(`shop.reasons.${shop.reason}`)}</p>}

      <form onSubmit={saveName} className="shop-name">
        <label htmlFor={`${id}-name`}>{t('shop.name')}</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          value={name ?? settings.counterName ?? ''}
          placeholder={settings.hostName}
          aria-invalid={nameError || undefined}
          aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={`${id}-name-hint`} className="hint">
          {t('shop.nameHint', { host: settings.hostName })}
        </p>
        {nameProblem && (
          <p id={`${id}-name-error`} className="field-error" role="alert">
            {t(`shop.nameProblems.${nameProblem.reason as 'empty'}`, {
              max: nameProblem.max,
              defaultValue: t('errors.COUNTER_NAME_INVALID'),
            })}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={busy !== null}>
            {busy === 'name' ? t('shop.saving') : t('shop.saveName')}
          </button>
          <span role="status">{saved === 'name' && t('shop.saved')}</span>
        </div>
      </form>

      <label className="choice">
        <input
          type="checkbox"
          checked={settings.sharing}
          disabled={busy !== null}
          aria-describedby={`${id}-sharing-hint`}
          onChange={(e) => void configure('sharing', { sharing: e.target.checked })}
        />
        <span>{t('shop.sharing')}</span>
      </label>
      <p id={`${id}-sharing-hint`} className="hint">
        {t('shop.sharingExplain')}
      </p>

      <form onSubmit={addPeer} className="shop-peers" aria-labelledby={`${id}-peers`}>
        <h4 id={`${id}-peers`}>{t('shop.peers')}</h4>
        <p id={`${id}-peers-hint`} className="hint">
          {t('shop.peersHint')}
        </p>
        {settings.peers.length === 0 ? (
          <p>{t('shop.noPeers')}</p>
        ) : (
          <ul className="peers">
            {settings.peers.map((p) => (
              <li key={p}>
                <code>{p}</code>
                <button
                  type="button"
                  disabled={busy !== null}
                  aria-label={t('shop.removePeer', { peer: p })}
                  onClick={() =>
                    void configure('peers', { peers: settings.peers.filter((x) => x !== p) })
                  }
                >
                  {t('shop.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={`${id}-peer`}>{t('shop.peerAddress')}</label>
        <div className="peer-add">
          <input
            id={`${id}-peer`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            value={peer}
            aria-invalid={peerError || undefined}
            aria-describedby={`${id}-peers-hint${peerError ? ` ${id}-peer-error` : ''}`}
            onChange={(e) => setPeer(e.target.value)}
          />
          <button type="submit" disabled={busy !== null || !peer.trim()}>
            {busy === 'peers' ? t('shop.saving') : t('shop.addPeer')}
          </button>
        </div>
        {peerProblem && (
          <p id={`${id}-peer-error`} className="field-error" role="alert">
            {failed?.error.code === 'TOO_MANY_PEERS'
              ? t('shop.tooManyPeers', { max: peerProblem.max })
              : t(`shop.peerProblems.${peerProblem.reason as 'empty'}`, {
                  defaultValue: t('errors.PEER_ADDRESS_INVALID'),
                })}
          </p>
        )}
      </form>

      {otherError && <ErrorNote code={otherError} />}

      <JoinByCode shop={shop} />

      {shop?.sharing && (
        <>
          <h4>{t('shop.counters')}</h4>
          <ShopCounterList shop={shop} now={now} />
          {shop.counters.length === 0 && <p>{t('shop.noCounters')}</p>}
        </>
      )}
    </section>
  );
}
