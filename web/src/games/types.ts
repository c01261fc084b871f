/**
 * What each game's web table provides. The shell (TablePage) draws everything common to all
 * games — header, seats and whose turn, log, results, errors, joining — and hands the game's own
 * component the seat's view and legal actions. The log and the replay's lines come from the
 * server (its narrator tells them, src/server/narrated.ts). See docs/web.md for how to add a game.
 */
import type { AnyNarrator } from '../../../src/engine/narration.js';
import type { ComponentType } from 'react';
import type { ActionBase } from '../../../src/engine/game.js';
import type { StatsTable } from '../../../src/engine/stats.js';

export interface TableProps<View, Action> {
  view: View;
  /** The actions this client's seat may take now; empty for spectators and while waiting. */
  legal: readonly Action[];
  /** This client's seat, or null for a spectator. */
  you: number | null;
  /** Display names by seat ("You" is not substituted here). */
  names: readonly string[];
  toAct: readonly number[];
  /** Sends one of `legal`. Only ever call it with an element of `legal`. */
  act: (action: Action) => void;
  /** An action is on its way: draw it as waiting, accept no second click. */
  busy: boolean;
  /**
   * "Since your last move" (issue 25): the keys of the game's `pieces` that changed since this
   * seat last acted or dismissed the bar; the table marks those pieces (SinceMark). Empty or
   * absent when there is nothing to catch up on.
   */
  changed?: ReadonlySet<string>;
}

/**
 * A game's web module. Its title, blurb and options form come from the server (the game's
 * package); this holds only what needs the browser.
 */
export interface GameModule<View, Action extends ActionBase> {
  id: string;
  /** The game's main colour in the lobby. */
  accent: string;
  Table: ComponentType<TableProps<View, Action>>;
  /**
   * The game's narrator (its package's, imported from the game folder's pure narrate.ts so the
   * page does not load the rules and bots). The page tells nothing with it: the table log and the
   * replay viewer show the lines the server told (issue 24). Only the end-of-game statistics read
   * the views' events through its `log` (GameStats, engine/stats.ts `allEvents`).
   */
  narrator?: AnyNarrator;
  /**
   * The teams a table of `seats` with these options plays in (seat numbers, 0-based), or null
   * when everyone plays alone: the lobby shows them as the seats are set up.
   */
  teams?: (options: Readonly<Record<string, unknown>>, seats: number) => number[][] | null;
  /**
   * The teams of a running table, read from its view (seat numbers, 0-based), or null when
   * everyone plays alone: the seat chips name each seat's team.
   */
  seatTeams?: (view: View) => readonly (readonly number[])[] | null;
  /**
   * The pieces on the table a player would want marked when they changed since their last move
   * (issue 25): a key per piece ("racer:2", "market:cheap:1", "tree:t7", "pile:3") and a short
   * signature of its state. A piece whose signature differs from the one seen last, or that is
   * new, is handed to the Table in `changed`. Pure, from the view alone.
   */
  pieces?: (view: View) => Record<string, string>;
  /**
   * End-of-game statistics per player (the game folder's stats.ts), from every public event of a
   * finished game (read from the replay's views, engine/stats.ts) and its last view; names by seat.
   */
  stats?: (events: readonly unknown[], view: View, names: readonly string[]) => StatsTable;
  /**
   * The same module built from other content files (a variant the server plays, `drey serve
   * --content`): its table, narrator and replay draw the variant's cards and board. Content is a
   * value: the builtin module is left as it was, and both can live in one page. A game whose web
   * code reads no content leaves it out.
   */
  withContent?: (files: Readonly<Record<string, unknown>>) => GameModule<View, Action>;
}

/** A game module with its types erased, as the registry holds it. */
export type AnyGameModule = GameModule<unknown, ActionBase>;

export const defineGame = <View, Action extends ActionBase>(m: GameModule<View, Action>): AnyGameModule =>
  m as unknown as AnyGameModule;
