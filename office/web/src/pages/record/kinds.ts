import type { Words } from '../../i18n';

/** A record's kind in the page's words; one this page does not know, as the counter wrote it. */
export function kindName(words: Words, kind: string | null): string {
  if (kind === null) return '—';
  return Object.hasOwn(words.kinds, kind) ? words.kinds[kind as keyof Words['kinds']] : kind;
}

/** Why a record could not be read, in the page's words; a code this page does not know, as it came. */
export function problemText(words: Words, problem: string): string {
  return Object.hasOwn(words.problems, problem)
    ? words.problems[problem as keyof Words['problems']]
    : problem;
}
