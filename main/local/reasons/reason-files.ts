/**
 * The store's reasons for a discount on this counter (issue 30, I13): one file per reason
 * (`discount-reasons/<id>.json`), in clear — the shop's own words, nothing personal. Every reason
 * stands alone: a file that cannot be read is set aside by `Files` (reported as damage) and listed
 * here by its name, never blocking the others. Training keeps its reasons in memory.
 */
import { DiscountReasonEntry } from '../../common/money';
import type { Files } from '../files/files';

/** What the list is kept in: files (a live store) or memory (training). */
export interface ReasonFiles {
  reasons(): { reasons: DiscountReasonEntry[]; unreadable: string[] };
  putReason(reason: DiscountReasonEntry): void;
}

const DIR = 'discount-reasons';

export class PlainReasonFiles implements ReasonFiles {
  constructor(private readonly files: Files) {}

  reasons(): { reasons: DiscountReasonEntry[]; unreadable: string[] } {
    const reasons: DiscountReasonEntry[] = [];
    const unreadable: string[] = [];
    for (const name of this.files.list(DIR)) {
      const reason = this.files.read(DIR, name, DiscountReasonEntry);
      if (reason && reason.id === name) reasons.push(reason);
      else unreadable.push(name);
    }
    return { reasons, unreadable };
  }

  putReason(reason: DiscountReasonEntry): void {
    const valid = DiscountReasonEntry.parse(reason);
    this.files.write(DIR, valid.id, valid);
  }
}

/** Training's list: in memory, gone with the session. */
export class MemoryReasonFiles implements ReasonFiles {
  private readonly byId = new Map<string, DiscountReasonEntry>();

  reasons(): { reasons: DiscountReasonEntry[]; unreadable: string[] } {
    return { reasons: [...this.byId.values()], unreadable: [] };
  }

  putReason(reason: DiscountReasonEntry): void {
    this.byId.set(reason.id, DiscountReasonEntry.parse(reason));
  }
}
