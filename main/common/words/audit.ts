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
};
