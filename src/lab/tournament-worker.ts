/**
 * A tournament worker thread: resolves the spec it was started with, then plays the scheduled
 * games the main thread sends one at a time, posting each result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GameError } from '../engine/result.js';
import { playScheduledGame, resolveTournament, type ScheduledGame, type TournamentGameResult, type TournamentSpec } from './tournament.js';

export type ToTournamentWorker = { type: 'play'; game: ScheduledGame };
export type FromTournamentWorker =
  | { type: 'ready' }
  | { type: 'result'; result: TournamentGameResult }
  | { type: 'error'; error: GameError };

const port = parentPort;
if (!port) throw new Error('lab/tournament-worker must run in a worker thread');
const post = (message: FromTournamentWorker): void => port.postMessage(message);

const resolved = resolveTournament((workerData as { spec: TournamentSpec }).spec);
if (!resolved.ok) {
  post({ type: 'error', error: resolved.error });
} else {
  const t = resolved.value;
  port.on('message', (message: ToTournamentWorker) => {
    const played = playScheduledGame(t, message.game);
    post(played.ok ? { type: 'result', result: played.value } : { type: 'error', error: played.error });
  });
  post({ type: 'ready' });
}
