/**
 * The staff settings (issue 29): the members (add, change a name, role or PIN, a new card, remove),
 * what each role may do and the idle lock (the owner's table), and — before the store has staff —
 * the owner's start, with the API key. Who may open what here is the main process's to say: a
 * refusal asks for an approval like any other.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMemberView } from '../../../../main/ipc/contract';
import { asCallError, type CallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { MemberForm } from './MemberForm';
import { ManagedNotice, OfficeListsBanner, useOfficeLists } from '../office/OfficeLists';
import { OwnerClaim } from './OwnerClaim';
import { PolicyForm } from './PolicyForm';

export function StaffScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const state = useSlice(stores.staff, (s) => s.state);
  return (
    <section className="screen staff" aria-labelledby="staff-title">
      <BackButton />
      <h2 id="staff-title">{t('staff.settings.title')}</h2>
      <OfficeListsBanner />
      {state && !state.enabled && <OwnerClaim />}
      {state?.enabled && <Members />}
      {state?.enabled && <PolicyForm />}
    </section>
  );
}

type Editing = { member: StaffMemberView | null; fromOffice?: boolean } | null;

function Members() {
  const { t } = useTranslation();
  const { api } = useApp();
  const id = useId();
  const [members, setMembers] = useState<StaffMemberView[] | null>(null);
  const [unreadable, setUnreadable] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  // The head office sets the staff: shown, not changed here, but for a new member's PIN (decision AB75).
  const [office] = useOfficeLists();
  const managed = office?.managed.staff ?? false;
  const awaiting = office?.awaitingPin ?? [];

  const load = useCallback(() => {
    api
      .call('staff.list', {})
      .then((list) => {
        setMembers(list.members);
        setUnreadable(list.unreadable.length);
        setError(null);
      })
      .catch((failure: unknown) => setError(asCallError(failure)));
  }, [api]);
  useEffect(load, [load]);

  async function remove(member: StaffMemberView) {
    setDone(null);
    try {
      await api.call('staff.remove', { id: member.id, confirm: true });
      setDone(t('staff.settings.removed'));
      load();
    } catch (failure) {
      setError(asCallError(failure));
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('staff.settings.members')}</h3>
      {unreadable > 0 && (
        <p className="notice warn">{t('staff.settings.unreadable', { count: unreadable })}</p>
      )}
      {managed && <ManagedNotice />}
      {members && (
        <ul className="staff-list">
          {members.map((m) => (
            <li key={m.id}>
              <span className="staff-name">{m.name}</span>{' '}
              <span className="badge plain">{t(`staff.roles.${m.role}`)}</span>{' '}
              <span className="hint">
                {m.card ? t('staff.settings.card', { code: m.card }) : t('staff.settings.noCard')}
              </span>
              <span className="staff-actions" hidden={managed}>
                <button type="button" onClick={() => setEditing({ member: m })}>
                  {t('staff.settings.edit')}
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={t('staff.settings.removeConfirm', { name: m.name })}
                  onClick={() => void remove(m)}
                >
                  {t('staff.settings.remove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {awaiting.length > 0 && (
        <section aria-labelledby={`${id}-awaiting`}>
          <h4 id={`${id}-awaiting`}>{t('office.lists.awaitingTitle')}</h4>
          <p className="hint">{t('office.lists.awaitingHint')}</p>
          <ul className="staff-list">
            {awaiting.map((m) => (
              <li key={m.id}>
                <span className="staff-name">{m.name}</span>{' '}
                <span className="badge plain">{t(`staff.roles.${m.role}`)}</span>{' '}
                <button
                  type="button"
                  aria-label={`${t('office.lists.setPin')}: ${m.name}`}
                  onClick={() =>
                    setEditing({
                      member: { ...m, card: null, updatedAt: 0 },
                      fromOffice: true,
                    })
                  }
                >
                  {t('office.lists.setPin')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!editing && !managed && (
        <button type="button" onClick={() => setEditing({ member: null })}>
          {t('staff.settings.add')}
        </button>
      )}
      {editing && (
        <MemberForm
          member={editing.member}
          fromOffice={editing.fromOffice}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setDone(t('staff.settings.saved'));
              load();
            }
          }}
        />
      )}
      <p role="status" className="hint">
        {done}
      </p>
      {error && <ErrorNote code={error.code} />}
    </section>
  );
}
