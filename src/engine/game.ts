/**
 * The game contract. Every game is one object of this shape; bots, the lab, the server and the
 * terminal table talk to games only through it (see docs/architecture.md).
 */
import type { GameError, Result } from './result.js';
import type { Rng } from './rng.js';

/** A 0-based seat index. */
export type Seat = number;

/** Every action is a small JSON object with a `type`. */
export interface ActionBase {
  readonly type: string;
}

export type Viewer = Seat | 'spectator';

/** How a finished game came out. */
export interface Outcome {
  /** Each seat's final score in the game's own units (points, acorns, VP). */
  scores: number[];
  /**
   * Each seat's finishing rank: 1 is best; seats that share a rank tied. When the game has
   * `racers` beside the seats, ranks count them too (a seat beaten by one of them is not 1st).
   */
  ranks: number[];
  /** The seats ranked 1 (more than one when the win is shared); empty when only `racers` won. */
  winners: Seat[];
  /** How each seat's score is made up, in words ("10 race + 3 combo VP"), for results screens. */
  details?: string[];
  /**
   * Participants that sit at no seat (Acorn Run's dummies), ranked together with the seats:
   * every results screen and the lab list them beside the seats.
   */
  racers?: OutcomeRacer[];
  /** Whether a lower score is better (Autumn Leaves) — for display only. */
  lowerIsBetter?: boolean;
  /** Teams, for partner games: each team's seats. Seats of one team share score and rank. */
  teams?: Seat[][];
  /** How long the game lasted, in the game's own rounds (Autumn Leaves: reveals; Acorns, Acorn Run: turns of the table). */
  rounds: number;
  /**
   * Further per-game figures for the lab (for example the lane color the winner finished on). A
   * number is a count or another amount that cannot be negative: the lab's intervals stop at 0.
   */
  stats?: Record<string, number | string>;
}

/** A participant of a finished game that sits at no seat (a dummy racer). */
export interface OutcomeRacer {
  name: string;
  score: number;
  /** Rank among seats and racers together: 1 is best. */
  rank: number;
  detail?: string;
}

export interface SetupConfig<Options, Arrangement> {
  seats: number;
  seed: string;
  options: Options;
  /** Fixes the hidden random outcomes of setup (and later shuffles) for scenarios. */
  arrangement?: Arrangement;
}

export interface Game<State, Action extends ActionBase, View, Options, Arrangement = unknown> {
  /** 'autumn-leaves', 'acorns', 'acorn-run' */
  id: string;
  title: string;
  seats: { min: number; max: number };

  /** Untrusted options (CLI flags, HTTP bodies) → typed options, checked against the seat count. */
  parseOptions(input: unknown, seats: number): Result<Options, GameError>;
  /** Untrusted arrangement → typed arrangement (a scenario's fixed deck orders and the like). */
  parseArrangement(input: unknown, seats: number, options: Options): Result<Arrangement, GameError>;
  /** Untrusted action → a well-formed action of this game (legality is checked separately). */
  parseAction(input: unknown): Result<Action, GameError>;

  setup(config: SetupConfig<Options, Arrangement>): State;
  /**
   * Seats that may act now: several during simultaneous choices; [] exactly when the game is over
   * (the engine asks `outcome` only then, once per step: engine/step.ts).
   */
  toAct(state: State): readonly Seat[];
  /** Every legal action of `seat` now, in a stable, deterministic order ([] if it may not act). */
  legalActions(state: State, seat: Seat): readonly Action[];
  /** Applies a legal action in place. A broken invariant throws: that is a bug, not a user error. */
  apply(state: State, seat: Seat, action: Action): void;
  /**
   * Optional: `apply`, then `toAct` of the new state, in one call, returning exactly what `toAct`
   * would. The engine steps through this (engine/step.ts `advance`): a game whose rules know who
   * acts next as they apply an action hands it over instead of working it out again.
   */
  step?(state: State, seat: Seat, action: Action): readonly Seat[];
  /**
   * Optional, for random playouts (engine/playout.ts): `step` with a uniformly random legal action
   * of `seat`, exactly `step(state, seat, legal[nextInt(rng, legal.length)])` where `legal` is
   * `legalActions(state, seat)` — the same draw, the same state, the same seats returned — but
   * without making the list or the action: a game that can count its legal actions and apply the
   * k-th directly saves the lookups a playout otherwise pays on every step.
   */
  randomStep?(state: State, seat: Seat, rng: Rng): readonly Seat[];
  /**
   * Optional, for random playouts (engine/playout.ts): plays uniformly random legal actions to
   * the end or `maxSteps`, exactly as the engine's step-by-step walk would — the same seats and
   * actions drawn from `rng` (a seat among several to act by `nextInt(rng, toAct.length)`, none
   * drawn for one; then `legal[nextInt(rng, legal.length)]`, as `randomStep` would draw it), the
   * same draws from the state's own generator — and leaves `state` as that walk would, returning
   * the steps taken (engine/playout.ts `stepwisePlayout` is that walk). `rng` is the playout's
   * own generator, never the state's, so a game may hold its words apart for the whole walk. A playout is
   * hundreds of steps and a search or a lab run makes millions: a game may run it on a dense copy
   * of its state (typed arrays, small integers) and write the result back once, where each step
   * on the state itself pays for the state's general shape. The conformance suite plays both
   * walks from many positions and compares the states, generators and step counts.
   */
  randomPlayout?(state: State, rng: Rng, maxSteps: number): number;
  /** null while the game runs. */
  outcome(state: State): Outcome | null;
  /** Everything `viewer` may know, and nothing else. The only thing that leaves a server. */
  view(state: State, viewer: Viewer): View;
  /**
   * A state consistent with everything `seat` has seen, with every card it cannot see dealt
   * anew at random from `rng`. Search (ISMCTS) determinizes through this, never by reading state.
   */
  resample(state: State, seat: Seat, rng: Rng): State;
  clone(state: State): State;

  /** Every component in the game, wherever it is (hands, piles, decks, the box): a multiset that never changes. */
  components(state: State): string[];
  /** One line describing what `seat` does with `action`, read from the state before it is applied. */
  describeAction(state: State, seat: Seat, action: Action): string;
  /** Why a well-formed action is not legal for `seat` now, in words a player understands. */
  explainIllegal(state: State, seat: Seat, action: Action): string;
}

/**
 * A game with its type parameters erased, as the registry and generic tools hold it. Methods are
 * declared in method syntax, so every concrete Game is assignable to this.
 */
export type AnyGame = Game<unknown, ActionBase, unknown, unknown, unknown>;
