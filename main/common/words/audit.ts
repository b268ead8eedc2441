/**
 * The audit list's printed words (main/desk/staff/audit.ts: its CSV, exported with the journal),
 * in Japanese and English: the columns and what each kind of record is. The screen's words are the
 * renderer's (its staff feature), which takes the kinds from here.
 */
import type { Widen } from './locale';

export const ja = {
  columns: {
    businessDate: '営業日',
    time: '日時',
    counter: 'レジ',
    kind: '種別',
    staff: '担当者',
    approvedBy: '承認者',
    subject: '対象者',
    action: '操作',
    ref: '対象',
    detail: '詳細',
    problem: '問題',
  },
  kinds: {
    sign_in: 'サインイン',
    sign_out: 'サインアウト',
    lock: 'ロック',
    pin_failed: 'PIN 誤り',
    locked_out: 'PIN 入力の一時停止',
    approval: '承認',
    action: '操作',
    staff_changed: 'スタッフ変更',
    policy_changed: '権限・ロック設定の変更',
    owner_claimed: 'オーナー登録',
    unreadable: '読めない記録',
  },
  problems: {
    corrupt: '記録が壊れています。他の記録は有効です。',
    sealed_elsewhere: '別の鍵で保護された記録で、このPCでは開けません。',
    unknown_kind: '新しい版のアプリの記録です。アプリを更新してください。',
  },
  /** Between the permissions of one action. */
  separator: '、',
  /** What a role may do (main/common/staff.ts), and what only an owner does. */
  permissions: {
    refund: '返金',
    correct: '記録の訂正',
    discount: '値引き',
    drawer: 'ドロワーの開閉・入出金',
    waiveFee: 'キャンセル料なしのキャンセル',
    items: '物販の品目の編集',
    close: 'レジ締め',
    reprint: 'レシートの再発行',
    settings: '設定の変更（API キー・インボイス・端末）',
    staff: 'スタッフの登録・変更',
    audit: '操作記録の閲覧',
    owner: 'オーナーだけができる操作',
  },
  /** The actions audited without a permission of their own (staff-desk.ts's ALWAYS_AUDITED). */
  channels: {
    'cancel.confirm': '予約のキャンセル',
    'change.confirm': '予約の変更',
  },
};

export const en: Widen<typeof ja> = {
  columns: {
    businessDate: 'Business date',
    time: 'Time',
    counter: 'Counter',
    kind: 'Kind',
    staff: 'Staff',
    approvedBy: 'Approved by',
    subject: 'About',
    action: 'Action',
    ref: 'Refers to',
    detail: 'Detail',
    problem: 'Problem',
  },
  kinds: {
    sign_in: 'Signed in',
    sign_out: 'Signed out',
    lock: 'Locked',
    pin_failed: 'Wrong PIN',
    locked_out: 'PIN tries paused',
    approval: 'Approval',
    action: 'Action',
    staff_changed: 'Staff changed',
    policy_changed: 'Permissions or lock changed',
    owner_claimed: 'Owner set up',
    unreadable: 'Unreadable record',
  },
  problems: {
    corrupt: 'This record is damaged; the others stand.',
    sealed_elsewhere: 'Sealed with another key: it cannot be opened on this PC.',
    unknown_kind: 'Written by a newer version of the app: update the app.',
  },
  separator: ', ',
  permissions: {
    refund: 'Refunds',
    correct: 'Corrections',
    discount: 'Discounts',
    drawer: 'Drawer open, cash in and out',
    waiveFee: 'Cancelling without a fee',
    items: 'Editing the counter items',
    close: 'Closing the day',
    reprint: 'Receipt reprints',
    settings: 'Settings (API key, invoice, counter)',
    staff: 'Adding and changing staff',
    audit: 'Reading the audit',
    owner: 'What only an owner does',
  },
  channels: {
    'cancel.confirm': 'Cancelling a booking',
    'change.confirm': 'Changing a booking',
  },
};

/**
 * What an audited action or approval was, in words: the permissions it needed (an approval's
 * `action`, an action's `detail`), else the action's own word; a code this version has no word
 * for (a newer app's) as it is.
 */
export function actionText(
  words: typeof ja,
  entry: { kind: string; action: string | null; detail: string | null },
): string | null {
  const codes = (entry.kind === 'approval' ? entry.action : entry.detail)?.split(',') ?? [];
  const permissions = codes.filter(Boolean).map((c) => wordOf(words.permissions, c));
  if (permissions.length) return permissions.join(words.separator);
  if (entry.kind === 'action' && entry.action) return wordOf(words.channels, entry.action);
  return entry.action;
}

function wordOf(table: Record<string, string>, code: string): string {
  return Object.hasOwn(table, code) ? table[code]! : code;
}
