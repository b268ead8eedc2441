/** Preferences' channels: the counter's language and how its day is laid out, kept with the settings. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';

export function prefsApp(ctx: DeskContext): HandlersOf<'prefs.get' | 'prefs.set'> {
  const current = () => {
    const { locale, dayLayout } = ctx.settings.current;
    return { locale, dayLayout };
  };
  return {
    'prefs.get': current,
    'prefs.set': ({ locale, dayLayout }) => {
      ctx.settings.update({ ...(locale && { locale }), ...(dayLayout && { dayLayout }) });
      return current();
    },
  };
}
