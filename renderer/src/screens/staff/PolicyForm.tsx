/**
 * What each role may do, and the idle lock: the owner's table (issue 29, S22). Its columns are the
 * roles of main/common's one table (decision AA52): a checkbox for each role the owner sets, a tick
 * for one that may do all.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Permission,
  StaffRole,
  isTableRole,
  type PermissionTable,
  type StaffState,
  type TableRole,
} from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { useCalling } from './fields';

const IDLE_CHOICES = [null, 1, 2, 5, 10, 15, 30, 60] as const;

export function PolicyForm() {
  const { stores } = useApp();
  const state = useSlice(stores.staff, (s) => s.state);
  // Said here: the fields below start again from the policy once it is saved.
  const [done, setDone] = useState<string | null>(null);
  if (!state) return null;
  // A policy changed elsewhere (another counter, the owner) starts the form again from it.
  return (
    <PolicyFields
      key={JSON.stringify([state.permissions, state.idleLockMinutes])}
      state={state}
      done={done}
      setDone={setDone}
    />
  );
}

function PolicyFields({
  state,
  done,
  setDone,
}: {
  state: StaffState;
  done: string | null;
  setDone(text: string | null): void;
}) {
  const { t } = useTranslation();
  const { api, stores } = useApp();
  const id = useId();
  const [table, setTable] = useState<PermissionTable>(state.permissions);
  const [idle, setIdle] = useState<number | null>(state.idleLockMinutes);
  const { error, run } = useCalling();
  const owner = state.signedIn?.role === 'owner';
  const toggle = (role: TableRole, p: Permission) =>
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
        run(
          () => api.call('staff.policy', { permissions: table, idleLockMinutes: idle }),
          (next) => {
            setDone(t('staff.settings.policySaved'));
            stores.staff.setState({ state: next });
          },
        );
      }}
    >
      <h3 id={`${id}-title`}>{t('staff.settings.policyTitle')}</h3>
      <p className="hint">{t('staff.settings.policyExplain')}</p>
      {!owner && <p className="notice">{t('staff.settings.ownerOnly')}</p>}
      <table className="tender-table permission-table">
        <thead>
          <tr>
            <th scope="col">{t('staff.settings.permission')}</th>
            {StaffRole.options.map((role) => (
              <th key={role} scope="col">
                {t(`staff.roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Permission.options.map((p) => (
            <tr key={p}>
              <th scope="row">{t(`staff.permissions.${p}`)}</th>
              {StaffRole.options.map((role) =>
                !isTableRole(role) ? (
                  <td key={role}>✓</td>
                ) : (
                  <td key={role}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`staff.roles.${role}`)}: ${t(`staff.permissions.${p}`)}`}
                      checked={table[role].includes(p)}
                      onChange={() => toggle(role, p)}
                    />
                  </td>
                ),
              )}
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
