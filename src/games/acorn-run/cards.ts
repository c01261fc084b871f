/**
 * Card instances. Every physical card has a number: the 84 market cards first (cheap deck, then
 * expensive, in content order), then six starter sets of 10. A state only ever holds these
 * numbers; what a number is comes from this table, so states stay small and plain.
 */
import type { AcornRunContent } from './content/index.js';
import { COLORS, DIRECTIONS, type CardSpec, type Color, type Direction, type Effect } from './content/schema.js';

export const DECKS = ['starter', 'cheap', 'expensive'] as const;
export type DeckName = (typeof DECKS)[number];
export const MARKET_ROWS = ['cheap', 'expensive'] as const;
export type MarketRow = (typeof MARKET_ROWS)[number];

export interface CardKind {
  id: string;
  name: string;
  color: Color | 'acorn';
  cost: number;
  combo: readonly Color[];
  effect: Effect | null;
  deck: DeckName;
}

/**
 * How a card is played for its own effect, by card number (effects.ts legalPlays reads one number
 * per card of the hand instead of switching over its effect at every step of every playout).
 */
export const PLAY_NONE = 0;
/** Playable whenever held: extra move, draw, cycle, buying power, trash, gain. */
export const PLAY_ALWAYS = 1;
/** A one-space move: playable when the board has a space in its direction (`moveDirs`). */
export const PLAY_MOVE = 2;
/** Big and small acorn cards: one play per empty player-board space that can resolve (R9). */
export const PLAY_ACORN = 3;
export const PLAY_OOPS = 4;

/** A direction as a bit (1 << its index in DIRECTIONS): the board's `stepBits` hold one per space (tables.ts). */
export const directionBit = (dir: Direction): number => 1 << DIRECTIONS.indexOf(dir);

function playMode(effect: Effect | null): number {
  switch (effect?.kind) {
    case 'move':
      return PLAY_MOVE;
    case 'extra-move':
    case 'draw':
    case 'cycle':
    case 'buying-power':
    case 'trash':
    case 'gain':
      return PLAY_ALWAYS;
    case 'big-acorn':
    case 'small-acorn':
      return PLAY_ACORN;
    case 'oops':
      return PLAY_OOPS;
    default:
      // Sprint effects only work inside a sprint; combo VP and acorns are never on cards.
      return PLAY_NONE;
  }
}

/** The most starter sets a race can use: one per racer with a seat. */
export const MAX_STARTER_SETS = 6;

const toKind = (c: CardSpec, deck: DeckName): CardKind => ({
  id: c.id,
  name: c.name,
  color: c.color,
  cost: c.cost,
  combo: c.combo,
  effect: c.effect ?? null,
  deck,
});

/** from, from + 1, … (n numbers). A loop: setup lists the starter sets for every playout. */
function range(from: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(from + i);
  return out;
}

/** The card tables of one content. */
export interface CardTables {
  /** Every kind: cheap, expensive, then starter, in content order. */
  kinds: readonly CardKind[];
  byId: ReadonlyMap<string, CardKind>;
  /** What each card number is. */
  instances: readonly CardKind[];
  /** Card numbers of the cheap market deck, in content order. */
  cheap: readonly number[];
  /** Card numbers of the expensive market deck, in content order. */
  expensive: readonly number[];
  starterBase: number;
  starterSize: number;
  /** Each card number's kind, as an index into `kinds` (distinctKinds compares these, not ids). */
  kindIndex: readonly number[];
  /** Each card number's color, null for an acorn card (colorOf: legal lists ask it of every card in hand). */
  colors: readonly (Color | null)[];
  /** Each card number's color as a bit, 1 << its index in COLORS (0 for an acorn card): hands' colors as a bit set. */
  colorBits: readonly number[];
  /** Each card number's PLAY_* mode, and for PLAY_MOVE its direction as a bit (`directionBit`; 0 otherwise). */
  plays: readonly number[];
  moveBits: readonly number[];
  /** Each card number's cost (R10). */
  costs: readonly number[];
}

export function cardTables(content: AcornRunContent): CardTables {
  const { cards } = content;
  const kinds = [
    ...cards.cheap.map((c) => toKind(c, 'cheap')),
    ...cards.expensive.map((c) => toKind(c, 'expensive')),
    ...cards.starter.map((c) => toKind(c, 'starter')),
  ];
  const byId = new Map(kinds.map((k) => [k.id, k]));
  const expand = (specs: readonly CardSpec[]): CardKind[] => specs.flatMap((c) => Array.from({ length: c.copies }, () => byId.get(c.id)!));
  const cheapKinds = expand(cards.cheap);
  const expensiveKinds = expand(cards.expensive);
  const starterKinds = expand(cards.starter);
  const instances = [...cheapKinds, ...expensiveKinds];
  const starterBase = instances.length;
  for (let set = 0; set < MAX_STARTER_SETS; set++) instances.push(...starterKinds);
  const kindAt = new Map(kinds.map((k, i) => [k, i]));
  return {
    kinds,
    byId,
    instances,
    cheap: range(0, cheapKinds.length),
    expensive: range(cheapKinds.length, expensiveKinds.length),
    starterBase,
    starterSize: starterKinds.length,
    kindIndex: instances.map((k) => kindAt.get(k)!),
    colors: instances.map((k) => (k.color === 'acorn' ? null : k.color)),
    colorBits: instances.map((k) => (k.color === 'acorn' ? 0 : 1 << COLORS.indexOf(k.color))),
    plays: instances.map((k) => playMode(k.effect)),
    moveBits: instances.map((k) => (k.effect?.kind === 'move' ? directionBit(k.effect.dir) : 0)),
    costs: instances.map((k) => k.cost),
  };
}

/** Anything holding the card tables of a content, such as its tables (tables.ts). */
export interface WithCards {
  readonly cards: CardTables;
}

/** Card numbers of starter set `set` (0-based), in content order. */
export const starterCards = (T: WithCards, set: number): number[] =>
  range(T.cards.starterBase + set * T.cards.starterSize, T.cards.starterSize);

export function kindOf(T: WithCards, card: number): CardKind {
  const k = T.cards.instances[card];
  if (!k) throw new Error(`no card number ${card}`);
  return k;
}

export const isCardNumber = (T: WithCards, n: number): boolean => Number.isInteger(n) && n >= 0 && n < T.cards.instances.length;

/** A card that can be played for its color in main moves and combos (not an acorn card). */
export const colorOf = (T: WithCards, card: number): Color | null => {
  const c = T.cards.colors[card];
  if (c === undefined) throw new Error(`no card number ${card}`);
  return c;
};

export const marketCards = (T: WithCards, row: MarketRow): readonly number[] => (row === 'cheap' ? T.cards.cheap : T.cards.expensive);

/** "Green Twig > yellow [move up]": a card in words for describeAction and the text table. */
export function cardLabel(T: WithCards, card: number): string {
  const k = kindOf(T, card);
  const combo = k.combo.length > 0 ? ` >${k.combo.map((c) => c[0]!.toUpperCase()).join('')}` : '';
  return `${k.name}${combo}`;
}

/** Whether `cards` are in increasing order (hands are, state.ts addToHand). */
export function isSorted(cards: readonly number[]): boolean {
  for (let i = 1; i < cards.length; i++) if (cards[i - 1]! > cards[i]!) return false;
  return true;
}

/**
 * One card per kind among `cards` (the lowest number of each kind), in increasing order; with
 * `keep`, only among the cards it accepts. Legal actions offer a choice per kind, not per
 * identical copy, to keep the branching small.
 */
export function distinctKinds(T: WithCards, cards: readonly number[], keep?: (card: number) => boolean): number[] {
  // Called for nearly every legal-action list (hands, discard piles of a few dozen cards at most):
  // the kinds found so far are those of the cards in `out`, so a scan of `out` beats a Map or a
  // second list; `keep` spares the caller a filtered copy; sorted input (hands are) needs no sort.
  const kindIndex = T.cards.kindIndex;
  const out: number[] = [];
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    const k = kindIndex[c];
    if (k === undefined) throw new Error(`no card number ${c}`);
    if (keep !== undefined && !keep(c)) continue;
    let j = 0;
    while (j < out.length && kindIndex[out[j]!] !== k) j++;
    if (j === out.length) out.push(c);
    else if (c < out[j]!) out[j] = c;
  }
  for (let i = 1; i < out.length; i++) {
    if (out[i - 1]! > out[i]!) return out.sort((a, b) => a - b);
  }
  return out;
}
