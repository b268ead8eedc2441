/**
 * A manager's approval on the spot (issue 29): a call refused for want of a permission opens this
 * over the screen that made it — what needs approving, who may approve it (the members whose role
 * may do all of it), their PIN. Approved, the call goes again by itself; cancelled, it fails as
 * refused and the screen says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { PinError } from './fields';
import { PinPad } from './PinPad';

export function ApprovalDialog() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const approval = useSlice(stores.staff, (s) => s.approval);
  const state = useSlice(stores.staff, (s) => s.state);
  const busy = useSlice(stores.staff, (s) => s.approvalBusy);
  const error = useSlice(stores.staff, (s) => s.approvalError);
  const [approverId, setApproverId] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (approval && !d.open) {
      setApproverId(null);
      // happy-dom lacks showModal; a real browser makes it modal (focus kept inside, Esc cancels).
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!approval && d.open) d.close();
  }, [approval]);

  if (!approval || !state) return <dialog ref={dialog} />;
  const { needed } = approval;
  const table = state.permissions;
  // Another member whose role may do all that is missing (only an owner what only an owner does).
  const mayApprove = state.members.filter(
    (m) =>
      m.id !== state.signedIn?.id &&
      (needed.owner
        ? m.role === 'owner'
        : needed.permissions.every((p) => mayDo(m.role, p, table))),
  );
  const what = [
    ...needed.permissions.map((p) => t(`staff.permissions.${p}`)),
    ...(needed.owner ? [t('staff.permissions.owner')] : []),
  ].join('・');
  const approver = mayApprove.find((m) => m.id === approverId) ?? null;
  const staff = stores.staff.getState();

  return (
    <dialog
      ref={dialog}
      className="approval"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        staff.cancelApproval();
      }}
    >
      <h2 id={`${id}-title`}>{t('staff.approval.title')}</h2>
      <p>
        {t('staff.approval.explain', {
          what,
          who: needed.owner ? t('staff.approval.owner') : t('staff.approval.manager'),
        })}
      </p>
      {mayApprove.length === 0 ? (
        <p className="notice warn">{t('staff.approval.none')}</p>
      ) : (
        <fieldset className="staff-tiles">
          <legend>{t('staff.approval.approver')}</legend>
          {mayApprove.map((m) => (
            <button
              key={m.id}
              type="button"
              className={approverId === m.id ? 'staff-tile chosen' : 'staff-tile'}
              aria-pressed={approverId === m.id}
              onClick={() => setApproverId(m.id)}
            >
              <span className="staff-name">{m.name}</span>
              <span className="staff-role">{t(`staff.roles.${m.role}`)}</span>
            </button>
          ))}
        </fieldset>
      )}
      {approver && (
        <PinPad
          key={approver.id}
          label={t('staff.approval.pinOf', { name: approver.name })}
          hint={t('staff.approval.pinHint', { count: approver.pinDigits })}
          digits={approver.pinDigits}
          busy={busy}
          submitLabel={t('staff.approval.approve')}
          onPin={(pin) => void staff.approve(approver.id, pin)}
        />
      )}
      <PinError error={error} />
      <div className="actions">
        <button type="button" onClick={() => staff.cancelApproval()}>
          {t('staff.approval.cancel')}
        </button>
      </div>
    </dialog>
  );
}
