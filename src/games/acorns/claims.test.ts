/** Scenario tests for rulings A6–A11: leads, claims, the end and the score. */
import { describe, expect, it } from 'vitest';
import type { Match } from '../../engine/match.js';
import type { AcornsAction } from './actions.js';
import { acorns } from './index.js';
import { BUILTIN_TABLES } from './tables.js';
import { act, startScenario, stateOf, view, legal, tree, sq, DRAW } from './scenario.js';

describe('A6 who leads', () => {
  // Seat 0 plants tree-8-1; red (seat 1) and blue (seat 2) tie at 1, so nobody leads.
  const start = () => {
    const m = startScenario({
      seats: 4,
      hands: [
        ['tree-8-1', 'turtle', 'squirrel-green-3-1'],
        ['squirrel-red-1-1', 'fox-red'],
        ['squirrel-blue-1-1', 'squirrel-blue-3-1', 'fox-blue'],
        [],
      ],
    });
    act(m, 0, { type: 'plant', card: 'tree-8-1' });
    act(m, 1, sq('squirrel-red-1-1', 'tree-8-1'));
    act(m, 2, sq('squirrel-blue-1-1', 'tree-8-1'));
    act(m, 3, DRAW);
    return m;
  };

  it('A6: a tie for the highest total means nobody leads, and the tree stays', () => {
    const m = start();
    expect(tree(m, 'tree-8-1')!.leaders).toEqual([]);
    act(m, 0, DRAW);
    act(m, 1, DRAW);
    act(m, 2, DRAW);
    expect(tree(m, 'tree-8-1')).toBeDefined();
    // A weaker player may join the standoff and take the lead.
    act(m, 3, DRAW);
    act(m, 0, sq('squirrel-green-3-1', 'tree-8-1'));
    expect(tree(m, 'tree-8-1')!.leaders).toEqual([0]);
  });

  it('A6: a fox outweighs every squirrel', () => {
    const m = start();
    act(m, 0, DRAW);
    act(m, 1, { type: 'fox', card: 'fox-red', tree: 'tree-8-1' });
    act(m, 2, sq('squirrel-blue-3-1', 'tree-8-1'));
    const t = tree(m, 'tree-8-1')!;
    expect(t.groups.map((g) => g.total)).toEqual([1, 4]);
    expect(t.leaders).toEqual([1]);
  });

  it('A6: the last fox or turtle played leads; the turtle for the tree owner', () => {
    const m = start();
    act(m, 0, DRAW);
    act(m, 1, { type: 'fox', card: 'fox-red', tree: 'tree-8-1' });
    act(m, 2, { type: 'fox', card: 'fox-blue', tree: 'tree-8-1' });
    expect(tree(m, 'tree-8-1')!.leaders).toEqual([2]);
    act(m, 3, DRAW);
    act(m, 0, { type: 'turtle', tree: 'tree-8-1' });
    const t = tree(m, 'tree-8-1')!;
    expect(t.guards).toEqual([
      { card: 'fox-red', seat: 1 },
      { card: 'fox-blue', seat: 2 },
      { card: 'turtle', seat: 0 },
    ]);
    expect(t.leaders).toEqual([0]);
  });
});

describe('A7 A8 A9 claims', () => {
  it('A7: at the start of your turn you claim every tree you lead', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-5-1', 'tree-4-1'], ['squirrel-red-2-1', 'squirrel-red-3-1'], []],
    });
    act(m, 0, { type: 'plant', card: 'tree-5-1' });
    act(m, 1, sq('squirrel-red-2-1', 'tree-5-1'));
    act(m, 2, DRAW);
    // Seat 0 planted it, but seat 1's group leads: A8 does not apply, seat 0 claims nothing.
    expect(view(m, 0).scorePiles[0]!.trees).toEqual([]);
    expect(tree(m, 'tree-5-1')!.leaders).toEqual([1]);
    // Handing the turn to seat 1 runs its claim step at once, before it chooses an action.
    act(m, 0, { type: 'plant', card: 'tree-4-1' });
    const v = view(m, 2);
    expect(v.scorePiles[1]).toEqual({ seats: [1], trees: ['tree-5-1'], acorns: 5 });
    expect(v.trees.map((t) => t.tree)).toEqual(['tree-4-1']);
    expect(v.log.events.some((e) => e.kind === 'claim' && e.seat === 1 && e.tree === 'tree-5-1')).toBe(true);
  });

  it('A7: a lead lost before your turn claims nothing', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-5-1'], ['squirrel-red-2-1'], ['squirrel-blue-3-1']],
    });
    act(m, 0, { type: 'plant', card: 'tree-5-1' });
    act(m, 1, sq('squirrel-red-2-1', 'tree-5-1'));
    act(m, 2, sq('squirrel-blue-3-1', 'tree-5-1'));
    act(m, 0, DRAW);
    expect(view(m, 1).scorePiles[1]!.trees).toEqual([]);
    act(m, 1, DRAW);
    expect(view(m, 0).scorePiles[2]!.trees).toEqual(['tree-5-1']);
  });

  it('A8: your tree planted last turn with no group and no turtle is yours at the start of your turn', () => {
    const m = startScenario({ seats: 3, hands: [['tree-7-1', 'tree-2-1'], [], ['tree-3-1']] });
    act(m, 0, { type: 'plant', card: 'tree-7-1' });
    act(m, 1, DRAW);
    act(m, 2, { type: 'plant', card: 'tree-3-1' });
    expect(view(m, 0).scorePiles[0]).toEqual({ seats: [0], trees: ['tree-7-1'], acorns: 7 });
    // Seat 2's unsurrounded tree is not seat 0's to claim.
    expect(tree(m, 'tree-3-1')!.owner).toBe(2);
    act(m, 0, { type: 'plant', card: 'tree-2-1' });
    act(m, 1, DRAW);
    expect(view(m, 0).scorePiles[2]!.trees).toEqual(['tree-3-1']);
  });

  it('A8: a tree with a group around it is not claimed by its owner, even when the group is tied', () => {
    const m = startScenario({ seats: 3, hands: [['tree-7-1'], ['squirrel-red-1-1'], ['squirrel-blue-1-1']] });
    act(m, 0, { type: 'plant', card: 'tree-7-1' });
    act(m, 1, sq('squirrel-red-1-1', 'tree-7-1'));
    act(m, 2, sq('squirrel-blue-1-1', 'tree-7-1'));
    expect(view(m, 0).scorePiles[0]!.trees).toEqual([]);
    expect(tree(m, 'tree-7-1')!.leaders).toEqual([]);
  });

  it('A9: a claimed tree goes to the score pile; its squirrels, fox and turtle leave the game', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-6-1', 'turtle'], ['squirrel-red-2-1', 'fox-red'], []],
    });
    act(m, 0, { type: 'plant', card: 'tree-6-1' });
    act(m, 1, sq('squirrel-red-2-1', 'tree-6-1'));
    act(m, 2, DRAW);
    act(m, 0, { type: 'turtle', tree: 'tree-6-1' });
    act(m, 1, { type: 'fox', card: 'fox-red', tree: 'tree-6-1' });
    act(m, 2, DRAW);
    act(m, 0, DRAW);
    // Seat 1's fox came last: seat 1 claims at the start of its turn.
    const v = view(m, 2);
    expect(v.scorePiles[1]!.trees).toEqual(['tree-6-1']);
    expect([...v.box].sort()).toEqual(['fox-red', 'squirrel-red-2-1', 'turtle']);
    expect(v.trees).toEqual([]);
    expect(acorns.components(stateOf(m))).toHaveLength(78);
  });
});

/** Plays scripted choices: `choose` picks an action for the seat to act, or undefined for the first legal one. */
function playWhile(m: Match, more: () => boolean, choose: (seat: number, legal: readonly AcornsAction[]) => AcornsAction | undefined): void {
  for (let guard = 0; more() && guard < 2000; guard++) {
    const seat = acorns.toAct(stateOf(m))[0]!;
    const options = legal(m, seat);
    act(m, seat, choose(seat, options) ?? options[0]!);
  }
}

describe('A10 A11 the end and the score', () => {
  it('A10: running out of cards while the draw pile has cards does not end the game: you draw', () => {
    const trees = ['tree-2-1', 'tree-2-2', 'tree-2-3', 'tree-2-4', 'tree-2-5', 'tree-3-1'];
    const m = startScenario({ seats: 2, hands: [trees] });
    for (const t of trees) {
      act(m, 0, { type: 'plant', card: t });
      act(m, 1, DRAW);
    }
    expect(view(m, 0).hand).toEqual([]);
    expect(acorns.outcome(stateOf(m))).toBeNull();
    expect(legal(m, 0)).toEqual([DRAW]);
  });

  it('A10 A11: the game ends the moment the draw pile is empty and a hand is empty; unclaimed trees leave; trees in hand count against you', () => {
    // Eight seats: 30 cards in the draw pile. Seat 0 plants a tree a turn; the others draw,
    // then discard once the pile is out. Seat 0 plays its last card in its sixth turn.
    const trees = ['tree-2-1', 'tree-2-2', 'tree-2-3', 'tree-2-4', 'tree-2-5', 'tree-3-1'];
    const m = startScenario({ seats: 8, hands: [trees] });
    playWhile(
      m,
      () => acorns.outcome(stateOf(m)) === null,
      (seat, options) => options.find((a) => (seat === 0 ? a.type === 'plant' : a.type === 'draw' || a.type === 'discard')),
    );
    const out = acorns.outcome(stateOf(m))!;
    const v = view(m, 0);
    expect(v.over).toBe(true);
    expect(v.drawPile).toBe(0);
    expect(v.revealedHands![0]).toEqual([]);
    expect(v.turn).toBeNull();
    expect(acorns.toAct(stateOf(m))).toEqual([]);
    // Seat 0 claimed its first five trees (A8); the sixth, planted last, left the game.
    expect(v.scorePiles[0]).toEqual({ seats: [0], trees: trees.slice(0, 5), acorns: 10 });
    expect(v.box).toContain('tree-3-1');
    expect(v.trees).toEqual([]);
    expect(out.rounds).toBe(5); // the game ended in the sixth time round the table
    // A11: claimed acorns minus acorns on trees still in hand.
    for (let seat = 1; seat < 8; seat++) {
      const inHand = v.revealedHands![seat]!.filter((c) => c.startsWith('tree-')).reduce((n, c) => n + Number(c.split('-')[1]), 0);
      expect(out.scores[seat]).toBe(-inHand);
    }
    expect(out.scores[0]).toBe(10);
    expect(out.winners).toEqual([0]);
    expect(acorns.components(stateOf(m)).sort()).toEqual([...BUILTIN_TABLES.ids].sort());
  });

  it('A11: equal scores share the win, and the next rank skips', () => {
    let found = 0;
    for (let i = 0; i < 300 && found < 3; i++) {
      const state = acorns.setup({ seats: 6, seed: `tie-${i}`, options: { partners: false } });
      let guard = 0;
      while (!state.over && guard++ < 2000) {
        const seat = state.turn;
        const options = acorns.legalActions(state, seat);
        acorns.apply(state, seat, options[(guard * 7919) % options.length]!);
      }
      const out = acorns.outcome(state)!;
      if (out.winners.length < 2) continue;
      found++;
      const top = out.scores[out.winners[0]!]!;
      for (const w of out.winners) expect(out.scores[w]).toBe(top);
      const next = Math.max(...out.scores.filter((s) => s < top));
      const nextSeat = out.scores.indexOf(next);
      if (nextSeat >= 0) expect(out.ranks[nextSeat]).toBe(1 + out.winners.length);
    }
    expect(found).toBeGreaterThan(0);
  });
});
