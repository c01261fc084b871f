/**
 * Every action a legal-action list can offer, numbered once per content: an action code is a
 * small integer, and the action it stands for one shared object made up front.
 *
 * Why: a random playout lists about five actions at each of its ~1,500 steps and applies one.
 * The legal lists are lists of codes (small integers: no object is built or read to list one,
 * and a code is a family's first code plus a card, cell or space number), and `applyCode`
 * (rules.ts) dispatches on a per-code operation number, where reading `action.type` of actions of
 * nine shapes went through V8's megamorphic stub. The engine's random playout picks and applies
 * by code (the game's `randomStep`, engine/game.ts); `legalActions` is the same list with each code replaced
 * by its action, and `apply` works out an action's code (`codeOf`) and applies that.
 *
 * An action is a plain value that nobody mutates (records, bots and the engine only read it;
 * frozen here so a mutation fails loudly), so one shared object per distinct action is the same
 * list. Actions parsed from input or built by bots are still their own objects: rules compare
 * fields, never identities. The lists here are plain arrays, read-only by type but not frozen: V8
 * reads a frozen array through its generic keyed-load stub instead of inline code (perf,
 * 2026-11-26).
 */
import type { Action } from './actions.js';
import { distinctKinds, MARKET_ROWS, PLAY_ACORN, PLAY_OOPS, type CardTables, type WithCards } from './cards.js';
import { COLORS, DIRECTIONS } from './content/schema.js';

/** What a code does: `ActionCodes.op`, one per action type (rules.ts `applyCode` switches on it). */
export const OP_ADD = 0;
export const OP_DISCARD = 1;
export const OP_TRASH = 2;
export const OP_PLAY = 3;
export const OP_SPEND = 4;
export const OP_LAND = 5;
export const OP_SPRINT = 6;
export const OP_BUY = 7;
export const OP_GAIN = 8;
export const OP_REFRESH = 9;
export const OP_CLIMB = 10;
export const OP_DESCEND = 11;
export const OP_JUMP = 12;
export const OP_SLIDE = 13;
export const OP_DONE = 14;
export const OP_CANCEL = 15;
export const OP_SKIP = 16;
export const OP_END = 17;
export const OP_KEEP = 18;

/** The code of an action is its family's first code plus its number (card, cell, space …). */
export interface ActionCodes {
  /** + card number. */
  readonly add: number;
  readonly discard: number;
  readonly trash: number;
  /** A card played with no target, + card number. */
  readonly play: number;
  /** By card: the first code of an acorn card played on a player-board cell (+ cell); -1 for other cards. */
  readonly playOn: readonly number[];
  /** By card: the first code of an "oops" play (+ direction index × cells + cell); -1 for other cards. */
  readonly oops: readonly number[];
  /** + player-board cell. */
  readonly spend: number;
  /** + space id. */
  readonly land: number;
  /** + color index (COLORS order). */
  readonly sprint: number;
  /** + market row index (MARKET_ROWS order) × SLOTS + slot. */
  readonly buy: number;
  readonly gain: number;
  /** + market row index. */
  readonly refresh: number;
  readonly climb: number;
  readonly descend: number;
  readonly jump: number;
  readonly slide: number;
  readonly done: number;
  readonly cancel: number;
  readonly skip: number;
  readonly end: number;
  readonly keep: number;
  /** By code: the action (frozen, shared). */
  readonly actions: readonly Action[];
  /** By code: its operation (OP_*) and numbers: `x` the card, cell, space, color or row; `y` the slot or cell; `z` the direction index (-1: none). */
  readonly op: Uint8Array;
  readonly x: Int16Array;
  readonly y: Int16Array;
  readonly z: Int8Array;
}

/** Market slots per row (R10). */
export const SLOTS = 3;

export function actionCodes(cards: CardTables, cells: number, spaces: number): ActionCodes {
  const actions: Action[] = [];
  const decoded: [number, number, number, number][] = [];
  /** Numbers one more action; returns its code. */
  const code = (action: Action, op: number, x = -1, y = -1, z = -1): number => {
    actions.push(Object.freeze(action));
    decoded.push([op, x, y, z]);
    return actions.length - 1;
  };
  /** Numbers `count` actions made by `make(i)`, i = 0 … count - 1; returns the first code. */
  const family = (count: number, make: (i: number) => Action, op: number, x: (i: number) => number = (i) => i, y: (i: number) => number = () => -1): number => {
    const first = actions.length;
    for (let i = 0; i < count; i++) code(make(i), op, x(i), y(i));
    return first;
  };
  const n = cards.instances.length;
  const add = family(n, (card) => ({ type: 'add', card }), OP_ADD);
  const discard = family(n, (card) => ({ type: 'discard', card }), OP_DISCARD);
  const trash = family(n, (card) => ({ type: 'trash', card }), OP_TRASH);
  const play = family(n, (card) => ({ type: 'play', card }), OP_PLAY);
  const playOn = cards.plays.map((mode, card) =>
    mode === PLAY_ACORN ? family(cells, (cell) => ({ type: 'play', card, cell }), OP_PLAY, () => card, (cell) => cell) : -1,
  );
  const oops = cards.plays.map((mode, card) => {
    if (mode !== PLAY_OOPS) return -1;
    const first = actions.length;
    DIRECTIONS.forEach((dir, d) => {
      for (let cell = 0; cell < cells; cell++) code({ type: 'play', card, dir, cell }, OP_PLAY, card, cell, d);
    });
    return first;
  });
  /** A market family (buy, gain): by row (MARKET_ROWS order), then slot. */
  const bySlot = (type: 'buy' | 'gain', op: number): number => {
    const row = (i: number): number => Math.floor(i / SLOTS);
    const slot = (i: number): number => i % SLOTS;
    return family(MARKET_ROWS.length * SLOTS, (i) => ({ type, row: MARKET_ROWS[row(i)]!, index: slot(i) }) as Action, op, row, slot);
  };
  const codes = {
    add,
    discard,
    trash,
    play,
    playOn,
    oops,
    spend: family(cells, (cell) => ({ type: 'spend', cell }), OP_SPEND),
    land: family(spaces, (to) => ({ type: 'land', to }), OP_LAND),
    sprint: family(COLORS.length, (c) => ({ type: 'sprint', color: COLORS[c]! }), OP_SPRINT),
    buy: bySlot('buy', OP_BUY),
    gain: bySlot('gain', OP_GAIN),
    refresh: family(MARKET_ROWS.length, (i) => ({ type: 'refresh', row: MARKET_ROWS[i]! }), OP_REFRESH),
    climb: code({ type: 'climb' }, OP_CLIMB),
    descend: code({ type: 'descend' }, OP_DESCEND),
    jump: code({ type: 'jump' }, OP_JUMP),
    slide: code({ type: 'slide' }, OP_SLIDE),
    done: code({ type: 'done' }, OP_DONE),
    cancel: code({ type: 'cancel' }, OP_CANCEL),
    skip: code({ type: 'skip' }, OP_SKIP),
    end: code({ type: 'end' }, OP_END),
    keep: code({ type: 'keep' }, OP_KEEP),
  };
  return Object.freeze({
    ...codes,
    actions,
    op: Uint8Array.from(decoded, (d) => d[0]),
    x: Int16Array.from(decoded, (d) => d[1]),
    y: Int16Array.from(decoded, (d) => d[2]),
    z: Int8Array.from(decoded, (d) => d[3]),
  });
}

const bug = (action: Action, why: string): never => {
  throw new Error(`Acorn Run: ${action.type} ${JSON.stringify(action)} has no code (${why}; a caller skipped the legality check)`);
};

/** `i` when it numbers one of `count` things; throws otherwise (an action no legal list offers). */
const within = (action: Action, i: number, count: number): number => (Number.isInteger(i) && i >= 0 && i < count ? i : bug(action, 'out of range'));

/**
 * What `codeOf` reads of a game's tables: tables.ts' RunTables has these (named here, as tables.ts
 * builds its codes from this file and imports must not go round in a circle).
 */
export interface CodedTables {
  readonly codes: ActionCodes;
  readonly cells: { readonly length: number };
  readonly board: { readonly spaces: { readonly length: number } };
}

/** The code of a legal action (an action no legal list can offer throws): what `apply` applies. */
export function codeOf(T: CodedTables, action: Action): number {
  const C = T.codes;
  const n = C.playOn.length;
  const cells = T.cells.length;
  switch (action.type) {
    case 'add':
      return C.add + within(action, action.card, n);
    case 'discard':
      return C.discard + within(action, action.card, n);
    case 'trash':
      return C.trash + within(action, action.card, n);
    case 'play': {
      const card = within(action, action.card, n);
      if (action.cell === undefined) return action.dir === undefined ? C.play + card : bug(action, 'a direction without a cell');
      const cell = within(action, action.cell, cells);
      const first = action.dir === undefined ? C.playOn[card]! : C.oops[card]!;
      if (first < 0) return bug(action, 'the card takes no such target');
      return action.dir === undefined ? first + cell : first + DIRECTIONS.indexOf(action.dir) * cells + cell;
    }
    case 'spend':
      return C.spend + within(action, action.cell, cells);
    case 'land':
      return C.land + within(action, action.to, T.board.spaces.length);
    case 'sprint':
      return C.sprint + COLORS.indexOf(action.color);
    case 'buy':
    case 'gain':
      return C[action.type] + MARKET_ROWS.indexOf(action.row) * SLOTS + within(action, action.index, SLOTS);
    case 'refresh':
      return C.refresh + MARKET_ROWS.indexOf(action.row);
    // The actions with no number: one code each.
    case 'climb':
    case 'descend':
    case 'jump':
    case 'slide':
    case 'done':
    case 'cancel':
    case 'skip':
    case 'end':
    case 'keep':
      return C[action.type];
  }
}

/**
 * A legal list being filled: its codes are `codes[0 … n-1]`. The random playout refills one list
 * at every step (rules.ts `randomPlayout`): `clear` keeps the list's storage, where setting an
 * array's length to 0 gives it back to V8 and the next push allocates again. A new list's `codes`
 * is exactly its codes (`legalCodes`).
 */
export class CodeList {
  readonly codes: number[] = [];
  n = 0;

  push(code: number): void {
    this.codes[this.n++] = code;
  }

  clear(): void {
    this.n = 0;
  }
}

/**
 * Appends to `out` the code of one card per kind among `cards` (those `keep` accepts), as
 * `first + card` (the first code of add, discard or trash), in distinctKinds' order (cards.ts). Most legal-action lists are one of these
 * (pay, discard at the end of the turn, the cards that fit a sprint, climb, descent or jump).
 *
 * Hands are kept sorted (state.ts addToHand), and in a sorted list the first card of a kind is its
 * lowest and the kinds come in increasing order: so one pass that skips a card when an earlier
 * accepted card has its kind gives distinctKinds' list with no list of its own to build (this runs
 * at most steps of every playout). Anything unsorted (a discard pile, a scenario's hand) goes
 * through distinctKinds as before.
 */
export function pushPerKind(
  T: WithCards,
  cards: readonly number[],
  first: number,
  out: CodeList,
  keep?: (card: number) => boolean,
): void {
  const kindIndex = T.cards.kindIndex;
  const start = out.n;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    if (i > 0 && c < cards[i - 1]!) {
      out.n = start;
      for (const d of distinctKinds(T, cards, keep)) out.push(first + d);
      return;
    }
    const k = kindIndex[c];
    if (k === undefined) throw new Error(`no card number ${c}`);
    if (keep !== undefined && !keep(c)) continue;
    let j = 0;
    // An earlier card of the same kind is rare (a few copies in a hand): keep is asked again only then.
    while (j < i && (kindIndex[cards[j]!] !== k || (keep !== undefined && !keep(cards[j]!)))) j++;
    if (j === i) out.push(first + c);
  }
}
