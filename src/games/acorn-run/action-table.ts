/**
 * Every action a legal-action list can offer, made once per content and shared by every list.
 *
 * Why: a random playout lists about five actions at each of its ~1,500 steps, and building each as
 * a fresh object was a good part of its time and garbage. An action is a plain value that nobody
 * mutates (records, bots and the engine only read it; frozen here so a mutation fails loudly), so
 * one shared object per distinct action is the same list. Actions parsed from input or built by
 * bots are still their own objects: rules compare fields, never identities.
 *
 * The lists that hold them (by card, cell, space, slot) are plain arrays, read-only by type but
 * not frozen: V8 reads a frozen array through its generic keyed-load stub instead of inline code,
 * and those reads were several per cent of a random playout (perf, 2026-11-26).
 *
 * Not shared: "oops" plays (a card, a direction and a cell; rare, and many combinations); they
 * are built when listed.
 */
import type { Action, ActionOf } from './actions.js';
import { distinctKinds, MARKET_ROWS, type CardTables, type MarketRow, type WithCards } from './cards.js';
import { COLORS, type Color, type Effect } from './content/schema.js';

export interface ActionTable {
  /** By card number. */
  readonly add: readonly ActionOf<'add'>[];
  readonly discard: readonly ActionOf<'discard'>[];
  readonly trash: readonly ActionOf<'trash'>[];
  /** A card played with no target (card number); also what an acorn card is not (see playOn). */
  readonly play: readonly ActionOf<'play'>[];
  /** An acorn card played on a player-board cell: [card][cell]; empty rows for other cards. */
  readonly playOn: readonly (readonly ActionOf<'play'>[])[];
  /** By player-board cell. */
  readonly spend: readonly ActionOf<'spend'>[];
  /** By space id. */
  readonly land: readonly ActionOf<'land'>[];
  readonly sprint: Readonly<Record<Color, ActionOf<'sprint'>>>;
  /** The same by color index (COLORS order): the move starts walk the colors by number. */
  readonly sprintAt: readonly ActionOf<'sprint'>[];
  /** By market row, then slot. */
  readonly buy: Readonly<Record<MarketRow, readonly ActionOf<'buy'>[]>>;
  readonly gain: Readonly<Record<MarketRow, readonly ActionOf<'gain'>[]>>;
  readonly refresh: Readonly<Record<MarketRow, ActionOf<'refresh'>>>;
  readonly climb: Action;
  readonly descend: Action;
  readonly jump: Action;
  readonly slide: Action;
  readonly done: Action;
  readonly cancel: Action;
  readonly skip: Action;
  readonly end: Action;
  readonly keep: Action;
}

/** Market slots per row (R10). */
const SLOTS = 3;

const isAcornCard = (effect: Effect | null): boolean => effect?.kind === 'big-acorn' || effect?.kind === 'small-acorn';

export function actionTable(cards: CardTables, cells: number, spaces: number): ActionTable {
  const f = Object.freeze;
  const perCard = <A extends Action>(make: (card: number) => A): readonly A[] => cards.instances.map((_, card) => f(make(card)));
  const perRow = <A extends Action>(make: (row: MarketRow, index: number) => A): Record<MarketRow, readonly A[]> => {
    const out = {} as Record<MarketRow, readonly A[]>;
    for (const row of MARKET_ROWS) out[row] = Array.from({ length: SLOTS }, (_, index) => f(make(row, index)));
    return f(out);
  };
  const sprint = {} as Record<Color, ActionOf<'sprint'>>;
  for (const color of COLORS) sprint[color] = f({ type: 'sprint', color });
  const refresh = {} as Record<MarketRow, ActionOf<'refresh'>>;
  for (const row of MARKET_ROWS) refresh[row] = f({ type: 'refresh', row });
  return f({
    add: perCard((card) => ({ type: 'add', card })),
    discard: perCard((card) => ({ type: 'discard', card })),
    trash: perCard((card) => ({ type: 'trash', card })),
    play: perCard((card) => ({ type: 'play', card })),
    playOn: cards.instances.map((kind, card) =>
      isAcornCard(kind.effect) ? Array.from({ length: cells }, (_, cell): ActionOf<'play'> => f({ type: 'play', card, cell })) : [],
    ),
    spend: Array.from({ length: cells }, (_, cell): ActionOf<'spend'> => f({ type: 'spend', cell })),
    land: Array.from({ length: spaces }, (_, to): ActionOf<'land'> => f({ type: 'land', to })),
    sprint: f(sprint),
    sprintAt: COLORS.map((color) => sprint[color]),
    buy: perRow((row, index) => ({ type: 'buy', row, index })),
    gain: perRow((row, index) => ({ type: 'gain', row, index })),
    refresh: f(refresh),
    climb: f({ type: 'climb' }),
    descend: f({ type: 'descend' }),
    jump: f({ type: 'jump' }),
    slide: f({ type: 'slide' }),
    done: f({ type: 'done' }),
    cancel: f({ type: 'cancel' }),
    skip: f({ type: 'skip' }),
    end: f({ type: 'end' }),
    keep: f({ type: 'keep' }),
  });
}

/** The shared actions that name one card of the hand or discard pile. */
export type CardAction = ActionOf<'add' | 'discard' | 'trash'>;

/**
 * Appends to `out` the action of one card per kind among `cards` (those `keep` accepts), as
 * `actions[card]`, in distinctKinds' order (cards.ts). Most legal-action lists are one of these
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
  actions: readonly CardAction[],
  out: Action[],
  keep?: (card: number) => boolean,
): void {
  const kindIndex = T.cards.kindIndex;
  const start = out.length;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    if (i > 0 && c < cards[i - 1]!) {
      out.length = start;
      for (const d of distinctKinds(T, cards, keep)) out.push(actions[d]!);
      return;
    }
    const k = kindIndex[c];
    if (k === undefined) throw new Error(`no card number ${c}`);
    if (keep !== undefined && !keep(c)) continue;
    let j = 0;
    // An earlier card of the same kind is rare (a few copies in a hand): keep is asked again only then.
    while (j < i && (kindIndex[cards[j]!] !== k || (keep !== undefined && !keep(cards[j]!)))) j++;
    if (j === i) out.push(actions[c]!);
  }
}
