/**
 * What the demo's made-up people are made of: Japanese names (kanji and romaji), foreign tourists'
 * names, e-mail domains, and sample answers to the demo products' free-text fields.
 */

/** Family names: kanji and romaji (for e-mail addresses). */
export const LAST_NAMES: [string, string][] = [
  ['佐藤', 'sato'],
  ['鈴木', 'suzuki'],
  ['高橋', 'takahashi'],
  ['田中', 'tanaka'],
  ['伊藤', 'ito'],
  ['渡辺', 'watanabe'],
  ['山本', 'yamamoto'],
  ['中村', 'nakamura'],
  ['小林', 'kobayashi'],
  ['加藤', 'kato'],
  ['吉田', 'yoshida'],
  ['山田', 'yamada'],
  ['佐々木', 'sasaki'],
  ['松本', 'matsumoto'],
  ['井上', 'inoue'],
  ['木村', 'kimura'],
  ['清水', 'shimizu'],
  ['森', 'mori'],
  ['池田', 'ikeda'],
  ['橋本', 'hashimoto'],
  ['石川', 'ishikawa'],
  ['前田', 'maeda'],
  ['藤田', 'fujita'],
  ['岡田', 'okada'],
  ['長谷川', 'hasegawa'],
  ['村上', 'murakami'],
  ['近藤', 'kondo'],
  ['坂本', 'sakamoto'],
  ['遠藤', 'endo'],
  ['青木', 'aoki'],
];
/** Given names: kanji and romaji. */
export const FIRST_NAMES: [string, string][] = [
  ['陽菜', 'hina'],
  ['結衣', 'yui'],
  ['美咲', 'misaki'],
  ['さくら', 'sakura'],
  ['葵', 'aoi'],
  ['直子', 'naoko'],
  ['由美', 'yumi'],
  ['恵子', 'keiko'],
  ['彩', 'aya'],
  ['真由美', 'mayumi'],
  ['大翔', 'hiroto'],
  ['蓮', 'ren'],
  ['翔太', 'shota'],
  ['健一', 'kenichi'],
  ['誠', 'makoto'],
  ['拓也', 'takuya'],
  ['悠真', 'yuma'],
  ['浩二', 'koji'],
  ['大輔', 'daisuke'],
  ['和也', 'kazuya'],
];
/** Foreign tourists: family name, given name. */
export const FOREIGN_NAMES: [string, string][] = [
  ['Smith', 'John'],
  ['Johnson', 'Emily'],
  ['Brown', 'Oliver'],
  ['Wilson', 'Chloe'],
  ['Martin', 'Lucas'],
  ['Lee', 'Daniel'],
  ['Garcia', 'Sofia'],
  ['Nguyen', 'Linh'],
  ['Taylor', 'Grace'],
  ['Anderson', 'Noah'],
];
export const JA_DOMAINS = ['example.jp', 'example.ne.jp', 'example.com'];
export const EN_DOMAINS = ['example.com', 'example.org'];

/** Free-text answers by field id; other text fields get a polite default. */
export const SAMPLE_ANSWERS: Record<string, string[]> = {
  cf_kimono_request: [
    '記念日の旅行です。写真を多めにお願いします。',
    '草履が苦手なので相談したいです。',
  ],
  cf_tea_request: [
    '正座が苦手な家族がいます。',
    '英語での説明を少し交えていただけると助かります。',
  ],
  cf_snorkel_request: [
    '子どもが初めてのシュノーケリングです。',
    'メガネを使っています（度付きマスク希望）。',
  ],
  cf_sup_request: ['結婚記念日です。', '写真データをいただけますか。'],
  cf_test_memo: ['接続テスト', 'キャンセル動作の確認'],
  cf_dh_hotel: [
    'ハレクラニ',
    'シェラトン・ワイキキ',
    'ヒルトン・ハワイアン・ビレッジ',
    'Aqua Oasis',
  ],
  cf_hula_name: ['HANAKO YAMADA', 'YUI TANAKA', 'KENTA SATO', 'EMILY JOHNSON'],
  cf_yuzen_name: ['HANA', 'KOTA', 'MIKU'],
};
