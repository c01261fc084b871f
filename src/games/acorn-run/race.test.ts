import { ringLog } from '../../engine/narration.js';
import { describe, expect, it } from 'vitest';
import { stableHash } from '../../engine/hash.js';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import { actionLabel } from './labels.js';
import type { Action } from './actions.js';
import { OUT_OF_TIME } from './state.js';
import { textUIFor } from './text.js';
import { card, endTurn, FILLER, isLegal, must, race, sprint, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;
const textUI = textUIFor(T);

const ids = (cards: readonly (number | null)[]) => cards.map((c) => (c === null ? null : kindOf(T, c).id));
const PLAIN = ['s-green', 's-green', 's-yellow', 's-red', 's-red-g', 's-red-y', ...FILLER];
const HOPPER = ['g-hop', 's-green', 's-green', 's-yellow', 's-red', 's-red-g', ...FILLER];
const POWER = 6;

describe('Acorn Run buying (R10)', () => {
  it('R10: paying cost X discards X cards; the card joins the discard pile and its slot refills at once', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [PLAIN], cheap: ['g-dash', 'y-twig-r', 'r-twig-g', 'r-dash'] });
    must(m, { type: 'buy', row: 'cheap', index: 0 });
    must(m, { type: 'add', card: card(m, 's-green') });
    expect(stateOf(m).turn.pending[0]?.kind).toBe('pay');
    must(m, { type: 'add', card: card(m, 's-yellow') });
    const s = stateOf(m);
    expect(ids(s.racers[0]!.discard).sort()).toEqual(['g-dash', 's-green', 's-yellow']);
    expect(ids(s.market.cheap.row)).toEqual(['r-dash', 'y-twig-r', 'r-twig-g']);
    // The freshly laid card may be bought straight away.
    expect(isLegal(m, { type: 'buy', row: 'cheap', index: 0 })).toBe(true);
  });

  it('R10: a card costing more than the hand can pay is not offered; cancel returns the payment', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [PLAIN], expensive: ['g-gift', 'g-rush'] });
    sprint(m, 'red', ['s-red', 's-red-g', 's-red-y']);
    expect(isLegal(m, { type: 'buy', row: 'expensive', index: 0 })).toBe(false);
    const before = stableHash(m.state);
    must(m, { type: 'buy', row: 'expensive', index: 1 });
    must(m, { type: 'add', card: card(m, 's-yellow') });
    must(m, { type: 'cancel' });
    expect(stableHash(m.state)).toBe(before);
  });

  it('R10: an acorn action gives +2 buying power for the turn', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [PLAIN], expensive: ['g-gift'], acorns: [1] });
    sprint(m, 'red', ['s-red', 's-red-g', 's-red-y']);
    must(m, { type: 'spend', cell: POWER });
    expect(stateOf(m).turn.buyingPower).toBe(2);
    must(m, { type: 'buy', row: 'expensive', index: 0 });
    must(m, { type: 'add', card: card(m, 's-green') });
    must(m, { type: 'add', card: card(m, 's-green') });
    expect(ids(stateOf(m).racers[0]!.discard).sort()).toEqual(['g-gift', 's-green', 's-green']);
    expect(ids(stateOf(m).racers[0]!.hand)).toEqual(['s-yellow']);
  });
});

describe('Acorn Run end of turn (R11)', () => {
  it('R11: played cards are discarded, unused cards kept or discarded, the hand refilled to 6 with a reshuffle', () => {
    // A 7-card deck: 6 in hand, 1 left.
    const m = race({ positions: ['t1.g1.0'], decks: [['s-green', 's-green', 's-yellow', 's-red', 's-red-g', 's-red-y', 's-yellow-g']] });
    sprint(m, 'green', ['s-green', 's-green']);
    must(m, { type: 'end' });
    expect(stateOf(m).turn.pending).toEqual([{ kind: 'cleanup' }]);
    must(m, { type: 'discard', card: card(m, 's-yellow') });
    must(m, { type: 'keep' });
    const r = stateOf(m).racers[0]!;
    // Kept 3; drew the last deck card, then the discard pile (2 played + 1 discarded) was reshuffled for 2 more.
    expect(r.hand.length).toBe(6);
    expect(ids(r.hand)).toEqual(expect.arrayContaining(['s-red', 's-red-g', 's-red-y', 's-yellow-g']));
    expect(r.deck.length).toBe(1);
    expect(r.discard).toEqual([]);
    expect(stateOf(m).turn.played).toEqual([]);
  });
});

describe('Acorn Run finale (R12) and winner (R13)', () => {
  it('R12: the first finisher takes 10; on each of their turns an out-of-time token blocks the best empty space', () => {
    const m = race({ positions: ['t6.g1.4', 't6.y1.0'], decks: [HOPPER, HOPPER] });
    must(m, { type: 'play', card: card(m, 'g-hop') });
    const s = stateOf(m);
    expect(s.results[0]).toBe(0);
    expect(s.racers[0]!.finishLane).toBe('green');
    // Crossing the line ended seat 0's turn.
    expect(acornRun.toAct(s)).toEqual([1]);
    endTurn(m, 1);
    expect(s.results.slice(0, 3)).toEqual([0, OUT_OF_TIME, null]);
    expect(s.outOfTimeLeft).toBe(5);
    expect(acornRun.toAct(s)).toEqual([1]);
    expect(s.round).toBe(2);
  });

  it('R12: later finishers take the highest empty space and skip the rest of their turns', () => {
    const m = race({ positions: ['t6.g1.4', 't6.y1.3', 't6.r1.0'], decks: [HOPPER, HOPPER, null] });
    must(m, { type: 'play', card: card(m, 'g-hop') }, 0);
    must(m, { type: 'play', card: card(m, 'g-hop', 1) }, 1);
    const s = stateOf(m);
    expect(s.results.slice(0, 2)).toEqual([0, 1]);
    expect(s.racers[1]!.finishLane).toBe('yellow');
    endTurn(m, 2);
    // Seat 0 placed a token, seat 1 skipped: seat 2 again.
    expect(acornRun.toAct(s)).toEqual([2]);
    expect(s.results.slice(0, 3)).toEqual([0, 1, OUT_OF_TIME]);
  });

  it('R12: with no results space left, a racer still running is out of time and scores 0', () => {
    const m = race({ positions: ['t6.g1.4', 't6.y1.3', 't1.r1.0'], decks: [HOPPER, HOPPER, null] });
    must(m, { type: 'play', card: card(m, 'g-hop') }, 0);
    const s = stateOf(m);
    // Six spaces already blocked (as after six rounds of the finale): one space is left.
    for (let i = 1; i <= 6; i++) s.results[i] = OUT_OF_TIME;
    s.outOfTimeLeft = 0;
    must(m, { type: 'play', card: card(m, 'g-hop', 1) }, 1);
    expect(s.over).toBe(true);
    expect(s.racers[2]!.out).toBe(true);
    const o = acornRun.outcome(s)!;
    expect(o.scores).toEqual([10, 1, 0]);
    expect(o.ranks).toEqual([1, 2, 3]);
  });

  it('R12 (amended): a first finisher with no token left blocks nothing; the last space stays open, and only a full board disqualifies', () => {
    const m = race({ positions: ['t6.g1.4', 't1.y1.0', 't6.r1.2'], decks: [HOPPER, HOPPER, ['r-hop', ...PLAIN]] });
    must(m, { type: 'play', card: card(m, 'g-hop') }, 0);
    const s = stateOf(m);
    // Seat 2 keeps its hand (its Hop) from turn to turn.
    const hold = (seat: number) => {
      must(m, { type: 'end' }, seat);
      must(m, { type: 'keep' }, seat);
    };
    for (let round = 0; round < 6; round++) {
      endTurn(m, 1);
      hold(2);
    }
    expect(s.outOfTimeLeft).toBe(0);
    expect(s.results).toEqual([0, OUT_OF_TIME, OUT_OF_TIME, OUT_OF_TIME, OUT_OF_TIME, OUT_OF_TIME, OUT_OF_TIME, null]);
    // Round 8: seat 0's turn places nothing, nobody is disqualified while the 1-VP space is free.
    endTurn(m, 1);
    hold(2);
    expect(s.round).toBe(8);
    expect(acornRun.toAct(s)).toEqual([1]);
    endTurn(m, 1);
    expect(s.over).toBe(false);
    expect(s.racers.map((r) => r.out)).toEqual([false, false, false]);
    expect(s.results[7]).toBeNull();
    // …and the table hears of no token placed in round 8.
    const round8 = ringLog(s.log).events.findIndex((e) => e.kind === 'round' && e.round === 8);
    expect(round8).toBeGreaterThanOrEqual(0);
    expect(ringLog(s.log).events.slice(round8).some((e) => e.kind === 'out-of-time')).toBe(false);
    expect(acornRun.toAct(s)).toEqual([2]);
    // Seat 2 crosses the line and takes the last space: now the board is full and seat 1 is out.
    must(m, { type: 'play', card: card(m, 'r-hop', 2) }, 2);
    expect(s.results[7]).toBe(2);
    expect(s.over).toBe(true);
    expect(s.racers[1]!.out).toBe(true);
    const o = acornRun.outcome(s)!;
    expect(o.scores).toEqual([10, 0, 1]);
    expect(o.ranks).toEqual([1, 3, 2]);
    expect(o.rounds).toBe(8);
  });

  it('sunset: after the last round of the course every racer still running is out of time', () => {
    const m = race({}, { seats: 2, options: { roundLimit: 2 } });
    for (let i = 0; i < 3; i++) endTurn(m, stateOf(m).turn.racer);
    expect(stateOf(m).over).toBe(false);
    endTurn(m, 1);
    const o = acornRun.outcome(stateOf(m))!;
    expect(o.scores).toEqual([0, 0]);
    expect(o.ranks).toEqual([1, 1]);
    expect(o.rounds).toBe(2);
    expect(o.stats?.winnerLane).toBe('none');
  });

  it('R13: race VP plus combo VP wins; a tie goes to the racer higher on the results board', () => {
    const m = race({ positions: ['t6.g1.4', 't6.r1.2'], decks: [HOPPER, ['r-hop', ...PLAIN]] });
    must(m, { type: 'play', card: card(m, 'g-hop') }, 0);
    const s = stateOf(m);
    // Seat 1 holds combo VP worth 2: 8 race VP + 2 = seat 0's 10.
    s.racers[1]!.tokens.push(...s.tokenSupply.splice(s.tokenSupply.indexOf(2), 1));
    must(m, { type: 'play', card: card(m, 'r-hop', 1) }, 1);
    const o = acornRun.outcome(s)!;
    expect(o.scores).toEqual([10, 10]);
    expect(o.winners).toEqual([0]);
    expect(o.ranks).toEqual([1, 2]);
    expect(o.rounds).toBe(1);
    expect(o.stats?.winnerLane).toBe('green');
    // One more combo VP would have won it for seat 1.
    s.racers[1]!.tokens.push(1);
    expect(acornRun.outcome(s)!.winners).toEqual([1]);
  });

  it('R12: crossing the finish line ends the turn at once, and every action that crosses says so before it is taken', () => {
    const m = race({ positions: ['t6.g1.4'], decks: [HOPPER] });
    const s = stateOf(m);
    const hop: Action = { type: 'play', card: card(m, 'g-hop') };
    const warns = (a: Action) => textUI.label(a, acornRun.view(s, 0), ['Ann']);
    // The web's buttons (labels.ts) warn too, and the terminal's label warns once.
    const button = (a: Action) => actionLabel(T, a, acornRun.view(s, 0));
    expect(warns(hop)).toMatch(/FINISH \(ends your turn now\)/);
    expect(warns(hop).match(/FINISH/g)).toHaveLength(1);
    expect(button(hop)).toBe('play Green Hop (move forward) → FINISH (ends your turn now)');
    expect(button({ type: 'end' })).toBe('end the turn');
    expect(acornRun.describeAction(s, 0, hop)).toMatch(/crosses the finish line \(this ends the turn\)/);
    expect(warns({ type: 'end' })).not.toMatch(/FINISH/);
    must(m, { type: 'sprint', color: 'green' });
    expect(warns({ type: 'done' })).not.toMatch(/FINISH/);
    must(m, { type: 'add', card: card(m, 's-green') });
    expect(warns({ type: 'done' })).toMatch(/FINISH/);
    expect(button({ type: 'done' })).toBe('done: finish the move → FINISH (ends your turn now)');
    must(m, { type: 'done' });
    expect(s.racers[0]!.place).toBe(0);
    expect(s.over).toBe(true);
  });

  it('a solo time trial: one racer against the clock scores 10 plus combo VP, and the rounds it took', () => {
    const m = race({ positions: ['t6.r1.2'], decks: [['r-hop', ...PLAIN]] });
    must(m, { type: 'play', card: card(m, 'r-hop') });
    const o = acornRun.outcome(stateOf(m))!;
    expect(o.scores).toEqual([10]);
    expect(o.winners).toEqual([0]);
    expect(o.rounds).toBe(1);
    expect(o.stats?.winnerLane).toBe('red');
  });
});
