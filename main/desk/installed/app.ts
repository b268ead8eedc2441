/** The installed app's channels: updates, its settings, the support bundle. */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { supportFacts } from './facts';
import type { InstalledPort } from '../../installed/port';

type Channels =
  'installed.get' | 'installed.configure' | 'updates.check' | 'updates.install' | 'support.bundle';

export function installedApp(ctx: DeskContext): HandlersOf<Channels> {
  const port = (): InstalledPort => {
    if (!ctx.installed)
      throw new DeskError('INSTALLED_UNAVAILABLE', 'this host has no installed-app services');
    return ctx.installed;
  };
  return {
    'installed.get': () => port().view(),
    'installed.configure': (change) => port().configure(change),
    'updates.check': () => port().checkUpdates(),
    'updates.install': () => port().installUpdate(),
    'support.bundle': () => port().supportBundle(supportFacts(ctx)),
  };
}
