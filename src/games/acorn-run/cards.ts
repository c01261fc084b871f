/**
 * Card instances. Every physical card has a number: the 84 market cards first (cheap deck, then
 * expensive, in content order), then six starter sets of 10. A state only ever holds these
 * numbers; what a number is comes from this table, so states stay small and plain.
 */
import { CONTENT } from './content/index.js';
import type { CardSpec, Color, Effect } from './content/schema.js';

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

export const KINDS: readonly CardKind[] = [
  ...CONTENT.cards.cheap.map((c) => toKind(c, 'cheap')),
  ...CONTENT.cards.expensive.map((c) => toKind(c, 'expensive')),
  ...CONTENT.cards.starter.map((c) => toKind(c, 'starter')),
];
export const KIND_BY_ID: ReadonlyMap<string, CardKind> = new Map(KINDS.map((k) => [k.id, k]));

const expand = (specs: readonly CardSpec[]): CardKind[] =>
  specs.flatMap((c) => Array.from({ length: c.copies }, () => KIND_BY_ID.get(c.id)!));

const INSTANCES: CardKind[] = [];
const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

const cheapKinds = expand(CONTENT.cards.cheap);
const expensiveKinds = expand(CONTENT.cards.expensive);
const starterKinds = expand(CONTENT.cards.starter);
/** Card numbers of the cheap market deck, in content order. */
export const CHEAP_CARDS: readonly number[] = range(0, cheapKinds.length);
/** Card numbers of the expensive market deck, in content order. */
export const EXPENSIVE_CARDS: readonly number[] = range(cheapKinds.length, expensiveKinds.length);
INSTANCES.push(...cheapKinds, ...expensiveKinds);
const starterBase = INSTANCES.length;
for (let set = 0; set < MAX_STARTER_SETS; set++) INSTANCES.push(...starterKinds);

/** Card numbers of starter set `set` (0-based), in content order. */
export const starterCards = (set: number): number[] => range(starterBase + set * starterKinds.length, starterKinds.length);
export const STARTER_SIZE = starterKinds.length;

export function kindOf(card: number): CardKind {
  const k = INSTANCES[card];
  if (!k) throw new Error(`no card number ${card}`);
  return k;
}

export const isCardNumber = (n: number): boolean => Number.isInteger(n) && n >= 0 && n < INSTANCES.length;

/** A card that can be played for its color in main moves and combos (not an acorn card). */
export const colorOf = (card: number): Color | null => {
  const c = kindOf(card).color;
  return c === 'acorn' ? null : c;
};

export const marketCards = (row: MarketRow): readonly number[] => (row === 'cheap' ? CHEAP_CARDS : EXPENSIVE_CARDS);

/** "Green Twig > yellow [move up]": a card in words for describeAction and the text table. */
export function cardLabel(card: number): string {
  const k = kindOf(card);
  const combo = k.combo.length > 0 ? ` >${k.combo.map((c) => c[0]!.toUpperCase()).join('')}` : '';
  return `${k.name}${combo}`;
}

/**
 * One card per kind among `cards` (the lowest number of each kind), in first-seen order. Legal
 * actions offer a choice per kind, not per identical copy, to keep the branching small.
 */
export function distinctKinds(cards: readonly number[]): number[] {
  const best = new Map<string, number>();
  for (const c of cards) {
    const id = kindOf(c).id;
    const seen = best.get(id);
    if (seen === undefined || c < seen) best.set(id, c);
  }
  return [...best.values()].sort((a, b) => a - b);
}
