/**
 * The staff settings (issue 29): the members (add, change a name, role or PIN, a new card, remove),
 * what each role may do and the idle lock (the owner's table), and — before the store has staff —
 * the owner's start, with the API key. Who may open what here is the main process's to say: a
 * refusal asks for an approval like any other.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Permission,
  StaffRole,
  type PermissionTable,
  type StaffMemberView,
} from '../../../../main/ipc/contract';
import { asCallError, type CallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';

const IDLE_CHOICES = [null, 1, 2, 5, 10, 15, 30, 60] as const;

export function StaffScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const state = useSlice(stores.staff, (s) => s.state);
  return (
    <section className="screen staff" aria-labelledby="staff-title">
      <BackButton />
      <h2 id="staff-title">{t('staff.settings.title')}</h2>
      {state && !state.enabled && <OwnerClaim />}
      {state?.enabled && <Members />}
      {state?.enabled && <Policy />}
    </section>
  );
}

/** Whoever holds the API key becomes the owner: staff sign-in starts (or starts again). */
export function OwnerClaim() {
  const { t } = useTranslation();
  const { api, stores } = useApp();
  const id = useId();
  const key = useRef<HTMLInputElement>(null);
  const pin = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CallError | null>(null);
  return (
    <form
      className="card"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        api
          .call('staff.claimOwner', {
            apiKey: key.current?.value ?? '',
            name,
            pin: pin.current?.value ?? '',
          })
          .then((state) => stores.staff.setState({ state }))
          .catch((failure: unknown) => setError(asCallError(failure)))
          .finally(() => setBusy(false));
      }}
    >
      <h3 id={`${id}-title`}>{t('staff.owner.title')}</h3>
      <p>{t('staff.owner.explain')}</p>
      <label htmlFor={`${id}-key`}>{t('staff.owner.key')}</label>
      <input id={`${id}-key`} ref={key} type="password" autoComplete="off" required />
      <label htmlFor={`${id}-name`}>{t('staff.owner.name')}</label>
      <input
        id={`${id}-name`}
        type="text"
        required
        maxLength={40}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor={`${id}-pin`}>{t('staff.owner.pin')}</label>
      <input
        id={`${id}-pin`}
        ref={pin}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4,8}"
        required
      />
      <button type="submit" className="primary" disabled={busy}>
        {t('staff.owner.claim')}
      </button>
      {error && <ErrorNote code={error.code} />}
    </form>
  );
}

type Editing = { member: StaffMemberView | null } | null;

function Members() {
  const { t } = useTranslation();
  const { api } = useApp();
  const id = useId();
  const [members, setMembers] = useState<StaffMemberView[] | null>(null);
  const [unreadable, setUnreadable] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);

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
      {members && (
        <ul className="staff-list">
          {members.map((m) => (
            <li key={m.id}>
              <span className="staff-name">{m.name}</span>{' '}
              <span className="badge plain">{t(`staff.roles.${m.role}`)}</span>{' '}
              <span className="hint">
                {m.card ? t('staff.settings.card', { code: m.card }) : t('staff.settings.noCard')}
              </span>
              <span className="staff-actions">
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
      {!editing && (
        <button type="button" onClick={() => setEditing({ member: null })}>
          {t('staff.settings.add')}
        </button>
      )}
      {editing && (
        <MemberForm
          member={editing.member}
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

function MemberForm({
  member,
  onDone,
}: {
  member: StaffMemberView | null;
  onDone(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const { api } = useApp();
  const id = useId();
  const pin = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'staff');
  const [newCard, setNewCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CallError | null>(null);
  return (
    <form
      className="staff-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        const typed = pin.current?.value ?? '';
        api
          .call('staff.save', {
            id: member?.id ?? null,
            name,
            role,
            pin: typed === '' ? null : typed,
            newCard,
          })
          .then(() => onDone(true))
          .catch((failure: unknown) => setError(asCallError(failure)))
          .finally(() => setBusy(false));
      }}
    >
      <h4 id={`${id}-title`}>
        {member ? t('staff.settings.formEdit', { name: member.name }) : t('staff.settings.formAdd')}
      </h4>
      <label htmlFor={`${id}-name`}>{t('staff.settings.name')}</label>
      <input
        id={`${id}-name`}
        type="text"
        required
        maxLength={40}
        value={name}
        aria-describedby={`${id}-name-hint`}
        onChange={(e) => setName(e.target.value)}
      />
      <p id={`${id}-name-hint`} className="hint">
        {t('staff.settings.nameHint')}
      </p>
      <label htmlFor={`${id}-role`}>{t('staff.settings.role')}</label>
      <select
        id={`${id}-role`}
        value={role}
        onChange={(e) => setRole(StaffRole.parse(e.target.value))}
      >
        {StaffRole.options.map((r) => (
          <option key={r} value={r}>
            {t(`staff.roles.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-pin`}>
        {member ? t('staff.settings.pinKeep') : t('staff.settings.pin')}
      </label>
      <input
        id={`${id}-pin`}
        ref={pin}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4,8}"
        required={!member}
      />
      {member && (
        <label className="choice">
          <input type="checkbox" checked={newCard} onChange={(e) => setNewCard(e.target.checked)} />
          <span>{t('staff.settings.newCard')}</span>
        </label>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('staff.settings.save')}
        </button>
        <button type="button" onClick={() => onDone(false)}>
          {t('staff.settings.cancel')}
        </button>
      </div>
      {error && <ErrorNote code={error.code} />}
    </form>
  );
}

/** What staff and managers may do, and the idle lock: the owner's. */
function Policy() {
  const { t } = useTranslation();
  const { api, stores } = useApp();
  const id = useId();
  const state = useSlice(stores.staff, (s) => s.state);
  const [table, setTable] = useState<PermissionTable | null>(null);
  const [idle, setIdle] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  useEffect(() => {
    if (!state) return;
    setTable(state.permissions);
    setIdle(state.idleLockMinutes);
  }, [state]);
  if (!state || !table) return null;
  const owner = state.signedIn?.role === 'owner';
  const toggle = (role: 'staff' | 'manager', p: Permission) =>
    setTable({
      ...table,
      [role]: table[role].includes(p) ? table[role].filter((x) => x !== p) : [...table[role], p],
    });
  return (
    <form
      className="card"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        setError(null);
        api
          .call('staff.policy', { permissions: table, idleLockMinutes: idle })
          .then((next) => {
            stores.staff.setState({ state: next });
            setDone(t('staff.settings.policySaved'));
          })
          .catch((failure: unknown) => setError(asCallError(failure)));
      }}
    >
      <h3 id={`${id}-title`}>{t('staff.settings.policyTitle')}</h3>
      <p className="hint">{t('staff.settings.policyExplain')}</p>
      {!owner && <p className="notice">{t('staff.settings.ownerOnly')}</p>}
      <table className="tender-table permission-table">
        <thead>
          <tr>
            <th scope="col">{t('staff.settings.permission')}</th>
            <th scope="col">{t('staff.roles.staff')}</th>
            <th scope="col">{t('staff.roles.manager')}</th>
            <th scope="col">{t('staff.roles.owner')}</th>
          </tr>
        </thead>
        <tbody>
          {Permission.options.map((p) => (
            <tr key={p}>
              <th scope="row">{t(`staff.permissions.${p}`)}</th>
              {(['staff', 'manager'] as const).map((role) => (
                <td key={role}>
                  <input
                    type="checkbox"
                    aria-label={`${t(`staff.roles.${role}`)}: ${t(`staff.permissions.${p}`)}`}
                    checked={table[role].includes(p)}
                    onChange={() => toggle(role, p)}
                  />
                </td>
              ))}
              <td>✓</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label htmlFor={`${id}-idle`}>{t('staff.settings.idle')}</label>
      <select
        id={`${id}-idle`}
        value={idle === null ? '' : String(idle)}
        onChange={(e) => setIdle(e.target.value === '' ? null : Number(e.target.value))}
      >
        {IDLE_CHOICES.map((m) => (
          <option key={m ?? 'never'} value={m === null ? '' : String(m)}>
            {m === null ? t('staff.settings.idleNever') : t('staff.settings.minutes', { count: m })}
          </option>
        ))}
      </select>
      <button type="submit" className="primary">
        {t('staff.settings.savePolicy')}
      </button>
      <p role="status" className="hint">
        {done}
      </p>
      {error && <ErrorNote code={error.code} />}
    </form>
  );
}
