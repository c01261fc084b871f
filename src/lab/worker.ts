/**
 * A lab worker thread: resolves the sim spec it was started with, then plays the chunks of games
 * the main thread sends, posting results back. See pool.ts for the protocol.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { playChunk } from './chunk.js';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.js';
import type { GameResult } from './sim.js';
import { resolveSim } from './sim.js';

const port = parentPort;
if (!port) throw new Error('lab/worker.ts must run in a worker thread');
const post = (message: FromWorker): void => port.postMessage(message);

const init = workerData as WorkerInit;
const resolved = resolveSim(init.spec);
if (!resolved.ok) {
  post({ type: 'error', error: resolved.error });
} else {
  const sim = resolved.value;
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'chunk': {
        let batch: GameResult[] = [];
        const played = playChunk(sim, message.from, message.to, (result) => {
          batch.push(result);
          // Small batches keep the progress bar moving on long chunks.
          if (batch.length >= 64) {
            post({ type: 'results', results: batch });
            batch = [];
          }
        });
        if (batch.length > 0) post({ type: 'results', results: batch });
        post(played.ok ? { type: 'chunk-done' } : { type: 'error', error: played.error });
        break;
      }
      case 'stop':
        port.close();
        break;
    }
  });
  post({ type: 'ready' });
}
