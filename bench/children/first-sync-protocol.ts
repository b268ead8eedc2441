/**
 * What the local bench and its first-sync child (first-sync.ts) share: the store, its time zone
 * and key, the scaled minute, and the child's arguments and report.
 */
import { DEMO } from '../../sandbox/scenario/demo';

export const STORE = DEMO.stores.kyoto;
export const ZONE = 'Asia/Tokyo';
export const KEY = Buffer.alloc(32, 9);
/** Time runs this many times faster than real: rate windows and the scheduler's intervals. */
export const SCALE = 10;
export const MINUTE = 60_000 / SCALE;
/** The busy day read from the cache. */
export const DAY_SIZE = 400;

export interface ChildArgs {
  baseUrl: string;
  controlUrl: string;
  apiKey: string;
  dir: string;
  readDir: string;
}

export interface Poll {
  requests: number;
  filesWritten: number;
  changed: number;
}

export interface ChildReport {
  first: {
    requests: number;
    records: number;
    cpuMs: number;
    rssBeforeMb: number;
    peakRssMb: number;
    wallMs: number;
    filesWritten: number;
    bytesWritten: number;
    dates: number;
    shards: number;
    /** The search index's files (its shards and meta.json). */
    searchFiles: number;
    bytesOnDisk: number;
    /** The estimate of what was left at a quarter, a half and three quarters of the pages, and the truth. */
    estimates: {
      share: number;
      estimatedPages: number | null;
      actualPages: number;
      estimatedMs: number | null;
      actualMs: number;
    }[];
  };
  oneChange: Poll;
  incremental: Poll;
  read: { warm: number[]; cold: number[] };
}
