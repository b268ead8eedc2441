/** The English of status's words (ja/status.ts, the source): fetched when staff choose English. */
import { reservationWords } from '../../../../main/ipc/contract';
import { statusIn, type ja } from '../ja/status';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  damage: {
    label: 'Data the counter lost or set aside',
    when: '(since {{since}})',
    acknowledge: 'Understood — hide this notice',
    outbox_set_aside: {
      what: 'A file of queued walk-ins could not be read and was set aside.',
      todo: 'Walk-ins taken at this counter may be in it and may NOT have been booked. In the service’s admin, check that each walk-in taken here since {{since}} has a booking; take again any that has none. The counts below do not include them.',
    },
    checkins_lost: {
      what: '{{count}} check-in record(s) of {{date}} could not be read and were lost.',
      todo: 'The other check-ins of that day are kept. Look at the day’s list and record again the arrivals that no longer show as checked in.',
    },
    cache_rebuilt: {
      what: '{{count}} saved reservation(s) could not be read.',
      todo: 'They are being fetched again from the service. Until the sync finishes, a reservation may be missing from the day view: search for it, or wait a moment.',
    },
    key_changed: {
      what: 'The encryption key of the saved data changed (for example after the system’s keyring was reset).',
      todo: 'Saved reservations are being fetched again from the service (progress below). Set-up and check-ins are kept. Queued walk-ins that cannot be read are listed as needing attention.',
    },
    service_records_unreadable: {
      what: '{{count}} reservation(s) the service sent could not be read by this counter.',
      todo: 'They are not shown in the day view; every other reservation is. Look them up in the service’s admin (ids: {{reference}}) and tell whoever looks after the counter: the service may have changed.',
    },
    file_set_aside: {
      what: '{{count}} saved file(s) could not be read and were set aside.',
      todo: 'The counter fetches this data again by itself. If this notice keeps coming back, the disk may be failing: tell whoever looks after this computer.',
    },
  },
  statusBar: {
    label: 'Connection and sync',
    link: {
      online: 'Online',
      degraded: 'Connection unstable',
      offline: common.offline,
    },
    /** Offline, beside the link: what the screens show. */
    savedData: 'showing saved data',
    age: common.dataAge,
    from: {
      waiting: 'Waiting for {{name}}’s first sync',
      noAnswer: '{{name}} is not answering — showing data as of {{time}}',
      noAnswerNever: '{{name}} is not answering — no data yet',
      badAnswer: '{{name}}’s data could not be read — showing data as of {{time}}',
    },
    /** What does not fit on the bar's line, behind one button (AC1). */
    more: {
      button: '{{count}} more',
      label: 'Status details',
      close: 'Close',
    },
    neverSynced: 'Not synced yet',
    notConnected: 'Not connected — set up an API key or try training mode',
    firstSync: 'First sync',
    syncRecords: 'records: {{records}}',
    syncLeft: 'about {{seconds}} s left',
    rateQueued: 'waiting for the service: {{n}}',
    clock: {
      slow: 'This PC’s clock is {{amount}} slow',
      fast: 'This PC’s clock is {{amount}} fast',
      service: '— the counter uses the service’s time; please set this PC’s clock right',
      counter: '— the counter uses {{name}}’s time; please set this PC’s clock right',
      minutes: '{{n}} min',
      hours: '{{n}} h',
      days: '{{n}} day(s)',
    },
    outbox: 'Queue: {{waiting}} waiting, {{attention}} to check',
    outboxDamaged: 'Queue: {{waiting}} waiting, {{attention}} to check, more set aside (see above)',
    news: {
      booked: 'Walk-in of {{name}} sent: No. {{number}}',
      bookedPending: 'Walk-in of {{name}} sent: No. {{number}} — pending approval, not confirmed',
      refused: 'Walk-in of {{name}} could not be booked — see why',
      needs_review: 'Walk-in of {{name}} needs a check — was it booked?',
      unreadable: 'A queued walk-in cannot be read and will not be sent — see what to check',
      dismiss: 'Dismiss this notice',
    },
  },
  status: statusIn(reservationWords.en),
  outbox: {
    title: 'Queued walk-ins',
    explain:
      'Walk-ins taken while offline or during a connection error. Each is sent exactly once, unchanged, when the link returns.',
    empty: 'No queued walk-ins.',
    party: common.party,
    created: 'taken at {{time}}',
    number: common.number,
    lastError: 'Last attempt: {{error}} (attempts: {{attempts}})',
    state: {
      queued: common.queued,
      sending: 'Sending — not confirmed yet',
      booked: common.booked,
      bookedPending: 'Booked — pending approval, not confirmed',
      refused: 'Could not be booked',
      needs_review:
        'Check needed — not known whether it was booked. Check the admin screen, then retry or discard',
      discarded: 'Discarded',
      unreadable: 'Needs attention — unreadable',
    },
    /** An entry whose customer details cannot be opened, or whose file was damaged. */
    unreadable: {
      sealed:
        "This walk-in's customer details can no longer be read (the counter's encryption key changed, or the record was altered). It will not be sent.",
      damaged: 'This record was damaged: the details shown may be wrong too. It will not be sent.',
      file: 'A queued walk-in was lost: its file ({{file}}) was damaged and could not be read, found at {{time}}. It will not be sent.',
      maySent: 'It was being sent, so the booking may have been made.',
      check:
        "Check in the service's admin screen whether a booking for this slot was made at {{time}}; if not, take the walk-in again.",
      checkFile:
        "Check in the service's admin screen which walk-ins taken on this counter before {{time}} were booked; take again any that are missing.",
      settle: 'Mark settled',
      settleQuestion: 'Mark this walk-in settled? It will not be sent, and leaves this list.',
      settleYes: 'Mark settled',
    },
    counter: 'counter {{counter}}',
    amount: 'amount {{amount}}',
    key: 'Idempotency-Key {{key}}',
    retry: common.retry,
    discard: 'Discard',
    discardQuestion: 'Discard the walk-in of {{name}}? It will not be sent.',
    discardYes: 'Discard it',
    discardNo: 'Keep it',
  },
};
