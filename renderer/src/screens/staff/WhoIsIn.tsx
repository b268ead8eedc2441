/**
 * Who is signed in, always in the header (issue 29): the name and role, a switch (the sign-in
 * screen, the member's tile already there to pick another) and a lock. Nothing while staff are not
 * set up at this store.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';

export function WhoIsIn() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const state = useSlice(stores.staff, (s) => s.state);
  const me = state?.signedIn;
  const shown = state?.enabled && me ? me.id : null;
  useEffect(() => {
    // The new name painted: a mark for the bench (issue 29: within 100 ms of the PIN's last digit).
    if (shown)
      requestAnimationFrame(() => setTimeout(() => performance.mark('fd:staff-painted'), 0));
  }, [shown]);
  if (!state?.enabled || !me) return null;
  return (
    <div className="who-is-in" role="group" aria-label={t('staff.who.label')}>
      <span className="who-name">
        {t('staff.who.signedIn', { name: me.name, role: t(`staff.roles.${me.role}`) })}
      </span>
      <button type="button" onClick={() => void stores.staff.getState().lock('manual')}>
        {t('staff.who.lock')}
      </button>
    </div>
  );
}
