/**
 * Starting a worker thread whose entry module sits beside the caller, however Drey runs.
 * From dist/ that is the compiled `<name>.js`. From TypeScript sources (tests, tsx, benches) it is
 * `<name>.ts`, loaded after registering tsx's loader inside the worker itself: on Node 20 a
 * worker's `execArgv: ['--import', 'tsx']` does not reach the entry's own loading.
 * Every worker in Drey (lab sims, tournaments, bots, the server's bot seats) starts here.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** `caller` is the starting module's `import.meta.url`; `name` the entry beside it, without extension. */
export function spawnWorker(caller: string, name: string, workerData?: unknown): Worker {
  if (!fileURLToPath(caller).endsWith('.ts')) {
    return new Worker(new URL(`./${name}.js`, caller), { workerData });
  }
  const entry = JSON.stringify(new URL(`./${name}.ts`, caller).href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
  return new Worker(boot, { eval: true, workerData });
}
