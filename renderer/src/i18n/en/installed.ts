/** The English of installed's words (ja/installed.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/installed';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  installed: {
    title: 'This computer',
    browserNote:
      'App updates, counter mode and log files belong to the desktop app; this browser version has none of them.',
    updates: {
      title: 'App updates',
      current: 'Version {{version}}',
      phase: {
        unavailable: 'No automatic updates',
        idle: 'Not checked for updates yet',
        checking: 'Checking for updates…',
        up_to_date: 'Up to date',
        downloading: 'Downloading version {{version}} ({{percent}}%)',
        ready: 'Version {{version}} is ready — restart when convenient',
        installing: 'Installing version {{version}}…',
        error: 'Could not check for updates',
      },
      unavailable: {
        not_installed: 'This copy does not update itself (only the installed app does).',
        not_configured: 'No update server is set. Ask whoever installed this computer.',
      },
      errors: {
        network: 'Could not reach the update server. The next check tries again.',
        signature: 'The downloaded update could not be verified, so it is not used.',
        other: 'The update failed. The next check tries again.',
      },
      checkedAt: 'Last checked {{time}}',
      check: 'Check now',
      checking: common.checking,
      restart: 'Restart now to update',
      restarting: 'Restarting…',
      holds: {
        lead: 'The update waits until these are done:',
        walk_in: 'a walk-in being entered',
        cancellation: 'a cancellation in progress',
        change: 'a booking being changed',
        close: 'the close being counted',
        outbox: 'walk-ins waiting to be sent',
      },
      channel: 'Updates to get',
      channels: {
        stable: 'Stable',
        beta: 'Beta (try new versions first)',
      },
      installWhen: 'When to update',
      when: {
        quit: 'When the app quits (recommended)',
        quiet_time: 'Every day at a quiet time',
      },
      quietTime: 'Quiet time',
      quietHint: 'Within the hour from this time, once nobody has used the computer for 5 minutes.',
      neverMidService:
        'Never in the middle of a walk-in, a cancellation or the close, nor while walk-ins wait to be sent.',
    },
    counter: {
      title: 'Counter mode',
      startAtLogin: 'Start when someone logs in to this computer',
      display: 'Screen',
      displays: {
        window: 'Window',
        full_screen: 'Full screen',
        kiosk: 'Kiosk (full screen, no switching to other apps)',
      },
      keepAwake: 'Keep the screen on during opening hours',
      opens: 'Opens',
      closes: 'Closes',
      hoursProblem: 'Closing time must be after opening time.',
      rememberWindow: 'Remember where the window was',
    },
    logs: {
      title: 'Logs and support',
      level: 'Log detail',
      levels: {
        debug: 'Detailed (when support asks)',
        info: 'Normal',
        warn: 'Warnings only',
        error: 'Errors only',
      },
      noPersonal: 'Logs and the support file never hold the API key or customers’ personal data.',
      bundle: 'Make a support file',
      making: 'Making…',
      savedTo: 'Saved: {{path}}',
      downloaded: '{{file}} downloaded.',
    },
    saving: common.saving,
    saved: common.saved,
    bar: {
      downloading: 'Downloading an update {{percent}}%',
      ready: 'Update ready — restart when convenient',
      readyHeld: 'Update ready — installs once the current work is done',
    },
  },
};
