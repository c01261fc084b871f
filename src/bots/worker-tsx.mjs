// Starts a TypeScript worker entry when Drey runs from source (tests, tsx, benchmarks): on
// Node 20 a worker's `execArgv: ['--import', 'tsx']` does not reach the entry's own loading, so
// tsx is registered here first. From dist/ the compiled .js entry is started directly instead.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.tsEntry);
