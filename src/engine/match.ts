/**
 * Matches: a game, its setup and the actions taken. Untrusted actions come in through one door:
 * `prepare` checks an action and says what it will do, `commit` applies it (`play` does both).
 * A caller that must make a step durable first (the server) writes it between the two. Only this
 * file changes a `Match`; everyone else reads it. `matchFromRecord` rebuilds a match from a record,
 * checking every action, and `replay` does so and says what each step was.
 */
import type { ActionBase, AnyGame, Outcome, Seat } from './game.js';
import { stableHash, canonicalJson } from './hash.js';
import { err, ok, type GameError, type Result } from './result.js';

export interface RecordedAction {
  readonly seat: Seat;
  readonly action: ActionBase;
}

/** Everything needed to replay a match exactly. Plain JSON. */
export interface MatchRecord {
  readonly game: string;
  readonly seats: number;
  readonly seed: string;
  readonly options: unknown;
  readonly arrangement?: unknown;
  readonly actions: readonly RecordedAction[];
}

/** A match in progress. Read-only outside the engine: it changes only through `commit`. */
export interface Match {
  readonly game: AnyGame;
  readonly record: MatchRecord;
  readonly state: unknown;
}

/** What the engine itself may change in a match it created (see `commit`). */
interface MutableMatch {
  game: AnyGame;
  record: MatchRecord & { actions: RecordedAction[] };
  state: unknown;
}

export const PLAY_ERROR_CODES = [
  'malformed-action',
  'bad-seat',
  'game-over',
  'not-your-turn',
  'illegal-action',
] as const;
export type PlayErrorCode = (typeof PLAY_ERROR_CODES)[number];

export interface PlayError extends GameError {
  code: PlayErrorCode;
}

/** A prepared step whose match has moved on since (another step was committed first). */
export interface StaleStepError extends GameError {
  code: 'stale-step';
}

export interface MatchConfig {
  seats: number;
  seed: string;
  options?: unknown;
  arrangement?: unknown;
}

/** Creates a match from untrusted configuration: options and arrangement are parsed first. */
export function createMatch(game: AnyGame, config: MatchConfig): Result<Match, GameError> {
  const { seats, seed } = config;
  if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max) {
    return err({
      code: 'bad-seats',
      message: `${game.title} takes ${game.seats.min}–${game.seats.max} seats, not ${String(seats)}`,
    });
  }
  if (typeof seed !== 'string' || seed.length === 0) {
    return err({ code: 'bad-seed', message: 'the seed must be a non-empty string' });
  }
  const options = game.parseOptions(config.options ?? {}, seats);
  if (!options.ok) return options;
  let arrangement: unknown;
  if (config.arrangement !== undefined) {
    const parsed = game.parseArrangement(config.arrangement, seats, options.value);
    if (!parsed.ok) return parsed;
    arrangement = parsed.value;
  }
  const state = game.setup({ seats, seed, options: options.value, arrangement });
  const actions: RecordedAction[] = [];
  const record: MatchRecord =
    config.arrangement === undefined
      ? { game: game.id, seats, seed, options: options.value, actions }
      : { game: game.id, seats, seed, options: options.value, arrangement: config.arrangement, actions };
  return ok({ game, record, state });
}

/** The key two actions share exactly when they are the same action. */
export const actionKey = (action: ActionBase): string => canonicalJson(action);

/** An action checked against a match and ready to commit: what it is and what it will be. */
export interface PreparedStep {
  readonly match: Match;
  readonly seat: Seat;
  /** The typed action, one of the legal actions of `seat` (commit trusts it). */
  readonly action: ActionBase;
  /** The sequence number the action takes once committed (1 for the first action). */
  readonly seq: number;
  /** The game's describeAction, read from the state before the action. */
  readonly description: string;
  /** Whether the seat acted while several seats were to act (a simultaneous choice). */
  readonly simultaneous: boolean;
}

/**
 * Checks an untrusted action for `seat` without changing anything: parses it, checks the seat
 * may act and that the action is legal, and returns the prepared step or the reason it is refused.
 */
export function prepare(match: Match, seat: unknown, input: unknown): Result<PreparedStep, PlayError> {
  const { game, state, record } = match;
  if (typeof seat === 'number' && (seat >= record.seats || seat < 0)) {
    return err({ code: 'bad-seat', message: `there is no seat ${seat} at a ${record.seats}-seat table` });
  }
  const toAct = game.toAct(state);
  const checked = checkAction(game, state, toAct, seat, input);
  if (!checked.ok) return checked;
  const s = seat as Seat;
  return ok({
    match,
    seat: s,
    action: checked.value,
    seq: record.actions.length + 1,
    description: game.describeAction(state, s, checked.value),
    simultaneous: toAct.length > 1,
  });
}

/** The typed legal action an untrusted one names, or the reason it is refused. */
function checkAction(
  game: AnyGame,
  state: unknown,
  toAct: readonly Seat[],
  seat: unknown,
  input: unknown,
): Result<ActionBase, PlayError> {
  // Fast path for trusted callers (bots, playouts): an action that is itself one of the objects
  // legalActions returned needs no parsing or key comparison.
  if (typeof seat === 'number' && typeof input === 'object' && input !== null && toAct.includes(seat)) {
    const legal = game.legalActions(state, seat);
    if (legal.includes(input as ActionBase)) return ok(input as ActionBase);
  }
  const parsed = game.parseAction(input);
  if (!parsed.ok) return err({ code: 'malformed-action', message: parsed.error.message });
  const action = parsed.value;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0) {
    return err({ code: 'bad-seat', message: `there is no seat ${String(seat)}` });
  }
  if (game.outcome(state) !== null) return err({ code: 'game-over', message: 'the game is over' });
  if (!toAct.includes(seat)) {
    return err({ code: 'not-your-turn', message: `it is not seat ${seat}'s turn` });
  }
  const key = actionKey(action);
  const legal = game.legalActions(state, seat).find((a) => actionKey(a) === key);
  if (!legal) return err({ code: 'illegal-action', message: game.explainIllegal(state, seat, action) });
  return ok(legal);
}

/** States worked out by `lookAhead`, which `commit` adopts instead of applying the action again. */
const lookedAhead = new WeakMap<PreparedStep, unknown>();

const isCurrent = (step: PreparedStep): boolean => step.match.record.actions.length + 1 === step.seq;

/**
 * The outcome the match will have once `step` is committed (null while it runs on), worked out
 * on a copy of the state: the match does not change. A rules bug throws here, before anything
 * was written anywhere. `commit` then adopts the copy.
 */
export function lookAhead(step: PreparedStep): Outcome | null {
  const { game, state } = step.match;
  if (!isCurrent(step)) throw new Error(`look-ahead at a stale step (prepared for action ${step.seq})`);
  const next = game.clone(state);
  game.apply(next, step.seat, step.action);
  lookedAhead.set(step, next);
  return game.outcome(next);
}

export interface Played {
  /** Sequence number of this action in the match (1 for the first action). */
  seq: number;
  description: string;
  outcome: Outcome | null;
}

/**
 * Applies a prepared step: the state and record advance by exactly one action. A step prepared
 * before the match moved on (another step was committed since) is refused and changes nothing.
 */
export function commit(step: PreparedStep): Result<Played, StaleStepError> {
  const match = step.match as MutableMatch;
  if (!isCurrent(step)) {
    return err({
      code: 'stale-step',
      message: `this step was prepared as action ${step.seq}, but the match has ${match.record.actions.length} actions now`,
    });
  }
  const { game } = match;
  if (lookedAhead.has(step)) {
    match.state = lookedAhead.get(step);
    lookedAhead.delete(step);
  } else {
    game.apply(match.state, step.seat, step.action);
  }
  match.record.actions.push({ seat: step.seat, action: step.action });
  return ok({ seq: step.seq, description: step.description, outcome: game.outcome(match.state) });
}

/**
 * Plays an untrusted action for `seat`: `prepare`, then `commit`. On success the state and record
 * have advanced by exactly one action; on failure nothing has changed.
 */
export function play(match: Match, seat: unknown, input: unknown): Result<Played, PlayError> {
  const prepared = prepare(match, seat, input);
  if (!prepared.ok) return prepared;
  const committed = commit(prepared.value);
  // Nothing ran between prepare and commit, so the step cannot be stale.
  if (!committed.ok) throw new Error(committed.error.message);
  return committed;
}

export interface ReplayStep {
  seq: number;
  seat: Seat;
  action: ActionBase;
  description: string;
  /** Whether the seat acted while several seats were to act (a simultaneous choice). */
  simultaneous: boolean;
}

/** Why a record does not replay: the refused action's number (`step`), absent when setup failed. */
export interface ReplayError extends GameError {
  step?: number;
  /** The match as far as the record replayed, for callers that keep what they can. */
  match?: Match;
}

/** Optional observers of a rebuild: the match once set up, and after each committed step. */
export interface ReplayObserver {
  start?(match: Match): void;
  step?(step: ReplayStep, match: Match): void;
}

/**
 * Rebuilds the match a record describes: set up from its seats, seed, options and arrangement,
 * then every action through `prepare` and `commit`; stops at the first refused action.
 */
export function matchFromRecord(
  game: AnyGame,
  record: MatchRecord,
  observe: ReplayObserver = {},
): Result<Match, ReplayError> {
  const created = createMatch(game, {
    seats: record.seats,
    seed: record.seed,
    options: record.options,
    arrangement: record.arrangement,
  });
  if (!created.ok) return created;
  const match = created.value;
  observe.start?.(match);
  for (let i = 0; i < record.actions.length; i++) {
    const entry = record.actions[i]!;
    const prepared = prepare(match, entry.seat, entry.action);
    if (!prepared.ok) {
      return err({
        code: prepared.error.code,
        step: i + 1,
        match,
        message: `action ${i + 1} (seat ${String(entry.seat)}: ${canonicalJson(entry.action)}) was refused: ${prepared.error.message}`,
      });
    }
    const { seat, action, seq, description, simultaneous } = prepared.value;
    const committed = commit(prepared.value);
    if (!committed.ok) throw new Error(committed.error.message);
    observe.step?.({ seq, seat, action, description, simultaneous }, match);
  }
  return ok(match);
}

export interface Replayed {
  match: Match;
  steps: ReplayStep[];
  outcome: Outcome | null;
  hash: string;
}

/**
 * Re-runs a record from its seed, checking every action; stops at the first bad one. `observe`
 * sees the match as it is rebuilt (a narrated replay reads each step's view there).
 */
export function replay(game: AnyGame, record: MatchRecord, observe: ReplayObserver = {}): Result<Replayed, ReplayError> {
  const steps: ReplayStep[] = [];
  const rebuilt = matchFromRecord(game, record, {
    ...(observe.start ? { start: observe.start } : {}),
    step: (step, match) => {
      steps.push(step);
      observe.step?.(step, match);
    },
  });
  if (!rebuilt.ok) return rebuilt;
  const match = rebuilt.value;
  return ok({ match, steps, outcome: game.outcome(match.state), hash: stableHash(match.state) });
}
