/** The English of shop's words (ja/shop.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/shop';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  shop: {
    bar: {
      label: 'Counters in the shop',
      counters: 'Counters: {{count}}',
      polling: '{{name}} syncs for the shop',
      unavailable: 'Sharing with the shop could not start — this counter works alone',
    },
    thisCounter: '{{name}} (this counter)',
    syncs: 'syncs for the shop',
    present: 'connected',
    left: '{{name}} — last seen {{age}}',
    clockSlow: '{{name}}’s clock is {{amount}} slow',
    clockFast: '{{name}}’s clock is {{amount}} fast',
    reasons: {
      off: 'Sharing is off — this counter works alone.',
      training: 'In training mode the counter shares nothing with other counters.',
      not_set_up:
        'Once a key and a store are set up, the counter can share with the shop’s others.',
      unavailable: 'Sharing with the shop could not start — this counter works alone.',
    },
    title: 'This counter',
    name: 'Counter name',
    nameHint:
      'Other counters show this name too. Left empty, the computer’s name “{{host}}” is used.',
    saveName: 'Save the name',
    sharing: 'Share with the shop’s other counters',
    sharingExplain:
      'Counters set up with the same key and store share check-ins and queued walk-ins over the shop’s network. Off: this counter works alone.',
    peers: 'Other counters’ addresses (optional)',
    peersHint:
      'For networks where counters do not find each other by themselves: a host name or IP address, optionally followed by “:port”.',
    noPeers: 'None',
    peerAddress: 'Address to add',
    addPeer: 'Add',
    remove: common.remove,
    removePeer: 'Remove {{peer}}',
    counters: 'Counters in the shop',
    noCounters: 'No other counter found yet.',
    saving: common.saving,
    saved: common.saved,
    nameProblems: {
      empty: 'Type a name, or leave the field empty to use the computer’s name.',
      too_long: 'The name can be at most {{max}} characters.',
      control: 'The name cannot contain control characters.',
    },
    peerProblems: {
      empty: 'Type an address.',
      bad_host: 'This is not a host name or an IP address.',
      bad_port: 'The port is a number from 1 to 65535.',
      duplicate: 'This address is listed already.',
    },
    tooManyPeers: 'At most {{max}} addresses can be listed.',
    join: {
      showTitle: 'Add a counter to this shop',
      showHint:
        'To add another counter to this shop: scan the QR code at that counter, or type the code there. Valid once, for 10 minutes.',
      show: 'Show a join code',
      making: 'Making a code…',
      qrAlt: 'QR code of the join code',
      validUntil: 'valid until {{time}}, once',
      expired: 'The code has expired.',
      hide: 'Hide the code',
      enterTitle: 'Join a shop with a code',
      enterHint:
        'Scan or type the join code another counter of the shop shows. This counter then learns where the shop’s counters are and connects to them.',
      code: 'Join code',
      join: 'Join',
      joining: 'Connecting to the counter showing the code…',
      joined: 'Joined {{name}}’s shop',
      toKey: 'Set up the API key',
    },
  },
};
