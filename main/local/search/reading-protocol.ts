/** What the main process and the reading worker say to each other. */
import type { NameParts } from './search-index';

export interface WorkerRequest {
  id: number;
  names: NameParts[];
}

export type WorkerReply =
  | { type: 'loaded'; ms: number; heapBytes: number }
  | { type: 'failed'; message: string }
  | { type: 'read'; id: number; readings: string[][] };
