/**
 * Playing a contiguous run of a sim's games: the unit of work of one thread, whether that is
 * the main thread (`--workers 1`) or a worker.
 */
import type { GameError, Result } from '../engine/result.js';
import { err, ok } from '../engine/result.js';
import { recordFileName, writeRecordFile } from './record-file.js';
import { playSimGame, type GameResult, type ResolvedSim } from './sim.js';

/**
 * Plays games [from, to) in order, handing each result to `emit`. Writes each record into
 * `spec.recordDir` when set. Stops at the first game that fails.
 */
export function playChunk(
  sim: ResolvedSim,
  from: number,
  to: number,
  emit: (result: GameResult) => void,
): Result<void, GameError> {
  const { spec } = sim;
  for (let index = from; index < to; index++) {
    const played = playSimGame(sim, index);
    if (!played.ok) return played;
    if (spec.recordDir !== undefined) {
      const { record, outcome, result } = played.value;
      try {
        writeRecordFile(spec.recordDir, recordFileName(index, result.seed, spec.games), {
          ...record,
          bots: sim.botNames,
          outcome,
          hash: played.value.finalHash(),
        });
      } catch (e) {
        return err({ code: 'record-write', message: `cannot write a record into ${spec.recordDir}: ${(e as Error).message}` });
      }
    }
    emit(played.value.result);
  }
  return ok(undefined);
}
