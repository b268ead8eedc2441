/**
 * The update's status in words (set-up), and its short form in the status bar: shown only while
 * something is happening (downloading, ready), with the way to set-up, where staff restart.
 */
import { useTranslation } from 'react-i18next';
import type { UpdateStatus } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';

export function UpdateStatusLine({ updates }: { updates: UpdateStatus }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`installed.updates.phase.${updates.phase}`, {
        version: updates.version ?? '',
        percent: updates.percent ?? 0,
      })}
    </>
  );
}

export function UpdateBadge() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const updates = useSlice(stores.installed, (s) => s.view?.updates ?? null);
  const go = useSlice(stores.nav, (s) => s.go);
  const shown = updates && (updates.phase === 'downloading' || updates.phase === 'ready');
  return (
    <div className="update" role="status">
      {shown && (
        <button
          type="button"
          className={`link-button${updates.phase === 'ready' ? ' attention' : ''}`}
          onClick={() => go({ name: 'setup' })}
        >
          {updates.phase === 'downloading'
            ? t('installed.bar.downloading', { percent: updates.percent ?? 0 })
            : t(updates.holds.length ? 'installed.bar.readyHeld' : 'installed.bar.ready')}
        </button>
      )}
    </div>
  );
}
