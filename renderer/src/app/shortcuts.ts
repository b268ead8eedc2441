/**
 * Keyboard shortcuts, one place: what each key does and the label the UI shows beside the
 * control. Function keys work even while typing in a field; "/" only when not typing.
 */
export const KEYS = {
  search: 'F2',
  searchAlt: '/',
  walkIn: 'F4',
  journal: 'F6',
  close: 'F7',
  outbox: 'F8',
  today: 'F9',
  back: 'Esc',
  prevDay: 'PageUp',
  nextDay: 'PageDown',
  confirm: 'Enter',
} as const;

export type ShortcutAction =
  'search' | 'walkIn' | 'journal' | 'close' | 'outbox' | 'today' | 'back' | 'prevDay' | 'nextDay';

/** Whether focus is in a place where keys type text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  return false;
}

export function shortcutOf(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  typing: boolean,
): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'F2':
      return 'search';
    case '/':
      return typing ? null : 'search';
    case 'F4':
      return 'walkIn';
    case 'F6':
      return 'journal';
    case 'F7':
      return 'close';
    case 'F8':
      return 'outbox';
    case 'F9':
      return 'today';
    case 'Escape':
      return 'back';
    case 'PageUp':
      return typing ? null : 'prevDay';
    case 'PageDown':
      return typing ? null : 'nextDay';
    default:
      return null;
  }
}

/**
 * A barcode scanner is a keyboard that types fast: the code's characters a few milliseconds
 * apart, then Enter. Fed the keys pressed while no text field has the cursor, it says when such
 * a burst ends, so a scan opens its reservation wherever the focus was (and its Enter does not
 * press the focused button). People do not type six characters and Enter this fast.
 */
export function createScanDetector(minLength = 6, maxGapMs = 80) {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** One key and its event time (ms); the scanned text when this Enter ends a scan. */
    key(key: string, at: number): string | null {
      const quick = at - last <= maxGapMs;
      last = at;
      if (/^[0-9A-Za-z-]$/.test(key)) {
        buffer = quick ? buffer + key : key;
        return null;
      }
      const scanned = key === 'Enter' && quick && buffer.length >= minLength ? buffer : null;
      buffer = '';
      return scanned;
    },
  };
}
