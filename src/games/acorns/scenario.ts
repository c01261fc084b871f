/**
 * Building arrangements by hand: name the cards that matter, and the rest of the deck is filled
 * in a fixed order. For tests, tutorials and designers' what-ifs.
 */
import { createMatch, play, type Match } from '../../engine/match.js';
import type { AcornsAction } from './actions.js';
import { acorns } from './index.js';
import { arrangeDeal, type ScenarioDeal } from './arrange.js';
import type { AcornsState } from './state.js';

export { arrangeDeal, type ScenarioDeal } from './arrange.js';

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
