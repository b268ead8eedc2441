/** What the desktop app says itself when its window keeps failing (main/shell/recovery.ts). */
import type { Widen } from './locale';

export const ja = {
  giveUp: '画面が何度も止まりました。Front Desk を再起動します。',
};

export const en: Widen<typeof ja> = {
  giveUp: 'The screen stopped several times. Front Desk will restart.',
};
