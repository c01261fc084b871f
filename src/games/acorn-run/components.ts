/** Every component of the race wherever it is, as a multiset that no action may change. */
import type { RunTables } from './tables.js';
import { kindOf } from './cards.js';
import { dummyCard } from './dummy/deck.js';
import { CELL_ACORN, OUT_OF_TIME, type State } from './state.js';

export function components(T: RunTables, state: State): string[] {
  const out: string[] = [];
  const cards = (list: readonly (number | null)[]): void => {
    for (const c of list) if (c !== null) out.push(`card:${kindOf(T, c).id}`);
  };
  let acorns = state.acornSupply + state.boardAcorns.reduce((a, b) => a + b, 0);
  for (const r of state.racers) {
    cards(r.deck);
    cards(r.hand);
    cards(r.discard);
    acorns += r.acorns + r.grid.filter((v) => v === CELL_ACORN).length;
    for (const t of r.tokens) out.push(`vp${t}`);
  }
  cards(state.turn.played);
  for (const p of state.turn.pending) if ('cards' in p) cards(p.cards);
  cards(state.market.cheap.deck);
  cards(state.market.cheap.row);
  cards(state.market.expensive.deck);
  cards(state.market.expensive.row);
  cards(state.box);
  for (const t of state.tokenSupply) out.push(`vp${t}`);
  for (let i = 0; i < acorns; i++) out.push('acorn');
  // R15: every dummy card, in the deck, drawn, or left out by the difficulty.
  const d = state.dummies;
  if (d) for (const c of [...d.sections.flat(), ...d.drawn, ...d.unused]) out.push(`dummy-card:${dummyCard(T, c).id}`);
  const oot = state.outOfTimeLeft + state.results.filter((x) => x === OUT_OF_TIME).length;
  for (let i = 0; i < oot; i++) out.push('out-of-time');
  return out;
}
