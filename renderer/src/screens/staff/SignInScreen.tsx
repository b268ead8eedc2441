/**
 * The sign-in (and lock) screen (issue 29): a tile per member of staff; one tap, then the PIN on
 * the pad (or a staff card scanned, then the PIN). Shown in place of every screen while the
 * counter waits for someone; what is behind stays where it was.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { PinPad } from './PinPad';
import { OwnerClaim } from './OwnerClaim';
import { PinError } from './fields';

export function SignInScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const state = useSlice(stores.staff, (s) => s.state);
  const picked = useSlice(stores.staff, (s) => s.picked);
  const busy = useSlice(stores.staff, (s) => s.busy);
  const error = useSlice(stores.staff, (s) => s.error);
  if (!state) return null;
  const staff = stores.staff.getState();
  const roleOf = (id: string) => state.members.find((m) => m.id === id);

  return (
    <section className="screen sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{t('staff.signIn.title')}</h2>
      <p>{t('staff.signIn.locked')}</p>
      {state.unreadable > 0 && (
        <p className="notice warn">{t('staff.signIn.unreadable', { count: state.unreadable })}</p>
      )}
      {/* The list cannot be read here: whoever holds the key sets the owner up again. */}
      {state.unreadable > 0 && !state.members.some((m) => m.role === 'owner') && <OwnerClaim />}
      <fieldset className="staff-tiles">
        <legend>{t('staff.signIn.choose')}</legend>
        {state.members.map((m) => {
          const chosen = picked?.by === 'tile' && picked.member.id === m.id;
          return (
            <button
              key={m.id}
              type="button"
              className={chosen ? 'staff-tile chosen' : 'staff-tile'}
              aria-pressed={chosen}
              onClick={() => staff.pick(m)}
            >
              <span className="staff-name">{m.name}</span>
              <span className="staff-role">{t(`staff.roles.${m.role}`)}</span>
            </button>
          );
        })}
      </fieldset>
      <p className="hint">{t('staff.signIn.scanHint')}</p>
      {picked && (
        <div className="card">
          <PinPad
            key={picked.by === 'tile' ? picked.member.id : picked.card}
            label={
              picked.by === 'tile'
                ? t('staff.signIn.pinFor', { name: picked.member.name })
                : t('staff.signIn.cardPin')
            }
            hint={
              picked.by === 'tile'
                ? t('staff.signIn.pinHint', { count: picked.member.pinDigits })
                : t('staff.signIn.cardHint')
            }
            digits={picked.by === 'tile' ? picked.member.pinDigits : null}
            busy={busy}
            submitLabel={t('staff.signIn.submit')}
            onPin={(pin) => void staff.signIn(pin)}
          />
          <button type="button" className="link-button" onClick={() => staff.unpick()}>
            {t('staff.signIn.other')}
          </button>
        </div>
      )}
      <PinError error={error} />
      {state.trainingPins && (
        <section className="notice" aria-labelledby="training-pins">
          <h3 id="training-pins">{t('staff.signIn.trainingPins')}</h3>
          <ul>
            {state.trainingPins.map((p) => {
              const m = roleOf(p.id);
              return m ? (
                <li key={p.id}>
                  {t('staff.signIn.trainingPin', {
                    name: m.name,
                    role: t(`staff.roles.${m.role}`),
                    pin: p.pin,
                  })}
                </li>
              ) : null;
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
