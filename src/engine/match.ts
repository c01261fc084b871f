/**
 * Matches: a game, its setup and the actions taken. `play` is the one door for untrusted actions;
 * `replay` re-runs a record and checks every step.
 */
import type { ActionBase, AnyGame, Outcome, Seat } from './game.js';
import { stableHash, canonicalJson } from './hash.js';
import { err, ok, type GameError, type Result } from './result.js';

export interface RecordedAction {
  seat: Seat;
  action: ActionBase;
}

/** Everything needed to replay a match exactly. Plain JSON. */
export interface MatchRecord {
  game: string;
  seats: number;
  seed: string;
  options: unknown;
  arrangement?: unknown;
  actions: RecordedAction[];
}

export interface Match {
  game: AnyGame;
  record: MatchRecord;
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
  const record: MatchRecord = { game: game.id, seats, seed, options: options.value, actions: [] };
  if (config.arrangement !== undefined) record.arrangement = config.arrangement;
  return ok({ game, record, state });
}

/** The key two actions share exactly when they are the same action. */
export const actionKey = (action: ActionBase): string => canonicalJson(action);

/** Checks an untrusted action without changing anything; returns the typed action if legal. */
export function checkAction(
  game: AnyGame,
  state: unknown,
  seat: unknown,
  input: unknown,
): Result<ActionBase, PlayError> {
  // Fast path for trusted callers (bots, playouts): an action that is itself one of the objects
  // legalActions returned needs no parsing or key comparison.
  if (typeof seat === 'number' && typeof input === 'object' && input !== null && game.toAct(state).includes(seat)) {
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
  if (!game.toAct(state).includes(seat)) {
    return err({ code: 'not-your-turn', message: `it is not seat ${seat}'s turn` });
  }
  const key = actionKey(action);
  const legal = game.legalActions(state, seat).find((a) => actionKey(a) === key);
  if (!legal) return err({ code: 'illegal-action', message: game.explainIllegal(state, seat, action) });
  return ok(legal);
}

export interface Played {
  /** Sequence number of this action in the match (1 for the first action). */
  seq: number;
  description: string;
  outcome: Outcome | null;
}

/**
 * Plays an untrusted action for `seat`. On success the state and record have advanced by exactly
 * one action; on failure nothing has changed.
 */
export function play(match: Match, seat: unknown, input: unknown): Result<Played, PlayError> {
  if (typeof seat === 'number' && (seat >= match.record.seats || seat < 0)) {
    return err({ code: 'bad-seat', message: `there is no seat ${seat} at a ${match.record.seats}-seat table` });
  }
  const checked = checkAction(match.game, match.state, seat, input);
  if (!checked.ok) return checked;
  const s = seat as Seat;
  const description = match.game.describeAction(match.state, s, checked.value);
  match.game.apply(match.state, s, checked.value);
  match.record.actions.push({ seat: s, action: checked.value });
  return ok({ seq: match.record.actions.length, description, outcome: match.game.outcome(match.state) });
}

export interface ReplayStep {
  seq: number;
  seat: Seat;
  action: ActionBase;
  description: string;
}

export interface Replayed {
  match: Match;
  steps: ReplayStep[];
  outcome: Outcome | null;
  hash: string;
}

/** Re-runs a record from its seed, checking every action; stops at the first bad one. */
export function replay(
  game: AnyGame,
  record: MatchRecord,
): Result<Replayed, GameError & { step?: number }> {
  const created = createMatch(game, {
    seats: record.seats,
    seed: record.seed,
    options: record.options,
    arrangement: record.arrangement,
  });
  if (!created.ok) return created;
  const match = created.value;
  const steps: ReplayStep[] = [];
  for (let i = 0; i < record.actions.length; i++) {
    const entry = record.actions[i]!;
    const played = play(match, entry.seat, entry.action);
    if (!played.ok) {
      return err({
        code: played.error.code,
        step: i + 1,
        message: `action ${i + 1} (seat ${String(entry.seat)}: ${canonicalJson(entry.action)}) was refused: ${played.error.message}`,
      });
    }
    steps.push({ seq: i + 1, seat: entry.seat, action: entry.action, description: played.value.description });
  }
  return ok({ match, steps, outcome: game.outcome(match.state), hash: stableHash(match.state) });
}

export const stateHash = (state: unknown): string => stableHash(state);
