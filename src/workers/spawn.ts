/**
 * Starting a worker thread whose entry module sits beside a given module, however Drey runs.
 * From dist/ that is the compiled `<name>.js`. From TypeScript sources (tests, tsx, benches) it is
 * `<name>.ts`, loaded after registering tsx's loader inside the worker itself: on Node 20 a
 * worker's `execArgv: ['--import', 'tsx']` does not reach the entry's own loading.
 * Every worker in Drey starts here: the pool's (pool.ts) and the SQLite store's writer thread.
 */
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** Where a worker's entry module is: `name` (a path without extension) relative to the module `beside`. */
export interface WorkerEntry {
  /** A module's `import.meta.url`. */
  beside: string;
  /** The entry's path relative to it, without extension: `entry`, `../../test/fixtures/pool-tasks`. */
  name: string;
}

/** `workerData` is what every worker of a pool starts with (plain data, cloned once per worker). */
export function spawnWorker(entry: WorkerEntry, resourceLimits?: ResourceLimits, workerData?: unknown): Worker {
  const options = { ...(resourceLimits ? { resourceLimits } : {}), ...(workerData === undefined ? {} : { workerData }) };
  if (!fileURLToPath(entry.beside).endsWith('.ts')) {
    return new Worker(new URL(`./${entry.name}.js`, entry.beside), options);
  }
  const url = JSON.stringify(new URL(`./${entry.name}.ts`, entry.beside).href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${url}); });`;
  return new Worker(boot, { ...options, eval: true });
}
