/** The frame around every screen: the app, navigation, language, training, the error codes staff may meet. */
import { words as common } from './common';

export const ja = {
  app: { name: 'フロントデスク' },
  nav: {
    label: 'メイン操作',
    today: '本日',
    walkIn: common.walkIn,
    setup: common.setup,
    journal: common.journal,
    close: common.closeDay,
    items: '物販',
  },
  language: {
    ja: common.japanese,
    en: 'English',
    switchTo: '表示言語を切り替え: {{language}}',
  },
  training: {
    banner: 'トレーニングモード — 練習用の店舗です。実際の予約・売上にはなりません。',
    pretendTime:
      'トレーニングの時計は {{time}} です（実際の時刻ではありません。予約できる枠がある朝に合わせています）。',
  },
  errors: {
    unknown:
      '予期しないエラーが発生しました（{{code}}）。もう一度試し、続く場合は管理者に連絡してください。',
    codeLabel: 'コード: {{code}}',
    unknownWord: '予期しないエラーです。',
    STAFF_SIGN_IN_NEEDED: 'サインインしてください。担当者を選んで PIN を入れると続けられます。',
    APPROVAL_NEEDED: 'この操作には店長かオーナーの承認が必要です。',
    APPROVAL_NOT_NEEDED: 'この操作に承認は要りません。もう一度試してください。',
    APPROVER_NOT_ALLOWED: 'この人はこの操作を承認できません。店長かオーナーを選んでください。',
    PIN_WRONG: 'PIN が違います。',
    PIN_LOCKED_OUT: 'PIN のまちがいが続いたため、しばらく入力できません。',
    STAFF_NOT_FOUND: 'この担当者は登録されていません。一覧から選び直してください。',
    STAFF_NOT_SET_UP: 'まずオーナーを登録してください（API キーが必要です）。',
    STAFF_LAST_OWNER: 'オーナーは 1 人以上必要です。先に別のオーナーを登録してください。',
    API_KEY_MISMATCH: 'この端末に設定された API キーと違います。',
    TRAINING_STAFF: 'トレーニングでは練習用のスタッフを使います。',
    INSTALLED_UNAVAILABLE: 'この機能はデスクトップアプリでだけ使えます。',
    NOT_READY: 'この機能はまだ準備中です。アプリを更新してください。',
    SLOT_NOT_AVAILABLE: 'この枠は予約できません（満席・締切・休業）。別の枠を選んでください。',
    TIME_SLOT_NOT_FOUND: 'この時間の枠はありません。一覧から枠を選び直してください。',
    PAYMENT_METHOD_NOT_AVAILABLE:
      'この店舗ではこの支払い方法を使えません。店頭での支払い済みとして受け付けてください。',
    VALIDATION_ERROR: '入力内容に誤りがあります。印の付いた項目を直してください。',
    PARTICIPANT_VALIDATION_FAILED:
      '参加者の入力項目に誤りがあります。印の付いた項目を直してください。',
    CHECK_FAILED: '入力内容に誤りがあります。印の付いた項目を直してください。',
    INVALID_INPUT: '入力内容を受け付けられませんでした。値を確認してください。',
    DAY_ALREADY_CLOSED:
      'この日はこのレジで締め済みです。変更するには、対象の記録に訂正を記録してください。',
    CLOSE_FUTURE_DAY: 'まだ始まっていない日は締められません。今日以前の日を選んでください。',
    COUNTER_NAME_INVALID: '端末の名前を使えません。印の付いた欄を直してください。',
    PEER_ADDRESS_INVALID: '接続先のアドレスに誤りがあります。印の付いた項目を直してください。',
    TOO_MANY_PEERS: '接続先のアドレスが多すぎます。不要なものを削除してください。',
    JOIN_CODE_INVALID: '参加コードとして読めません。確かめて入力し直すか、スキャンしてください。',
    JOIN_CODE_WRONG:
      'このコードを表示している端末がありません。もう一方の端末で新しいコードを表示してください。',
    JOIN_CODE_EXPIRED:
      'このコードは有効期限が切れています（10 分間有効）。もう一方の端末で新しいコードを表示してください。',
    JOIN_CODE_USED:
      'このコードはすでに使われています。もう一方の端末で新しいコードを表示してください。',
    JOIN_UNREACHABLE:
      'コードを表示している端末に接続できません。同じネットワークにいるか、コードが表示されたままかを確かめてください。',
    JOIN_OTHER_SHOP:
      'この端末はすでに別の店舗または API キーで設定されています。このお店の API キーと店舗を設定してから参加してください。',
    OFFICE_CODE_INVALID:
      '登録コードとして読めません。FD1- で始まるコードを確かめて入力し直してください。',
    OFFICE_URL_INVALID:
      '事務所のアドレスを使えません。https で始まるアドレスかホスト名を入力してください。',
    OFFICE_NOT_YOURS:
      'この事務所ではありません。アドレスか登録コードが違います（証明書がコードと一致しません）。何も送っていません。',
    OFFICE_UNREACHABLE: '事務所に接続できません。アドレスと回線を確かめてください。',
    OFFICE_REFUSED: '事務所が登録を受け付けませんでした。事務所の管理者に確認してください。',
    OFFICE_CODE_EXPIRED:
      'この登録コードは有効期限が切れています。事務所で新しいコードを発行してください。',
    OFFICE_CODE_USED:
      'この登録コードはすでに使われています。事務所で新しいコードを発行してください。',
    OFFICE_ENROLLED: 'この端末はすでに事務所に登録されています。',
    OFFICE_TRAINING: 'トレーニングモードでは事務所に登録できません。',
    OFFICE_REVOKED:
      '事務所がこの端末を登録解除しました。事務所で新しい登録コードを発行し、登録し直してください。',
    OFFICE_NOT_ENROLLED: 'この端末は事務所に登録されていません。',
    LIST_MANAGED_BY_OFFICE: 'この一覧は本部で管理しています。変更は本部に依頼してください。',
    OFFICE_RESTORING:
      '事務所からこのレジの記録を復元しています。完了するまで販売・記録はできません（状態バーに進み具合を表示）。',
    JOIN_SET_UP_FIRST:
      '先にこのカウンターにお店のAPIキーを設定してから、コードを入力してください。',
    JOIN_NOT_SHARING: '参加コードは、この端末が店舗と共有している間だけ表示できます。',
    JOIN_NO_ADDRESS:
      'このパソコンにはコードに入れるネットワークアドレスがありません。ネットワークの接続を確かめてください。',
    OFFLINE: 'オフラインのためできません。回線が戻ってからもう一度試してください。',
    NETWORK_OFFLINE: 'ネットワークにつながっていません。回線を確認してください。',
    NETWORK_TIMEOUT: '予約サービスから時間内に応答がありません。少し待ってもう一度試してください。',
    NETWORK_REFUSED: '予約サービスに接続できません。アドレスと回線を確認してください。',
    NETWORK_RESET: '通信が途中で切れました。もう一度試してください。',
    NETWORK_ABORTED: '通信が中断されました。もう一度試してください。',
    UNAUTHORIZED: 'API キーが無効です。設定でキーを確認してください。',
    API_KEY_MALFORMED:
      'API キーの形ではありません。予約サービスの管理画面からキー全体をもう一度コピーしてください（半角の英数字と記号だけで、空白は含みません）。',
    API_KEY_REVOKED:
      'API キーが無効化されています。管理画面で新しいキーを発行し、設定し直してください。',
    API_KEY_EXPIRED:
      'API キーの期限が切れています。管理画面で新しいキーを発行し、設定し直してください。',
    INSUFFICIENT_SCOPE:
      'このキーにはこの操作の権限がありません。権限のあるキーを発行してください。',
    CONTRACT_ENDED: '予約サービスの契約が終了しています。管理者に連絡してください。',
    PLAN_NOT_SUPPORTED: '現在のプランではこの操作を使えません。管理者に連絡してください。',
    NOT_FOUND: '見つかりませんでした。データを更新してもう一度試してください。',
    STORE_NOT_FOUND: '店舗が見つかりません。設定で店舗を選び直してください。',
    PRODUCT_NOT_FOUND: '商品が見つかりません。データを更新してください。',
    RESERVATION_NOT_FOUND: '予約が見つかりません。すでに削除された可能性があります。',
    CUSTOMER_NOT_FOUND: 'お客様が見つかりません。',
    RESERVATION_NOT_CANCELLABLE: common.notCancellable,
    RESERVATION_NOT_DELETABLE: 'この予約は削除できません（テスト予約だけが削除できます）。',
    RESERVATION_ALREADY_CANCELLED: 'この予約はすでにキャンセルされています。',
    NOT_CANCELLABLE: 'この予約はもうキャンセルできません。',
    CHANGE_NOT_POSSIBLE:
      'この内容では変更できません（同じ日時・人数、または追加分は同じ枠で人数を増やす場合のみ）。',
    PREVIEW_CHANGED:
      'キャンセル料か返金額が変わりました。表示し直したので、確認してからもう一度変更してください。何も送信していません。',
    PRICE_REQUIRED: '新しい料金が表示されていません。料金を確認してから変更してください。',
    CHANGE_NOT_FOUND: 'この変更はこの端末にありません。',
    CHANGE_BUSY: 'この変更は処理中です。少し待ってください。',
    CHANGE_REFUSED: 'この変更はこの操作ができる状態ではありません。',
    COLLECTING_ELSEWHERE:
      '別の受付でこの予約のお支払いを受付中です。二重に受け取らないよう、その受付に確認してください。',
    DUE_CHANGED:
      'この予約の金額が変わりました。表示し直したので、金額を確認してからもう一度受け取ってください。',
    NOTHING_OWED: 'この予約にお支払いの残りはありません。',
    NOT_PAID_ON_SITE:
      'この予約は現地払いではありません（支払い済みなど）。受け取る必要はありません。',
    RESERVATION_PENDING: 'この予約は承認待ちです。承認されてからお支払いを受け取ってください。',
    IDEMPOTENCY_KEY_REUSED: 'この受付は別の内容で送信済みです。送信待ちの一覧で確認してください。',
    REQUEST_IN_PROGRESS: '同じ受付を処理中です。少し待ってください。',
    RATE_LIMITED: '予約サービスへのリクエストが多すぎます。少し待つと自動で再開します。',
    SERVICE_UNAVAILABLE: '予約サービスが混み合っています。少し待ってもう一度試してください。',
    INTERNAL_ERROR: '予約サービスでエラーが起きました。少し待ってもう一度試してください。',
    PAYLOAD_TOO_LARGE: '送信する内容が大きすぎます。入力を減らしてください。',
    UNSUPPORTED_MEDIA_TYPE:
      'アプリと予約サービスの通信に問題があります。管理者に連絡してください。',
    BAD_ANSWER: '予約サービスの応答を読めませんでした。少し待ってもう一度試してください。',
    API_ERROR: '予約サービスとの通信でエラーが起きました。もう一度試してください。',
    INTERNAL:
      'アプリ内部でエラーが起きました。もう一度試し、続く場合はアプリを再起動してください。',
    NOT_SET_UP: 'まだ店舗に接続されていません。設定で API キーを登録してください。',
    NO_SERVICE_URL: '予約サービスのアドレスが設定されていません。設定で入力してください。',
    NO_STORE: common.noStore,
    STORE_NOT_AVAILABLE: 'このキーではその店舗を使えません。別の店舗を選んでください。',
    RESERVATION_NOT_CACHED:
      'この予約はこの日のデータにありません。日付を確認するか、データを更新してください。',
    PRINT_UNAVAILABLE: 'この環境では印刷できません。',
    UNKNOWN_CHANNEL: 'アプリの内部エラーです。アプリを更新してください。',
    BRIDGE_FAILED: 'アプリ内部の接続が切れました。アプリを再起動してください。',
    NO_BRIDGE: 'フロントデスクのホストが表示したアドレス（#token 付き）で開いてください。',
    HOST_UNREACHABLE:
      'フロントデスクのホストに接続できません。ホストが動いているか確認してください。',
    HOST_UNAUTHORIZED:
      'このページはフロントデスクのホストに許可されていません。ホストが表示したアドレスで開き直してください。',
    HOST_BAD_ANSWER:
      'フロントデスクのホストの応答を読めませんでした。ページを再読み込みしてください。',
    INSECURE_SERVICE_URL:
      'サービスのアドレスは https:// で始まる必要があります（このパソコン上のアドレスを除く）。アドレスを確認してください。',
    SECURE_STORAGE_UNAVAILABLE:
      'このパソコンには API キーを安全に保存する仕組み（キーチェーンなど）がないため、キーを保存できません。管理者に連絡してください。',
    FEATURE_UNAVAILABLE:
      'この API キーではこの操作を使えません。設定で「利用できません」の理由を確認してください。',
    CHECKIN_CHANGED_ELSEWHERE:
      'この受付は別の受付端末で変更されていたため、記録していません。表示中の状態を確認してから、もう一度操作してください。',
    RESERVATION_NOT_ACTIVE:
      'この予約は有効ではありません（キャンセル済みなど）。来店受付はできません。',
    SLOT_NOT_FOUND: 'この日にその枠はありません。予定を更新してください。',
    OUTBOX_ENTRY_NOT_FOUND: 'この受付は送信待ちの一覧にありません。一覧を更新してください。',
    OUTBOX_REFUSED: 'この受付は今の状態では再送・破棄できません（送信中や予約済みなど）。',
    CUSTOMER_SEARCH_UNAVAILABLE:
      'この予約サービスでは顧客検索を利用できません。お客様の情報を手で入力してください。',
    PRICE_OFFLINE: 'オフラインのため料金を表示できません。',
  },
};
