/**
 * Preferences' channels: the counter's language and how its day is laid out, kept with the
 * settings. Anyone's, with any key.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';

export function prefsApp(ctx: Pick<DeskPorts, 'settings'>): ChannelsOf<'prefs.get' | 'prefs.set'> {
  const current = () => {
    const { locale, dayLayout } = ctx.settings.current;
    return { locale, dayLayout };
  };
  return {
    'prefs.get': channel({ scope: null, rule: 'open' }, current),
    'prefs.set': channel({ scope: null, rule: 'open' }, ({ locale, dayLayout }) => {
      ctx.settings.update({ ...(locale && { locale }), ...(dayLayout && { dayLayout }) });
      return current();
    }),
  };
}
