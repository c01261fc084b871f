/**
 * A game package: everything Drey knows about one game, exported from the game folder's
 * index.ts. The rules (`game`), what the lobby and the CLI say about it (`meta`), what its bots
 * know (`bots`), how the terminal draws it (`textUI`) and where the conformance suite checks it
 * (`conformance`). src/games/index.ts lists the packages; nothing else keeps a table by game id.
 */
import type { Bot } from '../engine/bot.js';
import type { ActionBase, Game } from '../engine/game.js';
import type { UndoRules } from '../engine/match.js';
import type { AnyNarrator } from '../engine/narration.js';
import type { LevelTuning, SearchKnowledge } from '../engine/search.js';
import type { TextUI } from './text-ui.js';

/** A value an option may take: what goes into the options object the game's parseOptions reads. */
export type OptionValue = string | number | boolean;

export interface OptionChoice {
  value: OptionValue;
  /** How a form names this choice ("6 (full game)"). */
  label: string;
  /** Offered only at these seat counts. */
  seats?: readonly number[];
}

/**
 * One option of a game, described as data so that a form (the web lobby) can offer it without
 * knowing the game. The game's parseOptions stays the judge of what is valid.
 */
export interface OptionDescription {
  /** The key in the options object. */
  key: string;
  /** A short name for the form ("Hands"). */
  label: string;
  /** A sentence on what it changes, citing the rules ("R14: …"). */
  explanation: string;
  kind: 'choice';
  choices: readonly OptionChoice[];
  /** What the game plays with when the option is left out. */
  default: OptionValue;
  /** Offered only at these seat counts; at any other the option is left out. */
  seats?: readonly number[];
  /** Offered only while the option with this key is set to something other than its default. */
  requires?: string;
}

/** What the lobby and the CLI say about a game. Its title is the game's own (`game.title`). */
export interface GameMeta {
  /** One line for the lobby. */
  blurb: string;
  options: readonly OptionDescription[];
}

/** What the game gives its bots; everything is optional (random playouts and default levels otherwise). */
export interface GameBots<View = unknown, Action extends ActionBase = ActionBase> {
  /** The hand-written bot: the `heuristic` bot and the `easy` level, and paired search's playouts. */
  heuristic?: Bot<View, Action>;
  /** What search bots may know beyond the contract (engine/search.ts). */
  knowledge?: SearchKnowledge;
  /** Search settings per level; what is left out takes the defaults in src/bots/levels.ts. */
  tuning?: Partial<LevelTuning>;
}

/** A configuration the shared conformance suite (test/conformance.ts) plays the game at. */
export interface ConformanceConfig {
  /** Names the configuration in the test report ("three seats, dummies, expert"). */
  label: string;
  seats: number;
  options?: unknown;
  /** Upper bound on the number of actions in one game. */
  maxSteps: number;
}

export interface GamePackage<State, Action extends ActionBase, View, Options, Arrangement = unknown> {
  game: Game<State, Action, View, Options, Arrangement>;
  meta: GameMeta;
  bots: GameBots<View, Action>;
  /**
   * Tells the public events its views carry, in sentences for a viewer: the terminal, `drey
   * replay`, the web log and the replay viewer all use it. A game without one is told by
   * `describeAction`, a line per action.
   */
  narrator?: AnyNarrator;
  /**
   * Which steps a player may take back (Board Game Arena's rule, engine/match.ts `prepareUndo`):
   * pure. A game without one has no undo.
   */
  undo?: UndoRules<State, Action>;
  /** How `drey play` and `drey replay` draw it; a game without one is not playable in the terminal. */
  textUI?: TextUI<View, Action>;
  /** At least one configuration: every registered game is checked by the conformance suite. */
  conformance: readonly ConformanceConfig[];
}

/** A package with its types erased, as the registry holds it. */
export type AnyGamePackage = GamePackage<unknown, ActionBase, unknown, unknown, unknown>;

/**
 * Checks a package against its game's types where it is written, and erases them for the
 * registry. (A bot for one game's views is not a bot for any view, so the erasure is a cast:
 * the registry only ever hands a package's parts that same game's views and states.)
 */
export const definePackage = <State, Action extends ActionBase, View, Options, Arrangement>(
  p: GamePackage<State, Action, View, Options, Arrangement>,
): AnyGamePackage => p as unknown as AnyGamePackage;
