/**
 * The reading worker: a worker thread that holds kuromoji's dictionary and reads names, so that
 * loading it (seconds) and reading thousands of names never hold up the main process. Started
 * by reading-service.ts when names wait to be read, ended when idle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { readName } from './readings';
import type { WorkerReply, WorkerRequest } from './reading-protocol';
import { loadTokenizer } from './tokenizer';

const port = parentPort!;
const { dicPath } = workerData as { dicPath: string };
const started = performance.now();

loadTokenizer(dicPath).then(
  (tokenizer) => {
    const heap = getHeapStatistics();
    const loaded: WorkerReply = {
      type: 'loaded',
      ms: performance.now() - started,
      heapBytes: heap.used_heap_size + heap.external_memory,
    };
    port.postMessage(loaded);
    port.on('message', (request: WorkerRequest) => {
      const readings = request.names.map((name) => {
        try {
          return readName(tokenizer, name);
        } catch {
          // One name the analyzer trips on is left unread; the others are read.
          return [];
        }
      });
      const reply: WorkerReply = { type: 'read', id: request.id, readings };
      port.postMessage(reply);
    });
  },
  (error: unknown) => {
    const failed: WorkerReply = {
      type: 'failed',
      message: String((error as Error)?.message ?? error),
    };
    port.postMessage(failed);
  },
);
