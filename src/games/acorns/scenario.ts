/**
 * Building arrangements by hand: name the cards that matter, and the rest of the deck is filled
 * in a fixed order. For tests, tutorials and designers' what-ifs.
 */
import { createMatch, play, type Match } from '../../engine/match.js';
import type { AcornsAction } from './actions.js';
import { CARD_IDS, CARDS, derive, HAND_SIZE } from './content/index.js';
import { acorns } from './index.js';
import type { AcornsArrangement, AcornsState } from './state.js';

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
let FILLER_ORDER: readonly string[];
derive(
  () =>
    [...CARDS]
      .map((c, i) => ({ c, i }))
      .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
      .map(({ c }) => c.id),
  (order) => (FILLER_ORDER = order),
);

function rank(card: (typeof CARDS)[number]): number {
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

/** The arrangement dealing `hands` to their seats and `drawTop` on top of the draw pile. */
export function arrangeDeal(deal: ScenarioDeal): Required<AcornsArrangement> {
  const { seats } = deal;
  const dealer = deal.dealer ?? seats - 1;
  const named = [...(deal.hands ?? []).flat(), ...(deal.drawTop ?? [])];
  const unknown = named.filter((id) => !CARD_IDS.includes(id));
  if (unknown.length > 0) throw new Error(`unknown cards: ${unknown.join(', ')}`);
  if (new Set(named).size !== named.length) throw new Error('a card is named twice');
  const filler = FILLER_ORDER.filter((id) => !named.includes(id));
  const deck: string[] = [];
  for (let k = 1; k <= seats; k++) {
    const seat = (dealer + k) % seats;
    const hand = [...(deal.hands?.[seat] ?? [])];
    if (hand.length > HAND_SIZE) throw new Error(`seat ${seat} is given more than ${HAND_SIZE} cards`);
    while (hand.length < HAND_SIZE) hand.push(filler.shift()!);
    deck.push(...hand);
  }
  deck.push(...(deal.drawTop ?? []), ...filler);
  return { deck, dealer };
}

/** A match dealt by `arrangeDeal`; throws on bad input (scenarios are written by hand). */
export function startScenario(deal: ScenarioDeal & { partners?: boolean; seed?: string }): Match {
  const created = createMatch(acorns, {
    seats: deal.seats,
    seed: deal.seed ?? 'scenario',
    options: { partners: deal.partners ?? false },
    arrangement: arrangeDeal(deal),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays one action through the engine's `play`; throws with the refusal if it is refused. */
export function act(match: Match, seat: number, action: AcornsAction): void {
  const played = play(match, seat, action);
  if (!played.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${played.error.message}`);
}

/** The state of a scenario match, typed. */
export const stateOf = (match: Match): AcornsState => match.state as AcornsState;

/** What `seat` sees, may do, and why `action` is refused (null if it is legal), in a scenario match. */
export const view = (m: Match, seat: number) => acorns.view(stateOf(m), seat);
export const legal = (m: Match, seat: number) => acorns.legalActions(stateOf(m), seat);
export const why = (m: Match, seat: number, action: AcornsAction) => acorns.explainIllegal(stateOf(m), seat, action);
/** A tree in play as seat 0 sees it. */
export const tree = (m: Match, id: string) => view(m, 0).trees.find((t) => t.tree === id);
/** Short forms for scenario moves. */
export const sq = (card: string, treeId: string): AcornsAction => ({ type: 'squirrel', card, tree: treeId });
export const DRAW: AcornsAction = { type: 'draw' };
