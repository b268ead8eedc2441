/**
 * Receipts not printed yet: kept until the printer takes them, one file each, so a printer out of
 * paper, a cable pulled or the app closed loses none (decision M10). A job is the entry and how to
 * print it (its options may name the payer, 宛名: sealed, bound to the job's id); it is drawn when
 * it prints, so a copy printed later says what the journal then says (再発行 when one was printed
 * meanwhile). A file that cannot be opened stays where it is, counted, never printed blindly.
 * Training keeps its jobs in memory, like its journal (J2).
 */
import { z } from 'zod';
import { ReceiptOptions } from '../../ipc/contract';
import type { Cipher, Files } from '../../local/index';

export interface PrintJob {
  id: string;
  /** When it was asked for (epoch ms): the queue prints oldest first. */
  at: number;
  options: ReceiptOptions;
}

export interface JobStore {
  list(): PrintJob[];
  add(job: PrintJob): void;
  remove(id: string): void;
  /** Kept jobs that could not be read back. */
  unreadable(): number;
}

export class MemoryJobs implements JobStore {
  private readonly jobs = new Map<string, PrintJob>();
  list = () => [...this.jobs.values()].sort((a, b) => a.at - b.at);
  add = (job: PrintJob) => void this.jobs.set(job.id, job);
  remove = (id: string) => void this.jobs.delete(id);
  unreadable = () => 0;
}

const DIR = 'print-queue';
const JobFile = z.object({ v: z.literal(1), id: z.string(), at: z.number(), sealed: z.string() });

/**
 * The store's own files (beside its journal), the options sealed with its cipher: read once, then
 * kept in memory too (this process is the only writer), so a print does not read them again.
 */
export class FileJobs implements JobStore {
  private bad = 0;
  private known: Map<string, PrintJob> | null = null;

  constructor(
    private readonly files: Files,
    private readonly cipher: Cipher,
  ) {}

  list(): PrintJob[] {
    this.known ??= new Map(this.read().map((j) => [j.id, j]));
    return [...this.known.values()].sort((a, b) => a.at - b.at);
  }

  private read(): PrintJob[] {
    const jobs: PrintJob[] = [];
    let bad = 0;
    for (const name of this.files.list(DIR)) {
      const file = this.files.read(DIR, name, JobFile, { remember: false });
      if (!file || file.id !== name) {
        bad++;
        continue;
      }
      try {
        const options = ReceiptOptions.parse(this.cipher.open(file.sealed, file.id));
        jobs.push({ id: file.id, at: file.at, options });
      } catch {
        // Sealed with another key, or not options: kept on disk, counted, not printed.
        bad++;
      }
    }
    this.bad = bad;
    return jobs;
  }

  add(job: PrintJob): void {
    this.list();
    this.files.write(
      DIR,
      job.id,
      { v: 1, id: job.id, at: job.at, sealed: this.cipher.seal(job.options, job.id) },
      { remember: false },
    );
    this.known?.set(job.id, job);
  }

  remove(id: string): void {
    this.files.remove(DIR, id);
    this.known?.delete(id);
  }

  unreadable(): number {
    return this.bad;
  }
}
