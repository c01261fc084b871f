/**
 * What the lab learns of one game beyond its outcome: the game's own lab probe (a package facet,
 * src/games/<id>/lab.ts) watching the game step by step, and two things every game has — per
 * seat, the longest run of its decisions with only one legal action ("no choice") and the longest
 * run of the same action over and over ("stuck repeating"). The game is rebuilt from its record
 * (every action matched by key among the legal actions of its step), so the probe sees exactly
 * what was played.
 */
import { actionKey, createMatch, listLegal, playLegal, type MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { ActionBase } from '../engine/game.js';
import type { AnyGamePackage, GameFacts } from '../games/package.js';
import type { GameTrace } from './curves.js';

/** A seat's longest streaks in one game, in its own decisions. */
export interface Streaks {
  /** Consecutive decisions with exactly one legal action. */
  noChoice: number;
  /** Consecutive decisions taking the same action. */
  repeat: number;
}

/** Facts of one game: the probe's (if the game has one) and every seat's streaks. */
export interface ProbedGame extends Partial<GameFacts> {
  streaks: Streaks[];
  /** The game's per-round samples (when its probe has `curves`). */
  curves?: GameTrace;
}

/** Rebuilds `record` and watches it with the package's lab probe. */
export function probeRecord(pkg: AnyGamePackage, record: MatchRecord): Result<ProbedGame, GameError> {
  const { game } = pkg;
  const created = createMatch(game, { seats: record.seats, seed: record.seed, options: record.options, arrangement: record.arrangement });
  if (!created.ok) return created;
  const match = created.value;
  const watcher = pkg.lab?.watch(match.state);
  const streaks: Streaks[] = Array.from({ length: record.seats }, () => ({ noChoice: 0, repeat: 0 }));
  const running = streaks.map(() => ({ noChoice: 0, repeat: 0, last: '' }));
  const curves = pkg.lab?.curves;
  const trace: GameTrace | undefined = curves ? { participants: curves.participants(match.state), samples: [] } : undefined;
  /** Whether the last sample is of the state as it is now (no action since). */
  let sampledNow = false;
  for (const [i, { seat, action }] of record.actions.entries()) {
    const list = listLegal(match, seat);
    const legal: readonly ActionBase[] = list.actions;
    watcher?.before(match.state, seat, legal);
    const run = running[seat]!;
    run.noChoice = legal.length === 1 ? run.noChoice + 1 : 0;
    const key = actionKey(action);
    run.repeat = key === run.last ? run.repeat + 1 : 1;
    run.last = key;
    const best = streaks[seat]!;
    best.noChoice = Math.max(best.noChoice, run.noChoice);
    best.repeat = Math.max(best.repeat, run.repeat);
    // The record's action is matched by key among the legal actions already listed (the record
    // came from this run's own match, so this is the only check it needs), then played by handle.
    const handle = legal.find((a) => actionKey(a) === key);
    if (handle === undefined) {
      return err({ code: 'probe-failed', message: `action ${i + 1} of the record was refused: ${key} is not among seat ${seat}'s ${legal.length} legal actions` });
    }
    const played = playLegal(list, handle);
    if (!played.ok) return err({ code: 'probe-failed', message: `action ${i + 1} of the record was refused: ${played.error.message}` });
    watcher?.after(match.state, seat, handle);
    sampledNow = false;
    if (curves && trace) {
      // One sample per completed round: the state at the end of that round.
      for (const done = curves.roundsDone(match.state); trace.samples.length < done; sampledNow = true) trace.samples.push(curves.sample(match.state));
    }
  }
  // A game that ended mid-round (or before its first round ended) gets its final state as the last sample.
  if (curves && trace && !sampledNow) trace.samples.push(curves.sample(match.state));
  return ok({ ...(watcher ? watcher.finish(match.state) : {}), streaks, ...(trace ? { curves: trace } : {}) });
}
