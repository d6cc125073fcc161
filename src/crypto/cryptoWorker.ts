import { parentPort } from 'node:worker_threads';
import { type CryptoJob, type KeyTable, runCryptoJob } from './cryptoOps.js';

/** What the pool posts to a worker: a key to hold, or the jobs of one turn of its event loop. */
export type WorkerInbound =
  | { type: 'key'; id: string; key: import('node:crypto').KeyObject }
  | { type: 'jobs'; jobs: { id: number; job: CryptoJob }[] };

/** A worker's answer to one `jobs` message, in its order. */
export type WorkerOutbound = { id: number; ok: boolean; value: unknown }[];

const keys: KeyTable = new Map();

parentPort?.on('message', (message: WorkerInbound) => {
  if (message.type === 'key') {
    keys.set(message.id, message.key);
    return;
  }
  const answers: WorkerOutbound = message.jobs.map(({ id, job }) => {
    try {
      const value = runCryptoJob(job, keys);
      // A Buffer may be a view of a larger pooled block: only its own bytes are cloned back.
      return { id, ok: true, value: value instanceof Uint8Array ? new Uint8Array(value) : value };
    } catch (error) {
      return { id, ok: false, value: error instanceof Error ? error.message : String(error) };
    }
  });
  parentPort?.postMessage(answers);
});
