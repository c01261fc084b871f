/**
 * Matches: a game, its setup and the actions taken. Untrusted actions come in through one door:
 * `prepare` checks an action and says what it will do, `commit` applies it (`play` does both).
 * A caller that must make a step durable first (the server) writes it between the two. Only this
 * file changes a `Match`; everyone else reads it. `matchFromRecord` rebuilds a match from a record,
 * checking every action, and `replay` does so and says what each step was.
 *
 * Undo (Board Game Arena's rule): `prepareUndo` checks that a seat may take back its own last
 * step, `commitUndo` records that as a step of its own (`{ type: 'undo', step: N }`) that cancels
 * step N: nothing is ever deleted from a record, and rebuilding it skips cancelled steps. A record
 * without undo steps rebuilds exactly as before.
 */
import type { ActionBase, AnyGame, Outcome, Seat } from './game.js';
import { stableHash, canonicalJson } from './hash.js';
import { err, ok, type GameError, type Result } from './result.js';
import { shareUnchanged } from './share.js';
import { advance, outcomeAfter } from './step.js';

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
  /**
   * The seats to act now (`game.toAct(state)`), as the last step yielded it (engine/step.ts):
   * worked out once per step, so callers read it here rather than asking the game again.
   */
  readonly toAct: readonly Seat[];
  /** The outcome once the game is over (no one is to act), else null: worked out once, by the step that ended it. */
  readonly outcome: Outcome | null;
}

/** What the engine itself may change in a match it created (see `commit`). */
interface MutableMatch {
  game: AnyGame;
  record: MatchRecord & { actions: RecordedAction[] };
  state: unknown;
  toAct: readonly Seat[];
  outcome: Outcome | null;
}

/** Sets the match's state to `state`, whose seats to act are `toAct` (the outcome follows from them). */
function settle(match: MutableMatch, state: unknown, toAct: readonly Seat[], outcome: Outcome | null = outcomeAfter(match.game, state, toAct)): void {
  match.state = state;
  match.toAct = toAct;
  match.outcome = outcome;
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

/** Why a table of `seats` seeded with `seed` cannot be set up, or null when it can. */
function badSeatsOrSeed(game: AnyGame, seats: number, seed: string): GameError | null {
  if (!Number.isInteger(seats) || seats < game.seats.min || seats > game.seats.max) {
    return { code: 'bad-seats', message: `${game.title} takes ${game.seats.min}–${game.seats.max} seats, not ${String(seats)}` };
  }
  if (typeof seed !== 'string' || seed.length === 0) return { code: 'bad-seed', message: 'the seed must be a non-empty string' };
  return null;
}

/** Creates a match from untrusted configuration: options and arrangement are parsed first. */
export function createMatch(game: AnyGame, config: MatchConfig): Result<Match, GameError> {
  const { seats, seed } = config;
  const bad = badSeatsOrSeed(game, seats, seed);
  if (bad) return err(bad);
  const options = game.parseOptions(config.options ?? {}, seats);
  if (!options.ok) return options;
  let arrangement: unknown;
  if (config.arrangement !== undefined) {
    const parsed = game.parseArrangement(config.arrangement, seats, options.value);
    if (!parsed.ok) return parsed;
    arrangement = parsed.value;
  }
  return ok(setUp(game, seats, seed, options.value, arrangement, config.arrangement));
}

/** Sets a match up from checked values; `rawArrangement` is what the record keeps. */
function setUp(game: AnyGame, seats: number, seed: string, options: unknown, arrangement: unknown, rawArrangement: unknown): Match {
  const state = game.setup({ seats, seed, options, arrangement });
  const actions: RecordedAction[] = [];
  const record: MatchRecord =
    rawArrangement === undefined
      ? { game: game.id, seats, seed, options, actions }
      : { game: game.id, seats, seed, options, arrangement: rawArrangement, actions };
  const toAct = game.toAct(state);
  return { game, record, state, toAct, outcome: outcomeAfter(game, state, toAct) };
}

/**
 * A match from options the game has already parsed (`game.parseOptions(raw, seats)`, once per
 * run): the lab plays thousands of games with one set of options and parses them once, not per
 * game. The seats and seed are still checked (cheaply); the record is the same as `createMatch`
 * makes from the raw options. Untrusted configuration goes through `createMatch`.
 */
export function createParsedMatch(game: AnyGame, config: { seats: number; seed: string; options: unknown }): Result<Match, GameError> {
  const { seats, seed } = config;
  const bad = badSeatsOrSeed(game, seats, seed);
  if (bad) return err(bad);
  return ok(setUp(game, seats, seed, config.options, undefined, undefined));
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
  const checked = checkStep(match, seat, input);
  if (!checked.ok) return checked;
  const { seat: s, action } = checked.value;
  return ok({ ...checked.value, description: match.game.describeAction(match.state, s, action) });
}

/** `prepare` without the description: what a rebuild that tells no one about its steps needs. */
function checkStep(match: Match, seat: unknown, input: unknown): Result<Omit<PreparedStep, 'description'>, PlayError> {
  const { game, state, record, toAct, outcome } = match;
  if (typeof seat === 'number' && (seat >= record.seats || seat < 0)) {
    return err({ code: 'bad-seat', message: `there is no seat ${seat} at a ${record.seats}-seat table` });
  }
  const checked = checkAction(game, state, toAct, outcome !== null, seat, input);
  if (!checked.ok) return checked;
  return ok({ match, seat: seat as Seat, action: checked.value, seq: record.actions.length + 1, simultaneous: toAct.length > 1 });
}

/**
 * The typed legal action an untrusted one names, or the reason it is refused. Untrusted input is
 * always parsed and matched by key: trusted callers that hold the legal list use `playLegal`.
 */
function checkAction(
  game: AnyGame,
  state: unknown,
  toAct: readonly Seat[],
  over: boolean,
  seat: unknown,
  input: unknown,
): Result<ActionBase, PlayError> {
  const parsed = game.parseAction(input);
  if (!parsed.ok) return err({ code: 'malformed-action', message: parsed.error.message });
  const action = parsed.value;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0) {
    return err({ code: 'bad-seat', message: `there is no seat ${String(seat)}` });
  }
  if (over) return err({ code: 'game-over', message: 'the game is over' });
  if (!toAct.includes(seat)) {
    return err({ code: 'not-your-turn', message: `it is not seat ${seat}'s turn` });
  }
  const actions = game.legalActions(state, seat);
  // Matched in place first (parsed actions are plain data, so an equal one has the same key);
  // by key only when none is (per action, writing every legal action's JSON showed in the server's profile).
  let legal = actions.find((a) => plainEqual(a, action));
  if (!legal) {
    const key = actionKey(action);
    legal = actions.find((a) => actionKey(a) === key);
  }
  if (!legal) return err({ code: 'illegal-action', message: game.explainIllegal(state, seat, action) });
  return ok(legal);
}

/** What `lookAhead` worked out (the state after the step and what it yielded), which `commit` adopts instead of applying the action again. */
interface LookedAhead {
  state: unknown;
  toAct: readonly Seat[];
  outcome: Outcome | null;
}
const lookedAhead = new WeakMap<PreparedStep, LookedAhead>();

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
  const toAct = advance(game, next, step.seat, step.action);
  const outcome = outcomeAfter(game, next, toAct);
  // The state after the step keeps the lists it did not change as the state before's own (share.ts):
  // a server keeps it for seconds, and the fresh copies are dropped while they are young.
  shareUnchanged(state, next);
  lookedAhead.set(step, { state: next, toAct, outcome });
  return outcome;
}

/**
 * The action an undo step records: it cancels step `step`, the same seat's last step in play.
 * The type `undo` is reserved: no game may name an action so (a game's parseAction refuses it, so
 * it never reaches a game through `prepare`).
 */
export interface UndoAction extends ActionBase {
  readonly type: 'undo';
  readonly step: number;
}

export const isUndoAction = (a: unknown): a is UndoAction =>
  typeof a === 'object' && a !== null && (a as { type?: unknown }).type === 'undo' && Number.isInteger((a as { step?: unknown }).step);

/**
 * What a game says about taking steps back (its package's `undo` facet). Both parts are pure.
 * Beside the game's own word, the engine refuses when the random state moved or the seat's turn
 * is over (see `prepareUndo`).
 */
export interface UndoRules<State = unknown, Action extends ActionBase = ActionBase> {
  /** The seeded generator's state inside `state`: a step that moved it drew something at random. */
  randomness(state: State): unknown;
  /** Whether `seat`'s step `action` (from `before` to `after`) may be taken back: it revealed nothing hidden. */
  undoable(before: State, seat: Seat, action: Action, after: State): boolean;
}

export const UNDO_ERROR_CODES = [
  'no-undo',
  'game-over',
  'nothing-to-undo',
  'stale-undo',
  'others-acted',
  'not-your-step',
  'random-draw',
  'turn-over',
  'not-undoable',
] as const;
export type UndoErrorCode = (typeof UNDO_ERROR_CODES)[number];

export interface UndoError extends GameError {
  code: UndoErrorCode;
}

/** A checked undo, ready to commit. */
export interface PreparedUndo {
  readonly match: Match;
  readonly seat: Seat;
  /** The step it cancels. */
  readonly step: number;
  /** The sequence number the undo step takes once committed. */
  readonly seq: number;
  /** "Takes back: …" (the cancelled step's description). */
  readonly description: string;
  readonly before: unknown;
}

/** The steps of a record still in play, oldest first: every step but undo steps and the steps they cancel. */
export function stepsInPlay(record: MatchRecord): number[] {
  const live: number[] = [];
  record.actions.forEach((entry, i) => {
    if (isUndoAction(entry.action)) live.pop();
    else live.push(i + 1);
  });
  return live;
}

/**
 * What `lastStepInPlay` knows of a record's actions so far: the steps in play after the first
 * `seen` actions. Records only grow (a match appends; nothing is ever deleted), so each call reads
 * only the actions added since; an array that shrank is read again from the start.
 */
const inPlay = new WeakMap<readonly RecordedAction[], { seen: number; live: number[] }>();

/**
 * The last step of a record still in play (`stepsInPlay(record).at(-1)`), or undefined: asked
 * at every publish (who may take back), so it does not walk the whole record each time.
 */
export function lastStepInPlay(record: MatchRecord): number | undefined {
  const { actions } = record;
  let known = inPlay.get(actions);
  if (known === undefined || known.seen > actions.length) {
    known = { seen: 0, live: [] };
    inPlay.set(actions, known);
  }
  for (let i = known.seen; i < actions.length; i++) {
    if (isUndoAction(actions[i]!.action)) known.live.pop();
    else known.live.push(i + 1);
  }
  known.seen = actions.length;
  return known.live.at(-1);
}

/**
 * Whether two values of a game's randomness (`UndoRules.randomness`) are the same, as their
 * canonical JSON would say: compared in place when they are plain equal data (the common case, a
 * generator's few numbers), and only otherwise by their canonical JSON (per publish it showed in the
 * server's profile).
 */
function sameRandomness(a: unknown, b: unknown): boolean {
  return plainEqual(a, b) || canonicalJson(a) === canonicalJson(b);
}

/** True only when `a` and `b` are equal plain data (so their canonical JSON is equal); false when unsure. */
function plainEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!plainEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !plainEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The steps a record's undo steps cancelled. */
export function cancelledSteps(record: MatchRecord): Set<number> {
  const out = new Set<number>();
  for (const entry of record.actions) if (isUndoAction(entry.action)) out.add(entry.action.step);
  return out;
}

/** The state before the last step in play, kept by `commit` when it is free (the look-ahead left it untouched). */
const stateBefore = new WeakMap<Match, { step: number; state: unknown }>();

/** The state just before step `n` (the last step in play): kept, or rebuilt from the record's start. */
function stateBeforeStep(match: Match, n: number): unknown {
  const kept = stateBefore.get(match);
  if (kept?.step === n) return kept.state;
  const rebuilt = matchFromRecord(match.game, { ...match.record, actions: match.record.actions.slice(0, n - 1) });
  if (!rebuilt.ok) throw new Error(`the record no longer rebuilds to step ${n}: ${rebuilt.error.message}`);
  stateBefore.set(match, { step: n, state: rebuilt.value.state });
  return rebuilt.value.state;
}

/**
 * Checks that `seat` may take back step `step` now: it is the last step in play and the seat's
 * own (no one else has acted since), the game is not over, the random state did not move, the
 * seat's turn goes on (it is still to act, or its simultaneous choice is still open), and the
 * game's `rules` allow it (nothing hidden was revealed). `rules: 'record'` is for rebuilding a
 * record, whose undo steps were checked when they were made: only the structure is checked.
 */
export function prepareUndo(
  match: Match,
  seat: Seat,
  step: number,
  rules: UndoRules | undefined | 'record',
): Result<PreparedUndo, UndoError> {
  const { game, record, state } = match;
  if (rules === undefined) return err({ code: 'no-undo', message: `${game.title} has no undo` });
  if (match.outcome !== null) return err({ code: 'game-over', message: 'the game is over' });
  const top = lastStepInPlay(record);
  if (top === undefined) return err({ code: 'nothing-to-undo', message: 'there is no step to take back' });
  const topSeat = record.actions[top - 1]!.seat;
  if (step !== top) {
    if (topSeat !== seat) return err({ code: 'others-acted', message: `someone else has acted since step ${step}` });
    return err({ code: 'stale-undo', message: `step ${step} is not your last step in play (that is step ${top})` });
  }
  if (topSeat !== seat) return err({ code: 'not-your-step', message: `step ${step} was not yours` });
  const action = record.actions[top - 1]!.action;
  const before = stateBeforeStep(match, top);
  if (rules !== 'record') {
    if (!sameRandomness(rules.randomness(before), rules.randomness(state))) {
      return err({ code: 'random-draw', message: 'something was drawn at random since that step' });
    }
    const was = game.toAct(before);
    const now = match.toAct;
    const choosing = was.length > 1 && was.includes(seat) && now.length > 0 && now.every((s) => was.includes(s));
    if (!now.includes(seat) && !choosing) return err({ code: 'turn-over', message: 'your turn is over' });
    if (!rules.undoable(before, seat, action, state)) {
      return err({ code: 'not-undoable', message: 'that step revealed something hidden, so it stands' });
    }
  }
  return ok({
    match,
    seat,
    step: top,
    seq: record.actions.length + 1,
    description: `Takes back: ${game.describeAction(before, seat, action)}`,
    before,
  });
}

/** The step `seat` could take back now (its number), or null. */
export function undoableStep(match: Match, seat: Seat, rules: UndoRules | undefined): number | null {
  if (rules === undefined) return null;
  const top = lastStepInPlay(match.record);
  if (top === undefined || match.record.actions[top - 1]!.seat !== seat) return null;
  return prepareUndo(match, seat, top, rules).ok ? top : null;
}

/** Records a prepared undo: the state goes back to before the cancelled step. */
export function commitUndo(undo: PreparedUndo): Result<Played, StaleStepError> {
  const match = undo.match as MutableMatch;
  if (match.record.actions.length + 1 !== undo.seq) {
    return err({ code: 'stale-step', message: `this undo was prepared as action ${undo.seq}, but the match has ${match.record.actions.length} actions now` });
  }
  const state = match.game.clone(undo.before);
  settle(match, state, match.game.toAct(state));
  stateBefore.delete(match);
  const action: UndoAction = { type: 'undo', step: undo.step };
  match.record.actions.push({ seat: undo.seat, action });
  return ok({ seq: undo.seq, description: undo.description, toAct: match.toAct, outcome: null });
}

/** What one step yielded (engine/step.ts): who acts next and, once the game is over, its outcome. */
export interface Stepped {
  /** Sequence number of this action in the match (1 for the first action). */
  seq: number;
  /** The seats to act next ([] once the game is over); also `match.toAct` until the next step. */
  toAct: readonly Seat[];
  /** The outcome when this step ended the game, else null; also `match.outcome`. */
  outcome: Outcome | null;
}

export interface Played extends Stepped {
  description: string;
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
  const ahead = lookedAhead.get(step);
  if (ahead !== undefined) {
    // The look-ahead worked on a copy: the state before the step is left as it was, kept for undo.
    stateBefore.set(match, { step: step.seq, state: match.state });
    settle(match, ahead.state, ahead.toAct, ahead.outcome);
    lookedAhead.delete(step);
  } else {
    stateBefore.delete(match);
    settle(match, match.state, advance(match.game, match.state, step.seat, step.action));
  }
  match.record.actions.push({ seat: step.seat, action: step.action });
  return ok({ seq: step.seq, description: step.description, toAct: match.toAct, outcome: match.outcome });
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

/**
 * A seat's legal actions, listed by the engine at one point of a match: the handles a trusted
 * caller (a bot match, the lab) picks from. The chosen object itself is the handle — `playLegal`
 * takes it without parsing it, matching it by key against a fresh list or describing it.
 */
export interface LegalList {
  readonly match: Match;
  readonly seat: Seat;
  /** The sequence number the chosen action takes: the list holds only until the match moves on. */
  readonly seq: number;
  /** What `game.legalActions(state, seat)` returned: empty when the seat may not act (or the game is over). */
  readonly actions: readonly ActionBase[];
}

const NO_ACTIONS: readonly ActionBase[] = [];

/**
 * Lists `seat`'s legal actions now, once, as handles for `playLegal` (and the bot's `input.legal`).
 * A seat the last step did not name to act has none, and the game is not asked.
 */
export function listLegal(match: Match, seat: Seat): LegalList {
  const actions = match.toAct.includes(seat) ? match.game.legalActions(match.state, seat) : NO_ACTIONS;
  return { match, seat, seq: match.record.actions.length + 1, actions };
}

/** An action for an error message: its JSON when it has one. */
function shown(action: unknown): string {
  try {
    return canonicalJson(action);
  } catch {
    return String(action);
  }
}

/**
 * The trusted step: plays `action`, which must be one of the very objects of `list.actions` (a
 * bot returns an element of `input.legal`; that object's identity is the handle). Nothing is
 * parsed, listed again, matched by key or described; the step yields who acts next and, only when
 * the game ended, the outcome (engine/step.ts), which the match keeps (`match.toAct`, `match.outcome`). The game contract makes the check sufficient: a seat that may
 * not act has no legal actions (the conformance suite checks it), so an action found in a list
 * made at the current step is legal for that seat now. Refused, with nothing changed: an object
 * not in the list (`illegal-action`; a copy of a legal action is refused too, since trusted
 * callers hold the list), a list made before the match moved on (`stale-step`). Untrusted input
 * (the server, records) goes through `prepare`/`play`, which parse and check it in full. The
 * record is the same either way. Returns what the step yielded.
 */
export function playLegal(list: LegalList, action: ActionBase): Result<Stepped, PlayError | StaleStepError> {
  const match = list.match as MutableMatch;
  const { seat } = list;
  if (match.record.actions.length + 1 !== list.seq) {
    return err({ code: 'stale-step', message: `these legal actions were listed for action ${list.seq}, but the match has ${match.record.actions.length} actions now` });
  }
  if (!list.actions.includes(action)) {
    if (list.actions.length === 0) {
      return match.outcome !== null
        ? err({ code: 'game-over', message: 'the game is over' })
        : err({ code: 'not-your-turn', message: `it is not seat ${seat}'s turn` });
    }
    return err({
      code: 'illegal-action',
      message: `${shown(action)} is not one of the ${list.actions.length} legal actions listed for seat ${seat}: a trusted step takes one of those very objects (a bot returns an element of input.legal, not a copy)`,
    });
  }
  stateBefore.delete(match);
  settle(match, match.state, advance(match.game, match.state, seat, action));
  match.record.actions.push({ seat, action });
  return ok({ seq: list.seq, toAct: match.toAct, outcome: match.outcome });
}

export interface ReplayStep {
  seq: number;
  seat: Seat;
  action: ActionBase;
  description: string;
  /** Whether the seat acted while several seats were to act (a simultaneous choice). */
  simultaneous: boolean;
  /** An undo step: the step it cancels. */
  undo?: number;
  /** Set by `replay` on a step a later undo step cancelled. */
  undone?: boolean;
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
    if (isUndoAction(entry.action)) {
      const undo = prepareUndo(match, entry.seat, entry.action.step, 'record');
      if (!undo.ok) {
        return err({ code: undo.error.code, step: i + 1, match, message: `action ${i + 1} (seat ${String(entry.seat)} undoes ${entry.action.step}) was refused: ${undo.error.message}` });
      }
      const { seat, seq, description, step } = undo.value;
      const committed = commitUndo(undo.value);
      if (!committed.ok) throw new Error(committed.error.message);
      observe.step?.({ seq, seat, action: entry.action, description, simultaneous: false, undo: step }, match);
      continue;
    }
    // The description is worked out only for an observer of the steps (a narrated replay).
    const prepared = observe.step ? prepare(match, entry.seat, entry.action) : checkStep(match, entry.seat, entry.action);
    if (!prepared.ok) {
      return err({
        code: prepared.error.code,
        step: i + 1,
        match,
        message: `action ${i + 1} (seat ${String(entry.seat)}: ${canonicalJson(entry.action)}) was refused: ${prepared.error.message}`,
      });
    }
    const step: PreparedStep = { description: '', ...prepared.value };
    // A step the next entry takes back: the look-ahead keeps the state before it, for the undo.
    if (isUndoAction(record.actions[i + 1]?.action)) lookAhead(step);
    const committed = commit(step);
    if (!committed.ok) throw new Error(committed.error.message);
    const { seat, action, seq, description, simultaneous } = step;
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
  const cancelled = cancelledSteps(match.record);
  for (const step of steps) if (cancelled.has(step.seq)) step.undone = true;
  return ok({ match, steps, outcome: match.outcome, hash: stableHash(match.state) });
}
