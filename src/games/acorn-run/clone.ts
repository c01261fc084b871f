/** A deep copy written out by hand: search and conformance clone states many times a second. */
import { copyRing } from '../../engine/narration.js';
import { cloneRng } from '../../engine/rng.js';
import type { Pending, Racer, State } from './state.js';

const cloneRacer = (r: Racer): Racer => ({
  ...r,
  deck: r.deck.slice(),
  hand: r.hand.slice(),
  discard: r.discard.slice(),
  grid: r.grid.slice(),
  tokens: r.tokens.slice(),
});

const clonePending = (p: Pending): Pending => ('cards' in p ? { ...p, cards: p.cards.slice() } : { ...p });

export function cloneState(s: State): State {
  return {
    racers: s.racers.map(cloneRacer),
    order: s.order.slice(),
    seatRacer: s.seatRacer.slice(),
    market: {
      cheap: { deck: s.market.cheap.deck.slice(), row: s.market.cheap.row.slice() },
      expensive: { deck: s.market.expensive.deck.slice(), row: s.market.expensive.row.slice() },
    },
    box: s.box.slice(),
    boardAcorns: s.boardAcorns.slice(),
    acornSupply: s.acornSupply,
    tokenSupply: s.tokenSupply.slice(),
    results: s.results.slice(),
    outOfTimeLeft: s.outOfTimeLeft,
    firstFinisher: s.firstFinisher,
    round: s.round,
    roundLimit: s.roundLimit,
    turn: {
      ...s.turn,
      played: s.turn.played.slice(),
      dropped: s.turn.dropped.slice(),
      pending: s.turn.pending.map(clonePending),
    },
    over: s.over,
    rng: cloneRng(s.rng),
    dummies: s.dummies && {
      ...s.dummies,
      sections: s.dummies.sections.map((x) => x.slice()),
      bottom: s.dummies.bottom.slice(),
      drawn: s.dummies.drawn.slice(),
      unused: s.dummies.unused.slice(),
    },
    dummyTurn: s.dummyTurn && { card: s.dummyTurn.card, round: s.dummyTurn.round },
    // Events are never mutated after they are written: clones share them.
    log: copyRing(s.log),
  };
}
