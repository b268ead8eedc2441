/**
 * Set-up's "This computer" (issue 14): the app's updates (status, check, restart when nothing
 * holds it, channel, when to install), counter mode (start at login, full screen or kiosk, the
 * screen kept on in opening hours, the window's place) and logs (level, the support file). Each
 * change is kept and applied by the main process at once. Only what this host can do is offered.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterMode, InstalledView, UpdatePrefs } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { TimeField } from '../../components/TimeField';
import { UpdateStatusLine } from '../status/UpdateStatus';

export function ThisComputer() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const view = useSlice(stores.installed, (s) => s.view);
  const error = useSlice(stores.installed, (s) => s.error);
  const id = useId();

  useEffect(() => {
    void stores.installed.getState().load();
  }, [stores]);

  return (
    <section className="card this-computer" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('installed.title')}</h3>
      {!view ? (
        error ? (
          <p className="hint">{t('installed.browserNote')}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )
      ) : (
        <>
          <Updates view={view} />
          {(view.can.display || view.can.startAtLogin || view.can.keepAwake) && (
            <Counter view={view} />
          )}
          <Logs view={view} />
          {!view.can.updates && !view.can.display && (
            <p className="hint">{t('installed.browserNote')}</p>
          )}
          {error && <ErrorNote code={error.code} />}
        </>
      )}
    </section>
  );
}

function Updates({ view }: { view: InstalledView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const busy = useSlice(stores.installed, (s) => s.busy);
  const held = useSlice(stores.installed, (s) => s.held);
  const fmt = useFormat();
  const id = useId();
  const { updates, settings } = view;
  const prefs = settings.updates;
  const set = (change: Partial<UpdatePrefs>) =>
    void stores.installed.getState().configure({ updates: { ...prefs, ...change } });
  const holds = held ?? updates.holds;

  return (
    <section aria-labelledby={`${id}-updates`}>
      <h4 id={`${id}-updates`}>{t('installed.updates.title')}</h4>
      <p>{t('installed.updates.current', { version: updates.currentVersion })}</p>
      <p role="status">
        <UpdateStatusLine updates={updates} />
      </p>
      {updates.unavailable && view.can.display && (
        <p className="hint">{t(`installed.updates.unavailable.${updates.unavailable}`)}</p>
      )}
      {updates.error && (
        <p className="warn-text">{t(`installed.updates.errors.${updates.error}`)}</p>
      )}
      {updates.checkedAt !== null && (
        <p className="hint">
          {t('installed.updates.checkedAt', { time: fmt.instant(updates.checkedAt) })}
        </p>
      )}
      {view.can.updates && (
        <div className="actions">
          <button
            type="button"
            disabled={busy !== null || updates.phase === 'installing'}
            onClick={() => void stores.installed.getState().checkNow()}
          >
            {busy === 'checking' ? t('installed.updates.checking') : t('installed.updates.check')}
          </button>
          {updates.phase === 'ready' && (
            <button
              type="button"
              className="primary"
              disabled={busy !== null || holds.length > 0}
              aria-describedby={holds.length ? `${id}-holds` : undefined}
              onClick={() => void stores.installed.getState().installNow()}
            >
              {busy === 'installing'
                ? t('installed.updates.restarting')
                : t('installed.updates.restart')}
            </button>
          )}
        </div>
      )}
      {updates.phase === 'ready' && holds.length > 0 && (
        <div id={`${id}-holds`} className="notice">
          <p>{t('installed.updates.holds.lead')}</p>
          <ul>
            {holds.map((h) => (
              <li key={h}>{t(`installed.updates.holds.${h}`)}</li>
            ))}
          </ul>
        </div>
      )}
      {view.can.updates && (
        <>
          <fieldset>
            <legend>{t('installed.updates.channel')}</legend>
            {(['stable', 'beta'] as const).map((c) => (
              <label key={c} className="choice">
                <input
                  type="radio"
                  name={`${id}-channel`}
                  checked={prefs.channel === c}
                  disabled={busy !== null}
                  onChange={() => set({ channel: c })}
                />
                <span>{t(`installed.updates.channels.${c}`)}</span>
              </label>
            ))}
          </fieldset>
          <fieldset aria-describedby={`${id}-never`}>
            <legend>{t('installed.updates.installWhen')}</legend>
            {(['quit', 'quiet_time'] as const).map((w) => (
              <label key={w} className="choice">
                <input
                  type="radio"
                  name={`${id}-when`}
                  checked={prefs.installWhen === w}
                  disabled={busy !== null}
                  onChange={() => set({ installWhen: w })}
                />
                <span>{t(`installed.updates.when.${w}`)}</span>
              </label>
            ))}
            {prefs.installWhen === 'quiet_time' && (
              <TimeField
                label={t('installed.updates.quietTime')}
                hint={t('installed.updates.quietHint')}
                value={prefs.quietTime}
                onChange={(quietTime) => set({ quietTime })}
              />
            )}
            <p id={`${id}-never`} className="hint">
              {t('installed.updates.neverMidService')}
            </p>
          </fieldset>
        </>
      )}
    </section>
  );
}

function Counter({ view }: { view: InstalledView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const busy = useSlice(stores.installed, (s) => s.busy);
  const id = useId();
  const counter = view.settings.counter;
  const [hoursProblem, setHoursProblem] = useState(false);
  const set = (change: Partial<CounterMode>) =>
    void stores.installed.getState().configure({ counter: { ...counter, ...change } });
  const setHours = (change: Partial<CounterMode['openingHours']>) => {
    const hours = { ...counter.openingHours, ...change };
    setHoursProblem(hours.closes <= hours.opens);
    if (hours.closes > hours.opens) set({ openingHours: hours });
  };
  const check = (key: 'startAtLogin' | 'keepAwake' | 'rememberWindow', label: string) => (
    <label className="choice">
      <input
        type="checkbox"
        checked={counter[key]}
        disabled={busy !== null}
        onChange={(e) => set({ [key]: e.target.checked })}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <section aria-labelledby={`${id}-counter`}>
      <h4 id={`${id}-counter`}>{t('installed.counter.title')}</h4>
      {view.can.startAtLogin && check('startAtLogin', t('installed.counter.startAtLogin'))}
      {view.can.display && (
        <fieldset>
          <legend>{t('installed.counter.display')}</legend>
          {(['window', 'full_screen', 'kiosk'] as const).map((d) => (
            <label key={d} className="choice">
              <input
                type="radio"
                name={`${id}-display`}
                checked={counter.display === d}
                disabled={busy !== null}
                onChange={() => set({ display: d })}
              />
              <span>{t(`installed.counter.displays.${d}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {view.can.keepAwake && check('keepAwake', t('installed.counter.keepAwake'))}
      {view.can.keepAwake && counter.keepAwake && (
        <div className="hours">
          <TimeField
            label={t('installed.counter.opens')}
            value={counter.openingHours.opens}
            onChange={(opens) => setHours({ opens })}
          />
          <TimeField
            label={t('installed.counter.closes')}
            value={counter.openingHours.closes}
            invalid={hoursProblem}
            onChange={(closes) => setHours({ closes })}
          />
          {hoursProblem && (
            <p className="field-error" role="alert">
              {t('installed.counter.hoursProblem')}
            </p>
          )}
        </div>
      )}
      {view.can.rememberWindow && check('rememberWindow', t('installed.counter.rememberWindow'))}
    </section>
  );
}

function Logs({ view }: { view: InstalledView }) {
  const { t } = useTranslation();
  const { stores, platform } = useApp();
  const busy = useSlice(stores.installed, (s) => s.busy);
  const bundle = useSlice(stores.installed, (s) => s.bundle);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-logs`}>
      <h4 id={`${id}-logs`}>{t('installed.logs.title')}</h4>
      {view.can.logFiles && (
        <>
          <label htmlFor={`${id}-level`}>{t('installed.logs.level')}</label>
          <select
            id={`${id}-level`}
            value={view.settings.logLevel}
            disabled={busy !== null}
            onChange={(e) =>
              void stores.installed
                .getState()
                .configure({ logLevel: e.target.value as InstalledView['settings']['logLevel'] })
            }
          >
            {(['debug', 'info', 'warn', 'error'] as const).map((l) => (
              <option key={l} value={l}>
                {t(`installed.logs.levels.${l}`)}
              </option>
            ))}
          </select>
        </>
      )}
      <p className="hint">{t('installed.logs.noPersonal')}</p>
      <div className="actions">
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void stores.installed.getState().makeBundle(platform.download)}
        >
          {busy === 'bundle' ? t('installed.logs.making') : t('installed.logs.bundle')}
        </button>
        <span role="status">
          {bundle &&
            (bundle.savedTo
              ? t('installed.logs.savedTo', { path: bundle.savedTo })
              : t('installed.logs.downloaded', { file: bundle.fileName }))}
        </span>
      </div>
    </section>
  );
}
