/**
 * The pieces texts are cut in for n-gram postings (ngram.ts): every n characters of a text (ended
 * by END, so its last character is in a piece too), each as one small integer made of the
 * characters' ids, so lists are keyed by numbers, not by strings; a string only past the ids'
 * room (a text of more distinct characters than fit).
 */

/** Ends every text (as a character code) so that its last character is in a piece too. */
export const END = 1;

/** A piece: its characters as ids, in one small integer (a string only past the ids' room). */
export type Key = number | string;

export class Pieces {
  /** Characters met, as small ids (1…), and back. */
  private readonly ids = new Map<number, number>([[END, 1]]);
  private readonly chars: number[] = [0, END];
  /** Room for one id in a key: keys stay small integers (below 2³⁰). */
  private readonly room: number;

  constructor(readonly n: number) {
    this.room = 2 ** Math.floor(30 / n);
  }

  /**
   * The keys of a text's pieces (the text ended by END), into `out`. A piece twice in a text is
   * there twice: its posting is then twice in a list, side by side once sorted, met once by a
   * walk. Returns how many keys were put at the start of `out` (kept, not regrown: a build reads
   * a first sync's 20 000 texts through one). Reading (`create` false): -1 when a character was
   * never indexed (nothing holds it).
   */
  keys(text: string, create: boolean, out: Key[]): number {
    let count = 0;
    const { n, room } = this;
    /** Dropping the oldest id of a key: the key modulo this. */
    const span = room ** (n - 1);
    let key = 0;
    let lastWide = -n;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : END;
      let id = this.ids.get(code);
      if (id === undefined) {
        if (!create) return -1;
        id = this.chars.push(code) - 1;
        this.ids.set(code, id);
      }
      if (id >= room) lastWide = i;
      // The last n ids, oldest first.
      key = (key % span) * room + (id < room ? id : 0);
      if (i + 1 < n) continue;
      // Past the room (a text of more distinct characters than fit): the piece itself.
      out[count++] = lastWide > i - n ? String.fromCharCode(...this.codesAt(text, i)) : key;
    }
    return count;
  }

  /**
   * For a query shorter than a piece: the keys of every piece that holds it, when there are few
   * (digits: 13 for three of them in pieces of four); null when too many to list (names).
   */
  keysHolding(query: string): number[] | null {
    const { n, room } = this;
    const free = n - query.length;
    const alphabet = this.chars.length - 1;
    if (alphabet >= room || (free + 1) * alphabet ** free > 64) return null;
    const ids: number[] = [];
    for (let i = 0; i < query.length; i++) {
      const id = this.ids.get(query.charCodeAt(i));
      if (id === undefined) return [];
      ids.push(id);
    }
    const out: number[] = [];
    // Where the query starts in the piece. One short of a piece, the piece that starts with it
    // always exists (END follows a text's last character): that one is enough.
    for (let at = 0; at <= (free === 1 ? 0 : free); at++) {
      for (let fill = 0; fill < alphabet ** free; fill++) {
        let key = 0;
        let rest = fill;
        for (let k = 0; k < n; k++) {
          let id: number;
          if (k >= at && k < at + query.length) id = ids[k - at]!;
          else {
            id = 1 + (rest % alphabet);
            rest = Math.floor(rest / alphabet);
          }
          key = key * room + id;
        }
        out.push(key);
      }
    }
    return out;
  }

  /** The codes of the piece ending at `i` (END past the text). */
  private codesAt(text: string, i: number): number[] {
    const codes: number[] = [];
    for (let k = i + 1 - this.n; k <= i; k++)
      codes.push(k < text.length ? text.charCodeAt(k) : END);
    return codes;
  }

  /** A key's characters (for a query shorter than a piece). */
  charsOf(key: Key): string {
    if (typeof key === 'string') return key;
    const codes: number[] = [];
    for (let k = 0; k < this.n; k++, key = Math.floor(key / this.room)) {
      codes.unshift(this.chars[key % this.room]!);
    }
    return String.fromCharCode(...codes);
  }
}
