/** The manifest of a day or a slot. */
import type { Widen } from '../widen';

export const ja = {
  manifest: {
    title: '参加者名簿',
    notFound: 'この枠は見つかりません。日付を確認してください。',
    manual: '承認制の商品です。承認待ちの予約は未確定です。',
    print: '印刷',
    csv: 'CSV で書き出す',
    walkIn: 'この枠で当日受付',
    empty: 'この枠の予約はありません。',
    caption: '予約 {{n}} 件',
    col: {
      number: '予約番号',
      name: 'お名前',
      party: '人数',
      adults: '大人',
      children: '子ども',
      status: '状態',
      payment: '支払い方法',
      phone: '電話番号',
      email: 'メール',
      answers: '回答',
      checkIn: '来店',
      checkedAdults: '来店 大人',
      checkedChildren: '来店 子ども',
    },
    checkIn: {
      arrived: '来店済み',
      partial: '一部来店',
    },
  },
};

export const en: Widen<typeof ja> = {
  manifest: {
    title: 'Manifest',
    notFound: 'This slot was not found. Check the date.',
    manual: 'This product needs approval. Bookings waiting for approval are not confirmed.',
    print: 'Print',
    csv: 'Export CSV',
    walkIn: 'Walk-in for this slot',
    empty: 'No bookings in this slot.',
    caption: 'Bookings: {{n}}',
    col: {
      number: 'Reservation no.',
      name: 'Name',
      party: 'Party',
      adults: 'Adults',
      children: 'Children',
      status: 'Status',
      payment: 'Payment',
      phone: 'Phone',
      email: 'E-mail',
      answers: 'Answers',
      checkIn: 'Check-in',
      checkedAdults: 'Arrived adults',
      checkedChildren: 'Arrived children',
    },
    checkIn: {
      arrived: 'Arrived',
      partial: 'Partly arrived',
    },
  },
};
