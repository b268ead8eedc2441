/** The English of the head office's words (ja/office.ts, the source). */
import type { ja } from '../ja/office';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  office: {
    lists: {
      managed: 'Managed by the head office',
      managedHint:
        'The head office sets this list; it cannot be changed here. Ask the head office to change it.',
      changedTitle: 'The head office changed the lists',
      kinds: { added: 'new', changed: 'updated', inactive: 'stopped' },
      names: {
        items: 'Items and prices',
        discountReasons: 'Discount reasons',
        staff: 'Staff and roles',
      },
      dismiss: 'Seen',
      awaitingTitle: 'Staff the head office added (PIN not set yet)',
      awaitingHint: 'Set the member’s PIN at this counter, and they can sign in.',
      setPin: 'Set the PIN',
    },
    bar: {
      label: 'Sending to the office',
      pending: 'Office: {{count}} to send',
      allSent: 'Office: all sent',
      lastAck: 'last confirmed {{age}}',
      neverAck: 'not confirmed yet',
      stale:
        'The office has not answered for a long time. Check the connection (the records are kept on this counter).',
      damaged: '{{count}} unreadable records — tell the office’s administrator',
      revoked: 'The office removed this counter. Enrol it again in Set-up',
      gap: 'The office’s records have a gap. Tell the office’s administrator',
      conflict:
        'The office holds another PC’s records for this counter. Tell the office’s administrator',
      restoring:
        'Restoring records from the office {{through}} / {{head}} — selling waits until done',
    },
    setup: {
      title: 'Head office',
      explain:
        'Sales, refunds, closes and the audit are kept on the office’s server too. Enter the enrolment code the office gave you. The API key is never sent to the office.',
      training: 'Training sends nothing to the office.',
      url: 'Office address',
      urlHint: 'e.g. office.example.jp or https://192.168.1.10:8443',
      code: 'Enrolment code',
      codeHint: 'The code starting FD1- (spaces and case do not matter)',
      enrol: 'Enrol',
      enrolling: 'Enrolling…',
      enrolled: 'Enrolled with {{organisation}}, {{store}}, as “{{counter}}”',
      address: 'Address: {{url}}',
      since: 'Enrolled: {{time}}',
      sendNow: 'Send now',
      damagedTitle: 'Unreadable records (sent to the office for what is known)',
      damagedHint:
        'This PC cannot read them. Tell the office’s administrator their numbers and dates.',
      damagedItem: '#{{seq}} {{date}} {{kind}} {{amount}} ({{problem}})',
    },
    check: {
      title: 'Check against the office',
      explain:
        'Compares this counter’s sales journal with the office’s copy, day by day, by count and amount.',
      run: 'Check',
      running: common.checking,
      same: 'All {{days}} days from {{from}} to {{to}} match.',
      differ: '{{count}} days do not match.',
      day: 'Business day',
      counter: 'This counter’s journal',
      office: 'Office',
      figures: '{{count}} records {{sum}}',
      none: 'none',
      pending: '{{count}} not sent yet',
      waiting: 'Waiting to send',
    },
  },
};
