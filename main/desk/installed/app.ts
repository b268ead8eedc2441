/**
 * The installed app's channels: updates, its settings, the support bundle. The counter's own life
 * (issue 14), whatever the key; reading is anyone's, changing its settings or installing an update
 * the settings permission's.
 */
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { supportFacts } from './facts';
import type { InstalledPort } from '../../installed/port';

type Channels =
  'installed.get' | 'installed.configure' | 'updates.check' | 'updates.install' | 'support.bundle';

export function installedApp(
  ctx: Pick<DeskPorts, 'installed' | 'settings' | 'sessions' | 'now'>,
): ChannelsOf<Channels> {
  const port = (): InstalledPort => {
    if (!ctx.installed)
      throw new DeskError('INSTALLED_UNAVAILABLE', 'this host has no installed-app services');
    return ctx.installed;
  };
  return {
    'installed.get': channel({ scope: null, rule: 'open' }, () => port().view()),
    'installed.configure': channel({ scope: null, rule: 'settings' }, (change) =>
      port().configure(change),
    ),
    'updates.check': channel({ scope: null, rule: 'open' }, () => port().checkUpdates()),
    'updates.install': channel({ scope: null, rule: 'settings' }, () => port().installUpdate()),
    'support.bundle': channel({ scope: null, rule: 'open' }, () =>
      port().supportBundle(supportFacts(ctx)),
    ),
  };
}
