/**
 * A game package: everything Drey knows about one game, exported from the game folder's
 * index.ts. The rules (`game`), what the lobby and the CLI say about it (`meta`), what its bots
 * know (`bots`), how the terminal draws it (`textUI`) and where the conformance suite checks it
 * (`conformance`). src/games/index.ts lists the packages; nothing else keeps a table by game id.
 */
import type { z } from 'zod';
import type { Bot } from '../engine/bot.js';
import type { ActionBase, Game } from '../engine/game.js';
import type { UndoRules } from '../engine/match.js';
import type { AnyNarrator } from '../engine/narration.js';
import type { LevelTuning, SearchKnowledge } from '../engine/search.js';
import type { StatsTable } from '../engine/stats.js';
import { canonicalJson } from '../engine/hash.js';
import { sha256Hex } from '../engine/sha256.js';
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

/** One problem found in a game's content: the file, the path inside it and why. */
export interface ContentIssue {
  /** The content file's name, without '.json' ('market-cards'). */
  file: string;
  path: readonly PropertyKey[];
  message: string;
}

/**
 * A game's content as data: the tables its rules are built from (board, cards, deck
 * composition…), split into named files a designer can export, edit and load back
 * (src/content/files.ts, `drey content`). The package is its factory applied to `builtin`.
 */
export interface GameContent {
  /** The zod schema of each content file, by file name ('board', 'market-cards'). */
  files: Readonly<Record<string, z.ZodType>>;
  /** The shipped content: JSON-able data per file name. */
  builtin: Readonly<Record<string, unknown>>;
  /**
   * Checks between files (an id used in two files, a reference to something another file
   * lacks), on files each valid by its schema. [] when the whole is sound.
   */
  check(files: Readonly<Record<string, unknown>>): ContentIssue[];
  /** The same game built from other content: every file present and valid (see src/content/files.ts). */
  withContent(files: Readonly<Record<string, unknown>>): AnyGamePackage;
  /** The complete content this package is built from, per file name (the builtin for a shipped package). */
  data: Readonly<Record<string, unknown>>;
  /** SHA-256 of the canonical JSON of the complete content (contentHash); records and reports carry it. */
  hash: string;
  /** A name for content that is not the builtin (the variant directory's name); undefined for the builtin. */
  variant?: string;
}

/** The hash that names `files` as a game's complete content: SHA-256 of their canonical JSON. */
export const contentHash = (files: Readonly<Record<string, unknown>>): string => sha256Hex(canonicalJson(files));

/**
 * The content facet of a game whose content is one file (`file`): `content` is what this package
 * was built with, `create` builds the game from other content.
 */
export function oneFileContent<C>(file: string, schema: z.ZodType<C>, builtin: C, content: C, create: (content: C) => AnyGamePackage): GameContent {
  return {
    files: { [file]: schema },
    builtin: { [file]: builtin },
    data: { [file]: content },
    check: () => [],
    withContent: (files) => create(schema.parse(files[file])),
    hash: contentHash({ [file]: content }),
  };
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
  /**
   * End-of-game statistics per player (the game folder's stats.ts, issue 25): from every public
   * event of a finished game as `narrator` reads them (engine/stats.ts `allEvents`) and its last
   * view, names by seat. `drey play` prints them under the result; the web results show the same
   * table (its module imports the same pure function).
   */
  stats?: (events: readonly unknown[], view: View, names: readonly string[]) => StatsTable;
  /** At least one configuration: every registered game is checked by the conformance suite. */
  conformance: readonly ConformanceConfig[];
  /**
   * What the lab's workbench (`drey lab`) may learn of a game beyond its outcome: per seat, its
   * start, cards bought and played, places visited (src/games/<id>/lab.ts). Pure.
   */
  lab?: LabProbe<State, Action>;
  /**
   * Rule gaps: the rulings (RULINGS.md) that decide situations the game's rulebook leaves open,
   * and a pure counter of how often each decided one in a game. The lab reports them per game so
   * a designer sees which gaps players will meet (docs/lab.md, "Rule gaps").
   */
  rulings?: RuleGaps<State>;
  /**
   * The content the game is built from. Every shipped game has one; a package written without
   * (a test's game) gets an empty one from definePackage: no files, nothing to vary.
   */
  content?: GameContent;
}

/** What a game's lab probe found in one game: plain JSON, one entry per seat. */
export interface GameFacts {
  seats: SeatFacts[];
  /** What the game itself finds odd about this game (e.g. it hit the round limit). */
  flags?: { kind: string; message: string }[];
}

/** One seat's facts in one game. */
export interface SeatFacts {
  /** Labels of this seat's start ({ lane: 'g1' }); the lab splits win shares by them. */
  groups?: Record<string, string>;
  /**
   * Per-game numbers ({ comboVp: 4, raceVp: 10 }); the lab reports their means. Counts or other
   * amounts that cannot be negative: the lab's intervals stop at 0.
   */
  values?: Record<string, number>;
  /** By card id: what the seat did with that card. */
  cards?: Record<string, CardFacts>;
  /** By place id ('lane g1', 'tree Hazel'): rounds the seat spent there. */
  places?: Record<string, number>;
}

export interface CardFacts {
  /** The rounds in which the seat bought (or gained) a copy. */
  bought: number[];
  /** The seat could have bought it at least once (it was offered and affordable). */
  offered: boolean;
  /** How often a copy was used, by use ('sprint', 'climb', 'combo', 'effect'). */
  uses: Record<string, number>;
}

/** A game's lab probe: watches a game action by action (replayed from its record). */
export interface LabProbe<State, Action> {
  watch(start: State): LabWatcher<State, Action>;
  /** Card id → its name, for reports. */
  cardNames?: Readonly<Record<string, string>>;
  /** Per-round samples of public state, for the lab's curves and tension figures (curves.ts, tension.ts). */
  curves?: RoundCurves<State>;
}

/**
 * How a game is sampled once per round: the lab's probe asks `roundsDone` after every action and
 * takes a `sample` each time it grows (the state at the end of that round), and one more of the
 * final state when the game ends mid-round. Cheap and pure: called once per round, not per action.
 */
export interface RoundCurves<State> {
  /** The measures of a sample, in the order the report shows them. */
  measures: readonly CurveMeasure[];
  /**
   * The measure that ranks the participants round by round (the one the outcome ranks by at the
   * end): lead changes, the round the winner leads for good and the margin are read from it.
   */
  lead: string;
  /** The lead measure ranks lower first (Autumn Leaves' points). */
  lowerIsBetter?: boolean;
  /** A finish is close when the winner's margin on the lead measure is at most this; `closeWhy` says why. */
  close: number;
  closeWhy: string;
  /**
   * An estimate of a human's seconds per action (for minutes of play), until measured from the web
   * table's action times; `secondsWhy` says where the number comes from.
   */
  secondsPerAction: number;
  secondsWhy: string;
  /** Rounds completed in `state` (a game that is over has completed its last round). */
  roundsDone(state: State): number;
  /** Who is sampled: seats in seat order, then racers at no seat; `side` groups partners. */
  participants(state: State): CurveParticipant[];
  /** Per measure key, one value per participant; null where it means nothing (a racer out of the race). */
  sample(state: State): Record<string, (number | null)[]>;
}

export interface CurveMeasure {
  key: string;
  label: string;
}

export interface CurveParticipant {
  /** 'seat 1', 'dummy green'. */
  name: string;
  /** The seat (0-based) or null for a racer at no seat. */
  seat: number | null;
  /** Participants with the same side win together (partners); otherwise each its own. */
  side: number;
}

export interface LabWatcher<State, Action> {
  /** Before `seat` acts in `state` (not changed yet), with the actions it may take. */
  before(state: State, seat: number, legal: readonly Action[]): void;
  /** After the action: `state` is the new state. */
  after(state: State, seat: number, action: Action): void;
  finish(state: State): GameFacts;
}

/** One ruling that settles a gap in the rulebook. */
export interface RuleGap {
  /** The ruling's number in RULINGS.md, with a suffix when one ruling settles several gaps ('R8', 'R12-sunset'). */
  id: string;
  /** The situation it decides, in a designer's words. */
  situation: string;
}

/** A game's rule gaps and how to count them (GamePackage.rulings). */
export interface RuleGaps<State> {
  gaps: readonly RuleGap[];
  /** Starts counting one game at `start`; `after` sees every state after an action; `counts` by gap id (only those that fired). */
  watch(start: State): { after(state: State): void; counts(): Record<string, number> };
}

/** A package with its types erased, as the registry holds it; it always has its content facet. */
export type AnyGamePackage = GamePackage<unknown, ActionBase, unknown, unknown, unknown> & { content: GameContent };

/**
 * Checks a package against its game's types where it is written, and erases them for the
 * registry. (A bot for one game's views is not a bot for any view, so the erasure is a cast:
 * the registry only ever hands a package's parts that same game's views and states.)
 */
export const definePackage = <State, Action extends ActionBase, View, Options, Arrangement>(
  p: GamePackage<State, Action, View, Options, Arrangement>,
): AnyGamePackage => {
  if (p.content) return p as unknown as AnyGamePackage;
  const erased = { ...p } as unknown as AnyGamePackage;
  erased.content = { files: {}, builtin: {}, data: {}, check: () => [], withContent: () => erased, hash: contentHash({}) };
  return erased;
};
