/** The English of setup's words (ja/setup.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/setup';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  setup: {
    title: common.setup,
    current: 'Current connection',
    mode: 'Mode',
    modes: {
      not_set_up: common.notSetUp,
      live: 'Live',
      training: 'Training',
    },
    organization: 'Organization',
    keyName: 'Key name',
    store: 'Store',
    noStore: 'None chosen',
    plan: 'Plan',
    plans: {
      standard: 'Standard (60 requests a minute)',
      facility: 'Facility (300 requests a minute)',
    },
    removeKey: 'Remove the API key',
    leaveTraining: 'Leave training mode',
    keyTitle: 'Connect with an API key',
    key: common.apiKey,
    keyHint:
      'Paste the key issued in the reservation service’s admin screen. It is stored encrypted and never shown again.',
    serviceUrl: 'Service address (optional)',
    serviceUrlHint: 'Leave empty for the default address.',
    check: 'Check the key',
    checking: common.checking,
    checked: 'What the key allows',
    scopes: 'Scopes',
    storeLimit: 'Stores',
    allStores: 'Every store of the organization',
    limitedTo: 'Only {{store}}',
    chooseStore: 'Choose the store',
    noStores: common.noStore,
    storeFacts: '({{timeZone}}, {{currency}})',
    noOnSite: 'no pay-on-site',
    save: 'Save and connect',
    saving: 'Connecting…',
    trainingTitle: 'Training mode',
    trainingExplain: 'Try everything on a practice store. No real bookings or e-mails are made.',
    tryTraining: 'Try training mode',
    startingTraining: 'Starting…',
  },
  features: {
    name: {
      dayView: 'Day view',
      checkIn: common.checkIn,
      walkIn: common.walkIn,
      cancel: 'Cancellation',
      customerSearch: 'Customer search',
    },
    on: 'available',
    someOff: 'Features off: {{n}}',
    reason: {
      missing_scope: 'off — the key lacks the scope “{{scope}}”',
      no_store: 'off — no store is chosen',
      not_set_up: 'off — not set up yet',
    },
  },
};
