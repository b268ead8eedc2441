/** Add a member of staff, or change one: name, role, a new PIN, a new card (issue 29). */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffRole, type StaffMemberView } from '../../../../main/ipc/contract';
import { useApp } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { PinField, useCalling } from './fields';

export function MemberForm({
  member,
  onDone,
  fromOffice = false,
}: {
  member: StaffMemberView | null;
  onDone(saved: boolean): void;
  /** A member the head office added: their name and role are the office's, a PIN is set here. */
  fromOffice?: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useApp();
  const id = useId();
  const pin = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'staff');
  const [newCard, setNewCard] = useState(false);
  const { busy, error, run } = useCalling();
  return (
    <form
      className="staff-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const typed = pin.current?.value ?? '';
        run(
          () =>
            api.call('staff.save', {
              id: member?.id ?? null,
              name,
              role,
              pin: typed === '' ? null : typed,
              newCard,
            }),
          () => onDone(true),
        );
      }}
    >
      <h4 id={`${id}-title`}>
        {fromOffice && member
          ? `${t('office.lists.setPin')}: ${member.name}`
          : member
            ? t('staff.settings.formEdit', { name: member.name })
            : t('staff.settings.formAdd')}
      </h4>
      <label htmlFor={`${id}-name`}>{t('staff.settings.name')}</label>
      <input
        id={`${id}-name`}
        type="text"
        required
        maxLength={40}
        readOnly={fromOffice}
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
        disabled={fromOffice}
        onChange={(e) => setRole(StaffRole.parse(e.target.value))}
      >
        {StaffRole.options.map((r) => (
          <option key={r} value={r}>
            {t(`staff.roles.${r}`)}
          </option>
        ))}
      </select>
      <PinField
        id={`${id}-pin`}
        label={member && !fromOffice ? t('staff.settings.pinKeep') : t('staff.settings.pin')}
        ref={pin}
        required={!member || fromOffice}
      />
      {member && !fromOffice && (
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
