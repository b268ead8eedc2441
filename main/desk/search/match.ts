/**
 * Finding the party in front of the counter: by name (full/half-width and hiragana/katakana
 * insensitive), phone (digits only), e-mail, or reservation number (as a scanner types it).
 */
import type { ReservationView } from '../../ipc/contract';

/** Full-width to half-width (NFKC), katakana to hiragana, lower case, no spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .toLowerCase()
    .replace(/[\s\u3000・·.-]/g, '');
}

export function digitsOnly(text: string): string {
  return text.normalize('NFKC').replace(/\D/g, '');
}

export type QueryKind = 'number' | 'phone' | 'email' | 'name';

/** What a query most likely is. A scanner types the reservation number's digits. */
export function queryKind(text: string): QueryKind {
  const t = text.normalize('NFKC').trim();
  if (t.includes('@')) return 'email';
  if (/^[0-9]{6,12}$/.test(t)) return 'number';
  if (/^[+0-9()\- ]{6,}$/.test(t)) return 'phone';
  return 'name';
}

/**
 * A query without "@" may still be part of an e-mail ("tanaka", "example.co"): only when it is
 * one ASCII word of e-mail characters with a letter and at least three characters, so that
 * Japanese names, phone digits and one or two letters never pull in every address.
 */
export function isEmailFragment(text: string): boolean {
  const t = text.normalize('NFKC').trim();
  return t.length >= 3 && /^[A-Za-z0-9._%+-]+$/.test(t) && /[A-Za-z]/.test(t);
}

function emailIncludes(view: ReservationView, text: string): boolean {
  return (view.email ?? '').toLowerCase().includes(text.normalize('NFKC').trim().toLowerCase());
}

/** Whether a reservation matches a query; exact number matches are found separately. */
export function matches(view: ReservationView, text: string): boolean {
  const kind = queryKind(text);
  const t = text.trim();
  if (!t) return false;
  switch (kind) {
    case 'email':
      return emailIncludes(view, t);
    case 'number':
    case 'phone': {
      const digits = digitsOnly(t);
      return (
        (view.number !== null && view.number.includes(digits)) ||
        (digits.length >= 4 && digitsOnly(view.phone ?? '').includes(digits))
      );
    }
    case 'name': {
      const q = normalizeText(t);
      return (
        (q.length > 0 && (normalizeText(view.customerName).includes(q) || view.id === t)) ||
        (isEmailFragment(t) && emailIncludes(view, t))
      );
    }
  }
}
