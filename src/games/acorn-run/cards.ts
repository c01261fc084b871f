/**
 * Card instances. Every physical card has a number: the 84 market cards first (cheap deck, then
 * expensive, in content order), then six starter sets of 10. A state only ever holds these
 * numbers; what a number is comes from this table, so states stay small and plain.
 */
import { derive, type AcornRunContent } from './content/index.js';
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

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

/** The card tables of one content. */
interface CardTables {
  kinds: readonly CardKind[];
  byId: ReadonlyMap<string, CardKind>;
  instances: readonly CardKind[];
  cheap: readonly number[];
  expensive: readonly number[];
  starterBase: number;
  starterSize: number;
}

function cardTables(content: AcornRunContent): CardTables {
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
  return {
    kinds,
    byId,
    instances,
    cheap: range(0, cheapKinds.length),
    expensive: range(cheapKinds.length, expensiveKinds.length),
    starterBase,
    starterSize: starterKinds.length,
  };
}

// The tables of the current content (content/index.ts).
export let KINDS: readonly CardKind[];
export let KIND_BY_ID: ReadonlyMap<string, CardKind>;
let INSTANCES: readonly CardKind[];
/** Card numbers of the cheap market deck, in content order. */
export let CHEAP_CARDS: readonly number[];
/** Card numbers of the expensive market deck, in content order. */
export let EXPENSIVE_CARDS: readonly number[];
let starterBase: number;
export let STARTER_SIZE: number;
derive(cardTables, (t) => {
  KINDS = t.kinds;
  KIND_BY_ID = t.byId;
  INSTANCES = t.instances;
  CHEAP_CARDS = t.cheap;
  EXPENSIVE_CARDS = t.expensive;
  starterBase = t.starterBase;
  STARTER_SIZE = t.starterSize;
});

/** Card numbers of starter set `set` (0-based), in content order. */
export const starterCards = (set: number): number[] => range(starterBase + set * STARTER_SIZE, STARTER_SIZE);

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
