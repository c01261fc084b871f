import { ringLog } from '../../engine/narration.js';
import { describe, expect, it } from 'vitest';
import { createMatch, play } from '../../engine/match.js';
import { BUILTIN_CONTENT, BUILTIN_TABLES } from './content/index.js';
import { autumnLeaves } from './index.js';
import { arrangedMatch, chooseAll, must, stateOf } from './scenario.test-helpers.js';
import type { State } from './state.js';

const S0 = [1, 2, 3, 4, 5, 6, 7];

describe('Autumn Leaves rulings', () => {
  it('L1: the deck is a 55-card Pairs deck, n copies of rank n', () => {
    expect(BUILTIN_TABLES.fullDeck.length).toBe(55);
    for (let n = 1; n <= 10; n++) expect(BUILTIN_TABLES.fullDeck.filter((c) => c === n).length).toBe(n);
    const created = createMatch(autumnLeaves, { seats: 4, seed: 'l1' });
    expect(created.ok).toBe(true);
    if (created.ok) expect(autumnLeaves.components(created.value.state as State).length).toBe(55);
  });

  it('L2: 3–6 players, seven cards each, the rest is the draw pile, six hands', () => {
    expect(createMatch(autumnLeaves, { seats: 2, seed: 'x' }).ok).toBe(false);
    expect(createMatch(autumnLeaves, { seats: 7, seed: 'x' }).ok).toBe(false);
    for (const seats of [3, 4, 5, 6]) {
      const created = createMatch(autumnLeaves, { seats, seed: 'l2' });
      if (!created.ok) throw new Error(created.error.message);
      const s = created.value.state as State;
      expect(s.handCards.every((h) => h.length === 7)).toBe(true);
      expect(s.deck.length).toBe(55 - 7 * seats);
      expect(s.hands).toBe(BUILTIN_CONTENT.hands);
    }
  });

  it('L2: the lowest total wins and equal totals share the win', () => {
    const match = arrangedMatch([[1, 2, 3, 4, 5, 6, 7], [10, 10, 10, 10, 10, 10, 10], [9, 9, 9, 9, 9, 9, 9]]);
    const s = stateOf(match);
    // Finish the one-hand game with seat 0 emptying its hand, from totals that make a tie.
    playSeatZeroOut(match);
    const outcome = autumnLeaves.outcome(s)!;
    expect(outcome.lowerIsBetter).toBe(true);
    expect(outcome.scores[0]).toBe(-7);
    expect(outcome.winners).toEqual([0]);
    // The same end, but with running totals that leave seats 0 and 1 level.
    const tied: State = { ...s, scores: [3, 3, 9] };
    expect(autumnLeaves.outcome(tied)!.winners).toEqual([0, 1]);
    expect(autumnLeaves.outcome(tied)!.ranks).toEqual([1, 1, 3]);
  });

  it('L3: choices are hidden until everyone has chosen, and the chosen card leaves the hand', () => {
    const match = arrangedMatch([S0, [8, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    must(match, 0, { type: 'choose', card: 4 });
    const seen = autumnLeaves.view(stateOf(match), 1);
    expect(seen.chosen).toEqual([true, false, false]);
    expect(JSON.stringify(seen)).not.toContain('"myChoice":4');
    expect(seen.revealed).toBeNull();
    expect(seen.handSizes[0]).toBe(6);
    expect(autumnLeaves.view(stateOf(match), 0).myChoice).toBe(4);
    // The other seats' views are identical whatever seat 0 chose.
    const other = arrangedMatch([S0, [8, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    must(other, 0, { type: 'choose', card: 6 });
    expect(autumnLeaves.view(stateOf(other), 1)).toEqual(seen);
    // A second choice and a card not held are refused with a reason.
    const again = play(match, 0, { type: 'choose', card: 5 });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('not-your-turn');
    const notHeld = play(match, 1, { type: 'choose', card: 3 });
    expect(notHeld.ok).toBe(false);
    if (!notHeld.ok) expect(notHeld.error.message).toMatch(/no 3 in hand/);
  });

  it('L4: in the first round each chosen card starts its owner\'s leaf pile', () => {
    const match = arrangedMatch([S0, [8, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    chooseAll(match, [4, 8, 9]);
    const s = stateOf(match);
    expect(s.piles).toEqual([[4], [8], [9]]);
    expect(s.phase).toBe('choose');
    expect(s.round).toBe(1);
  });

  it('L5: the lowest card acts first; ties go by the leaf piles, worked out again after every placement', () => {
    const match = arrangedMatch([
      [3, 7, 1, 1, 1, 1, 1].map((c, i) => (i < 2 ? c : [2, 2, 5, 5, 6][i - 2]!)),
      [4, 7, 6, 6, 6, 6, 6],
      [9, 3, 10, 10, 10, 10, 10],
    ]);
    chooseAll(match, [3, 4, 9]); // piles: [3] [4] [9]
    chooseAll(match, [7, 7, 3]);
    let v = autumnLeaves.view(stateOf(match), 0);
    // Seat 2's 3 acts first; between the 7s, seat 0's pile (3) is lower than seat 1's (4).
    expect(v.current).toBe(2);
    expect(v.order).toEqual([2, 0, 1]);
    // Seat 2's 3 fits only on seat 1's 4. Then both tied piles show a 3; below it seat 1 has a
    // card and seat 0 none, and having a card acts first.
    expect(autumnLeaves.legalActions(stateOf(match), 2)).toEqual([{ type: 'place', pile: 1 }]);
    must(match, 2, { type: 'place', pile: 1 });
    v = autumnLeaves.view(stateOf(match), 0);
    expect(v.current).toBe(1);
    expect(v.order).toEqual([1, 0]);
  });

  it('L5: identical leaf piles are ordered by the seed, the same way every time', () => {
    const orders = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const run = () => {
        const match = arrangedMatch([[5, 6, 2, 2, 3, 3, 7], [5, 6, 4, 4, 4, 4, 8], [9, 10, 7, 7, 7, 7, 8]], { seed });
        chooseAll(match, [5, 5, 9]);
        chooseAll(match, [6, 6, 10]);
        return autumnLeaves.view(stateOf(match), 2).order.join(',');
      };
      const first = run();
      expect(run()).toBe(first);
      orders.add(first);
    }
    expect(orders).toEqual(new Set(['0,1,2', '1,0,2']));
  });

  it('L6: a card that fits must be placed, on any pile it fits, own or another\'s', () => {
    const match = arrangedMatch([S0, [4, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    chooseAll(match, [3, 4, 9]); // piles [3] [4] [9]
    chooseAll(match, [2, 8, 9]);
    expect(stateOf(match).current).toBe(0);
    expect(autumnLeaves.legalActions(stateOf(match), 0)).toEqual([{ type: 'place', pile: 0 }]);
    const refused = play(match, 0, { type: 'keep' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/must place it/);
    must(match, 0, { type: 'place', pile: 0 });
    // Seat 1's 8 fits on seat 2's 9 only; seat 2's 9 then fits on the 8.
    expect(autumnLeaves.legalActions(stateOf(match), 1)).toEqual([{ type: 'place', pile: 2 }]);
    must(match, 1, { type: 'place', pile: 2 });
    expect(autumnLeaves.legalActions(stateOf(match), 2)).toEqual([{ type: 'place', pile: 2 }]);
  });

  it('L6: a card that fits nowhere is taken back or discarded for a replacement', () => {
    const match = arrangedMatch([S0, [4, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]], { drawTop: [10] });
    chooseAll(match, [3, 4, 9]); // piles [3] [4] [9]
    chooseAll(match, [6, 8, 9]); // 6 fits nowhere; 8 fits on 9
    expect(autumnLeaves.legalActions(stateOf(match), 0)).toEqual([{ type: 'keep' }, { type: 'discard' }]);
    must(match, 0, { type: 'discard' });
    const s = stateOf(match);
    expect(s.discard).toEqual([6]);
    expect(s.handCards[0]).toContain(10);
    expect(s.handCards[0]).not.toContain(6);
    // Another seat sees the discard but not what was drawn.
    const event = autumnLeaves.view(stateOf(match), 1).log.events.at(-1);
    expect(event).toEqual({ type: 'discard', seat: 0, card: 6, drew: null });
    expect(autumnLeaves.view(stateOf(match), 0).log.events.at(-1)).toEqual({ type: 'discard', seat: 0, card: 6, drew: 10 });

    const keep = arrangedMatch([S0, [4, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    chooseAll(keep, [3, 4, 9]);
    chooseAll(keep, [6, 8, 9]);
    must(keep, 0, { type: 'keep' });
    expect(stateOf(keep).handCards[0]).toEqual([1, 2, 4, 5, 6, 7]);
    // Everyone now knows seat 0 holds a 6.
    expect(autumnLeaves.view(stateOf(keep), 2).known[0]).toEqual([6]);
  });

  it('L7: a cold snap puts every card on its owner\'s pile, in play order', () => {
    const match = arrangedMatch([S0, [5, 7, 8, 8, 8, 8, 8], [9, 7, 9, 9, 9, 9, 9]]);
    chooseAll(match, [1, 5, 9]); // piles [1] [5] [9]
    chooseAll(match, [3, 7, 7]); // nothing fits anywhere
    const s = stateOf(match);
    expect(s.piles).toEqual([[1, 3], [5, 7], [9, 7]]);
    expect(s.phase).toBe('choose');
    const reveal = ringLog(s.log).events.find((e) => e.type === 'reveal' && e.coldSnap);
    expect(reveal).toBeDefined();
    // Placed in L5 order: the 3, then the 7 on the lower pile (5 before 9).
    const placed = ringLog(s.log).events.filter((e) => e.type === 'place').map((e) => (e.type === 'place' ? e.seat : -1));
    expect(placed).toEqual([0, 1, 2]);
  });

  it('L8: placing your last card ends the hand at once; who has not acted takes their card back', () => {
    const match = arrangedMatch([S0, [10, 10, 10, 10, 10, 10, 10], [9, 9, 9, 9, 9, 9, 9]]);
    const s = stateOf(match);
    playSeatZeroOut(match, (st) => st.phase === 'choose' && st.handCards[0]!.length === 1);
    const before = s.handCards.map((h) => h.length);
    chooseAll(match, [7, s.handCards[1]![0]!, s.handCards[2]![0]!]);
    // Seat 0's 7 is the lowest card: it acts first and empties its hand.
    expect(s.current).toBe(0);
    must(match, 0, { type: 'place', pile: 0 });
    expect(s.phase).toBe('over');
    // Seats 1 and 2 had not acted: their chosen cards went back to hand.
    expect(s.handCards.map((h) => h.length)).toEqual([0, before[1], before[2]]);
    expect(s.chosen).toEqual([null, null, null]);
    expect(autumnLeaves.components(s).length).toBe(55);
  });

  it('L8 and L9: drawing the last card of the draw pile ends the hand, and nobody emptied it', () => {
    const match = arrangedMatch([S0, [4, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]], { drawTop: [10] });
    chooseAll(match, [3, 4, 9]);
    // Leave a single card in the draw pile (the arranged 10): the rest is set aside in the discard.
    const s = stateOf(match);
    s.discard.push(...s.deck.splice(0, s.deck.length - 1));
    chooseAll(match, [6, 8, 9]);
    must(match, 0, { type: 'discard' });
    expect(s.phase).toBe('over');
    const last = ringLog(s.log).events.filter((e) => e.type === 'hand-end').at(-1);
    expect(last && last.type === 'hand-end' && last.emptied).toBeNull();
    // L9: highest card in hand minus leaf pile, never below 0. Seat 0 holds 10 and has 1 card down.
    // Seats 1 and 2 had not acted: their 8 and 9 went back to hand.
    expect(s.handScores[0]).toEqual([10 - 1, 8 - 1, 9 - 1]);
  });

  it('L9: the player who empties their hand scores minus their pile; the others never below 0', () => {
    const match = arrangedMatch([S0, [10, 10, 10, 10, 10, 10, 10], [9, 9, 9, 9, 9, 9, 9]]);
    playSeatZeroOut(match);
    const s = stateOf(match);
    expect(s.piles[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const [mine, one, two] = s.handScores[0]!;
    expect(mine).toBe(-7);
    expect(one).toBe(Math.max(0, Math.max(...s.handCards[1]!) - s.piles[1]!.length));
    expect(two).toBe(Math.max(0, Math.max(...s.handCards[2]!) - s.piles[2]!.length));
    expect(one).toBeGreaterThanOrEqual(0);
  });
});

/** Seat 0 holds 1–7 and plays them in order onto its own pile; the others play their first legal action. */
function playSeatZeroOut(match: ReturnType<typeof arrangedMatch>, until?: (s: State) => boolean): void {
  const s = stateOf(match);
  for (let guard = 0; guard < 200 && s.phase !== 'over' && !until?.(s); guard++) {
    if (s.phase === 'choose') {
      for (let seat = 0; seat < s.seats; seat++) {
        if (s.chosen[seat] === null) must(match, seat, { type: 'choose', card: s.handCards[seat]![0]! });
      }
    } else {
      const seat = s.current!;
      const legal = autumnLeaves.legalActions(s, seat);
      const own = legal.find((a) => a.type === 'place' && a.pile === seat);
      must(match, seat, seat === 0 ? own : (legal.find((a) => a.type === 'place') ?? { type: 'keep' }));
    }
  }
}
