/** Preferences' channels: the counter's language, kept with the settings. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';

export function prefsApp(ctx: DeskContext): HandlersOf<'prefs.get' | 'prefs.set'> {
  return {
    'prefs.get': () => ({ locale: ctx.settings.current.locale }),
    'prefs.set': ({ locale }) => {
      ctx.settings.update({ locale });
      return { locale };
    },
  };
}
