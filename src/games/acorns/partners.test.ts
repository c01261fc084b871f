/** Scenario tests for A12, the partner game. Teams: seats 0–1, 2–3 (and 4–5, 6–7). */
import { describe, expect, it } from 'vitest';
import { createMatch } from '../../engine/match.js';
import { acorns } from './index.js';
import { act, startScenario, stateOf, view, legal, why, tree, sq, DRAW } from './scenario.js';

describe('A12 the partner game', () => {
  it('A12: only for 4, 6 or 8 players', () => {
    for (const seats of [4, 6, 8]) expect(acorns.parseOptions({ partners: true }, seats)).toEqual({ ok: true, value: { partners: true } });
    for (const seats of [2, 3, 5, 7]) {
      const r = acorns.parseOptions({ partners: true }, seats);
      expect(r.ok ? 'accepted' : r.error.message).toBe(`the partner game needs 4, 6 or 8 seats (teams of two), not ${seats}`);
    }
    expect(acorns.parseOptions({}, 5)).toEqual({ ok: true, value: { partners: false } });
    const bad = acorns.parseOptions({ partner: true }, 4);
    expect(bad.ok ? 'accepted' : bad.error.message).toMatch(/one option, partners/);
    expect(createMatch(acorns, { seats: 5, seed: 'x', options: { partners: true } }).ok).toBe(false);
  });

  it('A12: teams are neighbours and groups belong to the team; the claim step runs on the first seat of a team', () => {
    const m = startScenario({
      seats: 4,
      partners: true,
      hands: [
        ['squirrel-blue-3-1', 'turtle'],
        ['tree-5-1', 'squirrel-blue-2-1', 'squirrel-green-1-1', 'fox-blue'],
        ['squirrel-red-1-1'],
        [],
      ],
    });
    expect(view(m, 0).teams).toEqual([
      [0, 1],
      [2, 3],
    ]);
    act(m, 0, DRAW);
    act(m, 1, { type: 'plant', card: 'tree-5-1' });
    act(m, 2, sq('squirrel-red-1-1', 'tree-5-1'));
    act(m, 3, DRAW);
    // Seat 0 runs its team's claim step: team 2–3 leads tree-5-1, so nothing is claimed.
    act(m, 0, sq('squirrel-blue-3-1', 'tree-5-1'));
    expect(tree(m, 'tree-5-1')!.groups[1]).toEqual({ color: 'blue', owners: [0, 1], cards: ['squirrel-blue-3-1'], total: 3 });
    expect(tree(m, 'tree-5-1')!.leaders).toEqual([0, 1]);
    // Seat 1 is second in its team: no claim step, though the team leads.
    expect(tree(m, 'tree-5-1')).toBeDefined();
    // A partner strengthens the team's group but may not start a second color.
    expect(why(m, 1, sq('squirrel-green-1-1', 'tree-5-1'))).toBe(
      'your team already has the blue group on tree-5-1, and strengthens it only with blue squirrels',
    );
    expect(legal(m, 1)).toContainEqual({ type: 'fox', card: 'fox-blue', tree: 'tree-5-1' });
    act(m, 1, sq('squirrel-blue-2-1', 'tree-5-1'));
    expect(tree(m, 'tree-5-1')!.groups[1]!.total).toBe(5);
    act(m, 2, DRAW); // team 2–3's claim step: it does not lead
    act(m, 3, DRAW);
    // Seat 0's turn: the team claims into the team's pile.
    const v = view(m, 0);
    expect(v.trees).toEqual([]);
    expect(v.scorePiles[0]).toEqual({ seats: [0, 1], trees: ['tree-5-1'], acorns: 5 });
    expect(v.log.events.some((e) => e.kind === 'claim' && e.seat === 0)).toBe(true);
  });

  it("A12: the turtle may defend a partner's tree; it leads for the team", () => {
    const m = startScenario({
      seats: 4,
      partners: true,
      hands: [['turtle'], ['tree-6-1'], ['squirrel-red-3-1', 'tree-2-1'], []],
    });
    act(m, 0, DRAW);
    act(m, 1, { type: 'plant', card: 'tree-6-1' });
    act(m, 2, sq('squirrel-red-3-1', 'tree-6-1'));
    act(m, 3, DRAW);
    expect(legal(m, 0)).toContainEqual({ type: 'turtle', tree: 'tree-6-1' });
    act(m, 0, { type: 'turtle', tree: 'tree-6-1' });
    expect(tree(m, 'tree-6-1')!.leaders).toEqual([0, 1]);
    act(m, 1, DRAW);
    act(m, 2, { type: 'plant', card: 'tree-2-1' });
    expect(why(m, 3, { type: 'turtle', tree: 'tree-2-1' })).toBe('you have no turtle');
    act(m, 3, DRAW);
    expect(view(m, 0).scorePiles[0]!.trees).toEqual(['tree-6-1']);
  });

  it("A12: the team claims a partner's unsurrounded tree at the first seat's turn", () => {
    const m = startScenario({ seats: 4, partners: true, hands: [[], ['tree-4-1'], [], []] });
    act(m, 0, DRAW);
    act(m, 1, { type: 'plant', card: 'tree-4-1' });
    act(m, 2, DRAW);
    act(m, 3, DRAW);
    expect(view(m, 0).scorePiles[0]!.trees).toEqual(['tree-4-1']);
  });

  it('A12: with the draw pile out, a partner with an empty hand sits out; the game ends when both partners are out', () => {
    // Seat 1 plays its cards as soon as it can; everyone else draws, then discards or plants.
    const m = startScenario({
      seats: 4,
      partners: true,
      hands: [[], ['tree-2-1', 'tree-2-2', 'tree-2-3', 'tree-2-4', 'tree-2-5', 'tree-3-1'], [], []],
    });
    let sawSittingOut = false;
    for (let guard = 0; acorns.outcome(stateOf(m)) === null && guard < 1000; guard++) {
      const s = stateOf(m);
      const seat = s.turn;
      const options = legal(m, seat);
      if (s.draw.length === 0 && s.hands[1]!.length === 0) {
        sawSittingOut = true;
        expect(seat).not.toBe(1);
        expect(view(m, 2).sittingOut).toContain(1);
        expect(legal(m, 1)).toEqual([]);
      }
      const pick = seat === 1 ? options.find((a) => a.type !== 'draw') : options.find((a) => a.type === 'draw' || a.type === 'discard');
      act(m, seat, pick ?? options[0]!);
    }
    expect(sawSittingOut).toBe(true);
    const s = stateOf(m);
    const out = acorns.outcome(s)!;
    expect(s.draw).toEqual([]);
    const teamOut = [0, 1].filter((team) => s.hands[2 * team]!.length === 0 && s.hands[2 * team + 1]!.length === 0);
    expect(teamOut.length).toBeGreaterThan(0);
    expect(out.teams).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('A12: the team score is both claims minus the trees left in both hands, shared by the partners', () => {
    for (const seed of ['p1', 'p2', 'p3']) {
      const state = acorns.setup({ seats: 6, seed, options: { partners: true } });
      for (let guard = 0; !state.over && guard < 2000; guard++) {
        const options = acorns.legalActions(state, state.turn);
        acorns.apply(state, state.turn, options[(guard * 31) % options.length]!);
      }
      const out = acorns.outcome(state)!;
      const v = acorns.view(state, 0);
      const acornsOf = (cards: string[]) => cards.filter((c) => c.startsWith('tree-')).reduce((n, c) => n + Number(c.split('-')[1]), 0);
      for (let team = 0; team < 3; team++) {
        const expected = v.scorePiles[team]!.acorns - acornsOf(v.revealedHands![2 * team]!) - acornsOf(v.revealedHands![2 * team + 1]!);
        expect(out.scores[2 * team]).toBe(expected);
        expect(out.scores[2 * team + 1]).toBe(expected);
        expect(out.ranks[2 * team]).toBe(out.ranks[2 * team + 1]);
      }
    }
  });
});
