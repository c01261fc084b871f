/**
 * Acorn Run's content compiled into the tables the rules read: the board graph, card numbers,
 * player-board cells, the dummy deck. Content is a value (docs/architecture.md): a package is
 * made from one content (createAcornRun in index.ts) and hands its tables to every rule, view,
 * narrator and bot call, so any number of variants live side by side in one process and no
 * module holds the "current" content. Compiled once per content object (cached), never per call.
 */
import { actionCodes, type ActionCodes } from './action-table.js';
import { boardAcornsFor, compileBoard, type Board } from './board.js';
import { cardTables, directionBit, type CardTables } from './cards.js';
import { BUILTIN_CONTENT, type AcornRunContent } from './content/index.js';
import type { DummyCardSpec } from './content/dummy-schema.js';
import { COLORS, type Effect } from './content/schema.js';
import { madeOnce } from '../../engine/memo.js';

/** One player-board cell (R9), the grid flattened column by column. */
export interface Cell {
  effect: Effect;
  column: number;
}

export interface RunTables {
  /** The content these tables are compiled from (race figures, player board, tree drawings). */
  readonly content: AcornRunContent;
  readonly board: Board;
  readonly cards: CardTables;
  /** The player-board grid flattened column by column. */
  readonly cells: readonly Cell[];
  /** The cell numbers of each column. */
  readonly columnCells: readonly (readonly number[])[];
  readonly handSize: number;
  /** The dummy deck's cards (R15), by card number, and the number of each id. */
  readonly dummyCards: readonly DummyCardSpec[];
  readonly dummyCardById: ReadonlyMap<string, number>;
  /**
   * Per space: the directions a one-space move can take from it (`directionBit`s of the spaces up,
   * forward and down that exist); per cell: the direction bit its move effect needs (0: no move,
   * always resolvable). Legal lists ask these at every step instead of following the board links.
   */
  readonly stepBits: readonly number[];
  readonly cellMoveBits: readonly number[];
  /** Per space: its zone as a color bit (1 << its index in COLORS), 0 for the finish. */
  readonly zoneBits: readonly number[];
  /** Every action a legal list can offer, numbered by action codes, made once and shared (action-table.ts). */
  readonly codes: ActionCodes;
  /**
   * By number of racers (0 to 6): the acorns on each space at setup (`boardAcornsFor`) and how
   * many that is. Every setup (every playout) copies one instead of reading the whole board, and
   * an arrangement's acorns are checked against the count.
   */
  readonly startAcorns: readonly (readonly number[])[];
  readonly startAcornCount: readonly number[];
}

/** The most racers in a race: six seats, or seats and dummies together (R14). */
const MAX_RACERS = 6;

function compile(content: AcornRunContent): RunTables {
  const cells = content.playerBoard.columns.flatMap((col, column) => col.cells.map((effect) => ({ effect, column })));
  const columnCells = content.playerBoard.columns.map((_, column) => cells.flatMap((c, i) => (c.column === column ? [i] : [])));
  const board = compileBoard(content.board);
  const cards = cardTables(content);
  const startAcorns = Array.from({ length: MAX_RACERS + 1 }, (_, racers) => boardAcornsFor({ board }, racers));
  return Object.freeze({
    content,
    board,
    cards,
    cells,
    columnCells,
    handSize: content.race.handSize,
    dummyCards: content.dummyDeck.cards,
    dummyCardById: new Map(content.dummyDeck.cards.map((card, i) => [card.id, i])),
    stepBits: board.spaces.map(
      (s) => (s.up !== null ? directionBit('up') : 0) | (s.forward !== null ? directionBit('forward') : 0) | (s.down !== null ? directionBit('down') : 0),
    ),
    cellMoveBits: cells.map((c) => (c.effect.kind === 'move' ? directionBit(c.effect.dir) : 0)),
    zoneBits: board.spaces.map((s) => (s.zone === null ? 0 : 1 << COLORS.indexOf(s.zone))),
    codes: actionCodes(cards, cells.length, board.spaces.length),
    startAcorns,
    startAcornCount: startAcorns.map((acorns) => acorns.reduce((x, y) => x + y, 0)),
  });
}

/** The tables of `content`, compiled on first use and cached for as long as the content lives. */
export const tablesOf: (content: AcornRunContent) => RunTables = madeOnce(compile);

/** The shipped content's tables (for tests and defaults; the rules take theirs as an argument). */
export const BUILTIN_TABLES: RunTables = tablesOf(BUILTIN_CONTENT);
