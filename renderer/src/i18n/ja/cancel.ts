/** Cancelling a booking: fee and refund first. */
import { words as common } from './common';

export const ja = {
  cancel: {
    title: '予約のキャンセル',
    reason: 'キャンセル理由',
    reasons: {
      customer_request: 'お客様の都合',
      business_request: '店舗の都合',
      weather: '天候',
      force_majeure: '不可抗力（災害など）',
    },
    reasonHints: {
      customer_request: '— キャンセル料がかかる場合があります',
      business_request: '— キャンセル料なし',
      weather: '— キャンセル料なし',
      force_majeure: '— キャンセル料なし',
    },
    previewing: 'キャンセル料を確認中…',
    previewTitle: 'キャンセル料と返金',
    notCancellable: common.notCancellable,
    total: common.total,
    fee: 'キャンセル料',
    refund: '返金額',
    refundBy: '返金する人',
    byMerchant: '店舗（このカウンター）',
    byService: '予約サービスが自動で返金',
    merchantRefund: 'お客様に {{amount}} をご自身で返金してください。予約サービスは返金しません。',
    serviceRefund: '{{amount}} は予約サービスが自動で返金します。',
    noRefund: '返金はありません。',
    sendEmail: 'お客様にキャンセルのメールを送る',
    confirm: 'キャンセルを確定（キャンセル料 {{fee}}）',
    confirming: 'キャンセル中…',
    doneTitle: 'キャンセルしました',
    done: '{{name}} 様の予約をキャンセルしました。',
  },
};
