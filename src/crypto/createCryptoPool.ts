import type { KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { type CryptoJob, type CryptoResult, type KeyTable, runCryptoJob } from './cryptoOps.js';
import type { WorkerInbound, WorkerOutbound } from './cryptoWorker.js';

/**
 * Signature work of the node's hot paths (the token endpoint's verifications and signature, the
 * write gate's sender recovery), off the event loop: the HTTP thread keeps parsing, checking and
 * answering while other cores verify. Shared state (single use, rate limits, caches) never
 * leaves the main thread: a job is bytes in, a boolean, an address or a signature out.
 */
export type CryptoPool = {
  /** How many worker threads run the jobs; 0 runs them on the calling thread. */
  readonly workers: number;
  /** @throws {Error} only when the job's thread died or its key is unknown; bad signatures answer false or null. */
  run<J extends CryptoJob>(job: J): Promise<CryptoResult<J>>;
  /** Makes a private key available to `signEs256` jobs under `id`, on every thread. */
  registerKey(id: string, key: KeyObject): void;
  close(): Promise<void>;
};

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type Queued = Pending & { id: number; job: CryptoJob };
type Thread = { worker: Worker; pending: Map<number, Pending> };

/**
 * Starts `workers` threads (0: none, jobs run inline). The jobs one turn of the event loop
 * submits travel as one message, to the thread with the fewest jobs in flight, so a burst of
 * requests pays one hand-over each way. A thread that dies fails its jobs and is replaced.
 */
export function createCryptoPool(options: { workers: number }): CryptoPool {
  const keys: KeyTable = new Map();
  if (options.workers <= 0) {
    return {
      workers: 0,
      run: async (job) => runCryptoJob(job, keys) as CryptoResult<typeof job>,
      registerKey: (id, key) => void keys.set(id, key),
      close: async () => {},
    };
  }
  let closed = false;
  const start = (): Thread => {
    const thread: Thread = { worker: new Worker(workerUrl()), pending: new Map() };
    thread.worker.unref();
    for (const [id, key] of keys) post(thread, { type: 'key', id, key });
    thread.worker.on('message', (answers: WorkerOutbound) => {
      for (const { id, ok, value } of answers) {
        const pending = thread.pending.get(id);
        thread.pending.delete(id);
        if (ok) pending?.resolve(value);
        else pending?.reject(new Error(String(value)));
      }
    });
    const fail = (error: Error) => {
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      fail(new Error(`A crypto worker thread exited (code ${code})`));
      if (!closed) threads[threads.indexOf(thread)] = start();
    });
    return thread;
  };
  const threads = Array.from({ length: options.workers }, start);
  let queued: Queued[] = [];
  let nextId = 0;
  const flush = () => {
    const batch = queued;
    queued = [];
    const thread = threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    try {
      post(thread, { type: 'jobs', jobs: batch.map(({ id, job }) => ({ id, job })) });
    } catch (error) {
      for (const queued of batch) queued.reject(error as Error);
      return;
    }
    for (const { id, resolve, reject } of batch) thread.pending.set(id, { resolve, reject });
  };
  return {
    workers: threads.length,
    run(job) {
      if (closed) return Promise.reject(new Error('The crypto pool is closed'));
      return new Promise((resolve, reject) => {
        if (queued.length === 0) queueMicrotask(flush);
        queued.push({
          id: nextId++,
          job: ownBytes(job),
          resolve: resolve as Pending['resolve'],
          reject,
        });
      });
    },
    registerKey(id, key) {
      keys.set(id, key);
      for (const thread of threads) post(thread, { type: 'key', id, key });
    },
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

function post(thread: Thread, message: WorkerInbound): void {
  thread.worker.postMessage(message);
}

/**
 * The worker's script. Under the test runner this module is TypeScript source, and the worker
 * runs the build of it (`npm run build`, which `npm ci` and `npm test` in CI run first).
 */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../../dist/src/crypto/cryptoWorker.js', import.meta.url)
    : new URL('./cryptoWorker.js', import.meta.url);
}

/**
 * The job with every byte array reduced to its own bytes: a Buffer is often a view of Node's
 * 8 KiB pool, and cloning a view clones its whole buffer.
 */
function ownBytes<J extends CryptoJob>(job: J): J {
  const copy: Record<string, unknown> = { ...job };
  for (const [name, value] of Object.entries(copy)) {
    if (value instanceof Uint8Array && value.byteLength !== value.buffer.byteLength) {
      copy[name] = new Uint8Array(value);
    }
  }
  return copy as J;
}
