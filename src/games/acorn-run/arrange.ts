/**
 * Arranged races by hand (pure: content only, so tests and the web's guided first turn share it):
 * name the opening hand and the next cards of each racer, the market cards on show and where the
 * pawns start, and the rest of each racer's starter deck follows in a fixed order. The result is
 * an ordinary arrangement (parse.ts), checked by the game like any other.
 */
import { BUILTIN_TABLES, type RunTables } from './tables.js';
import { kindOf, starterCards } from './cards.js';
import type { Arrangement, Options } from './parse.js';

export interface RaceDeal {
  /** Per seat, the opening hand by card id (at most a hand's worth); null = a shuffled starter deck. */
  hands?: (readonly string[] | null)[];
  /** Per seat, the cards drawn after the opening hand, top first. */
  drawTop?: (readonly string[] | null)[];
  /** The cheap market's first cards, top first (the first three are laid out). */
  cheap?: readonly string[];
  /** The expensive market's first cards, top first. */
  expensive?: readonly string[];
  /** Per seat, a starting space by name; null = its Go! space. */
  positions?: (string | null)[];
  /** Per seat, acorns in supply at the start. */
  acorns?: number[];
  /** Per dummy, a starting space by name; null = its Go! space. */
  dummyPositions?: (string | null)[];
}

function known(T: RunTables, ids: readonly string[], where: string): void {
  const unknown = ids.filter((id) => !T.cards.byId.has(id));
  if (unknown.length > 0) throw new Error(`${where} names unknown cards: ${unknown.join(', ')}`);
}

/**
 * The arrangement dealing `hands` and `drawTop` to their seats. Each arranged deck is the named
 * cards followed by the starter cards they did not use, in content order, so a racer keeps all ten
 * starters (none is left in the box) and the deck after the named cards is known too.
 */
export function arrangeRace(T: RunTables, deal: RaceDeal): Arrangement {
  const seats = Math.max(deal.hands?.length ?? 0, deal.drawTop?.length ?? 0);
  const decks: (string[] | null)[] = [];
  for (let s = 0; s < seats; s++) {
    const hand = deal.hands?.[s] ?? null;
    const next = deal.drawTop?.[s] ?? null;
    if (hand === null && next === null) {
      decks.push(null);
      continue;
    }
    if ((hand?.length ?? 0) > T.handSize) throw new Error(`seat ${s} is given more than ${T.handSize} cards in hand`);
    if (next !== null && (hand?.length ?? 0) < T.handSize) throw new Error(`seat ${s}'s next cards need a full opening hand first`);
    const named = [...(hand ?? []), ...(next ?? [])];
    known(T, named, `seat ${s}'s deck`);
    const rest = starterCards(T, s).map((c) => kindOf(T, c).id);
    for (const id of named) {
      const i = rest.indexOf(id);
      if (i >= 0) rest.splice(i, 1);
    }
    decks.push([...named, ...rest]);
  }
  known(T, [...(deal.cheap ?? []), ...(deal.expensive ?? [])], 'the market');
  const a: Arrangement = {};
  if (decks.length > 0) a.decks = decks;
  if (deal.cheap) a.cheap = [...deal.cheap];
  if (deal.expensive) a.expensive = [...deal.expensive];
  if (deal.positions) a.positions = [...deal.positions];
  if (deal.acorns) a.acorns = [...deal.acorns];
  if (deal.dummyPositions) a.dummyPositions = [...deal.dummyPositions];
  return a;
}

/**
 * The guided first turn's practice race (web/src/components/Guide.tsx): you against one easy
 * dummy, over the whole course. You start on the upper green lane of the Go! Beech, three spaces
 * before an acorn, holding three green cards to sprint there (R3, R8), then spend the acorn on
 * "+2 buying power" (R9) and buy Green Rush (cost 3) with it and one card from hand (R10), and end
 * the turn keeping or discarding the two cards left before drawing back up to six (R11).
 */
export const GUIDED_FIRST_TURN: { options: Partial<Options>; arrangement: Arrangement } = {
  options: { dummies: 1, difficulty: 'easy' },
  // The guide teaches on the shipped cards and board.
  arrangement: arrangeRace(BUILTIN_TABLES, {
    hands: [['s-green', 's-green', 's-green-y', 's-yellow', 's-yellow-r', 's-red-g']],
    drawTop: [['s-green-r', 's-yellow-g', 's-red', 's-red-y']],
    cheap: ['g-braid', 'y-dash', 'r-twig-g'],
    expensive: ['g-rush', 'y-again', 'r-shuffle'],
    positions: ['t0.g2.0'],
    dummyPositions: ['t0.g1.0'],
  }),
};
