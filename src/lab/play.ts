/**
 * Playing scheduled games: one game, a slice of a schedule (the unit of work of one thread, the
 * calling one or a worker), and the `play-games` task the worker pool runs.
 */
import type { Outcome, Seat } from '../engine/game.js';
import { stableHash } from '../engine/hash.js';
import { createParsedMatch, type MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { playBots } from '../bots/index.js';
import { recordFileName, writeRecordFile } from './record-file.js';
import { bindRun, type BoundRun, type RunSpec } from './resolve.js';
import type { ScheduledGame } from './schedule.js';
import { probeRecord, type ProbedGame } from './probe.js';

/** What the lab keeps of one finished game: small, plain JSON. */
export interface GameResult {
  /** The game's place in the schedule. */
  index: number;
  seed: string;
  scores: number[];
  ranks: number[];
  winners: Seat[];
  rounds: number;
  /** Number of actions taken. */
  actions: number;
  teams?: Seat[][];
  /** The game's own per-game figures (Outcome.stats), e.g. Acorn Run's winner lane. */
  stats?: Record<string, number | string>;
  /** Participants at no seat (Acorn Run's dummies), ranked with the seats (Outcome.racers). */
  racers?: { name: string; score: number; rank: number }[];
  /** What the game's lab probe and the streak counts found (only when the spec asks: `probe`). */
  facts?: ProbedGame;
  /**
   * How often each of the game's rule gaps was decided by a ruling in this game (GamePackage.rulings;
   * only gaps that fired; `{}` when none did, absent for a game without rule gaps). Left out of the
   * run's digest (aggregate.ts): it is read off the same game, and leaving it out keeps digests
   * comparable with runs from before it was counted.
   */
  rulings?: Record<string, number>;
}

export interface PlayedGame {
  result: GameResult;
  record: MatchRecord;
  outcome: Outcome;
  /** The final state's stable hash: what `drey replay --json` prints for this record. */
  finalHash: () => string;
}

/** Plays one scheduled game with the bots its lineup names. */
export function playGame(run: BoundRun, scheduled: ScheduledGame): Result<PlayedGame, GameError> {
  const { spec, game } = run;
  const { index, seed } = scheduled;
  const bots = scheduled.lineup.map((name) => run.bots.get(name)!);
  // The options were parsed once for the run (bindRun); the record keeps them as createMatch would.
  const created = createParsedMatch(game, { seats: spec.seats, seed, options: run.options });
  const gaps = created.ok ? run.pkg.rulings?.watch(created.value.state) : undefined;
  const played = created.ok ? playBots(created.value, bots, { maxSteps: spec.maxSteps ?? 100_000, ...(gaps ? { onStep: gaps.after } : {}) }) : created;
  if (!played.ok) {
    return err({ code: played.error.code, message: `game ${index} (seed ${seed}): ${played.error.message}` });
  }
  const { match, outcome } = played.value;
  const result: GameResult = {
    index,
    seed,
    scores: outcome.scores,
    ranks: outcome.ranks,
    winners: outcome.winners,
    rounds: outcome.rounds,
    actions: match.record.actions.length,
  };
  if (outcome.teams) result.teams = outcome.teams;
  if (outcome.stats) result.stats = outcome.stats;
  if (outcome.racers) result.racers = outcome.racers.map(({ name, score, rank }) => ({ name, score, rank }));
  if (gaps) result.rulings = gaps.counts();
  if (spec.probe) {
    const facts = probeRecord(run.pkg, match.record);
    if (!facts.ok) return err({ code: facts.error.code, message: `game ${index} (seed ${seed}): ${facts.error.message}` });
    result.facts = facts.value;
  }
  return ok({ result, record: match.record, outcome, finalHash: () => stableHash(match.state) });
}

/**
 * Plays `games` in order, handing each result to `emit`, and writes each record into
 * `spec.recordDir` when set (`total`, the schedule's length, sets the file names' width). Stops
 * at the first game that fails.
 */
export function playGames(run: BoundRun, games: readonly ScheduledGame[], total: number, emit: (result: GameResult) => void): Result<void, GameError> {
  const dir = run.spec.recordDir;
  for (const scheduled of games) {
    const played = playGame(run, scheduled);
    if (!played.ok) return played;
    if (dir !== undefined) {
      const { record, outcome, result } = played.value;
      try {
        writeRecordFile(dir, recordFileName(result.index, result.seed, total), {
          ...record,
          bots: scheduled.lineup,
          contentHash: run.pkg.content.hash,
          outcome,
          hash: played.value.finalHash(),
        });
      } catch (e) {
        return err({ code: 'record-write', message: `cannot write a record into ${dir}: ${(e as Error).message}` });
      }
    }
    emit(played.value.result);
  }
  return ok(undefined);
}

/** A slice of a run's schedule, as the worker pool carries it. */
export interface PlayGamesInput {
  spec: RunSpec;
  games: ScheduledGame[];
  /** The whole schedule's length. */
  total: number;
}

/** The pool's task kind for lab games. */
export type LabTasks = { 'play-games': { input: PlayGamesInput; output: GameResult[] } };

/** The last run a worker bound, kept while the same run sends more slices. */
let bound: { key: string; run: BoundRun } | undefined;

/** The `play-games` task, in a worker: binds the run (once per run), plays the slice. */
export function playGamesTask(input: PlayGamesInput): Result<GameResult[], GameError> {
  const key = JSON.stringify(input.spec);
  const names = [...new Set(input.games.flatMap((g) => g.lineup))];
  if (bound?.key !== key || names.some((n) => !bound!.run.bots.has(n))) {
    const known = bound?.key === key ? [...bound.run.bots.keys()] : [];
    const run = bindRun(input.spec, [...known, ...names]);
    if (!run.ok) return run;
    bound = { key, run: run.value };
  }
  const results: GameResult[] = [];
  const played = playGames(bound.run, input.games, input.total, (r) => results.push(r));
  return played.ok ? ok(results) : played;
}
