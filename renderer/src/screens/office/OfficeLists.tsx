/**
 * The chain's lists at the counter (decisions AB70–AB79): whether the head office manages a list
 * (its screen then read-only, and why), what the office's last revision changed (a notice staff
 * dismiss), and the members it added who wait for their PIN here. Read again whenever the status
 * changes (the main process tells it when a revision arrives).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeListName, OfficeListsView } from '../../../../main/ipc/contract';
import { useApp } from '../../app/context';
import { langOf } from '../../i18n';

/** The office's lists as this counter holds them; null until read (or an older main process). */
export function useOfficeLists(): [OfficeListsView | null, (view: OfficeListsView) => void] {
  const { api } = useApp();
  const [view, setView] = useState<OfficeListsView | null>(null);
  const keep = useCallback(
    (next: OfficeListsView) =>
      setView((was) => (was && JSON.stringify(was) === JSON.stringify(next) ? was : next)),
    [],
  );
  useEffect(() => {
    let live = true;
    const load = () =>
      api.call('office.lists', {}).then(
        (v) => live && keep(v),
        () => undefined,
      );
    void load();
    // A revision arrived (the status), or a member got their PIN (the staff list).
    const offs = [
      api.on('status.changed', () => void load()),
      api.on('staff.changed', () => void load()),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [api, keep]);
  return [view, keep];
}

/** Whether the office manages `list` at this counter. */
export function useManagedByOffice(list: OfficeListName): boolean {
  const [view] = useOfficeLists();
  return view?.managed[list] ?? false;
}

/** Why a list cannot be changed here: the head office manages it. */
export function ManagedNotice({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <p className="notice managed-by-office" id={id}>
      <strong>{t('office.lists.managed')}</strong> {t('office.lists.managedHint')}
    </p>
  );
}

/** What the office's last revision changed, until staff dismiss it. */
export function OfficeListsBanner() {
  const { t, i18n } = useTranslation();
  const { api } = useApp();
  const id = useId();
  const [view, keep] = useOfficeLists();
  if (!view || view.seen || view.changes.length === 0) return null;
  const lang = langOf(i18n);
  return (
    <section className="notice office-lists-changed" role="status" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`}>{t('office.lists.changedTitle')}</h3>
      <ul>
        {view.changes.map((c) => (
          <li key={`${c.list}:${c.id}`}>
            {t(`office.lists.names.${c.list}`)}: {c.name[lang]} ({t(`office.lists.kinds.${c.kind}`)}
            )
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          void api.call('office.listsSeen', { revision: view.revision }).then(keep, () => undefined)
        }
      >
        {t('office.lists.dismiss')}
      </button>
    </section>
  );
}
