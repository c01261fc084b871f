/**
 * Arranged deals by hand (pure: content only, so the web's guided first turn can use it too):
 * name the cards that matter, and the rest of the deck is filled in a fixed order.
 */
import type { Card } from './content/index.js';
import { BUILTIN_TABLES, type AcornsTables } from './tables.js';
import type { AcornsArrangement } from './state.js';

export interface ScenarioDeal {
  seats: number;
  /** Defaults to the last seat, so seat 0 starts. */
  dealer?: number;
  /** Cards each seat must hold, by seat; short hands are topped up with filler. */
  hands?: (readonly string[])[];
  /** The top of the draw pile, top first; the filler follows. */
  drawTop?: readonly string[];
}

/**
 * Filler cards come one-squirrel cards first, then bigger squirrels, then trees, foxes and the
 * turtle, so topped-up hands hold the least eventful cards there are.
 */
const fillerOrder = (tables: AcornsTables): string[] =>
  tables.cards
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c.id);

function rank(card: Card): number {
  switch (card.kind) {
    case 'squirrel':
      return card.squirrels;
    case 'tree':
      return 10;
    case 'fox':
      return 11;
    case 'turtle':
      return 12;
  }
}

/**
 * The arrangement dealing `hands` to their seats and `drawTop` on top of the draw pile, from the
 * deck of `tables` (the shipped deck by default).
 */
export function arrangeDeal(deal: ScenarioDeal, tables: AcornsTables = BUILTIN_TABLES): Required<AcornsArrangement> {
  const handSize = tables.handSize;
  const { seats } = deal;
  const dealer = deal.dealer ?? seats - 1;
  const named = [...(deal.hands ?? []).flat(), ...(deal.drawTop ?? [])];
  const unknown = named.filter((id) => !tables.byId.has(id));
  if (unknown.length > 0) throw new Error(`unknown cards: ${unknown.join(', ')}`);
  if (new Set(named).size !== named.length) throw new Error('a card is named twice');
  const filler = fillerOrder(tables).filter((id) => !named.includes(id));
  const deck: string[] = [];
  for (let k = 1; k <= seats; k++) {
    const seat = (dealer + k) % seats;
    const hand = [...(deal.hands?.[seat] ?? [])];
    if (hand.length > handSize) throw new Error(`seat ${seat} is given more than ${handSize} cards`);
    while (hand.length < handSize) hand.push(filler.shift()!);
    deck.push(...hand);
  }
  deck.push(...(deal.drawTop ?? []), ...filler);
  return { deck, dealer };
}

