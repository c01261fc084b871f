/** The heuristic bot: sensible single choices, and clearly better than random play. */
import { describe, expect, it } from 'vitest';
import { botInput, playBotMatch, randomBot } from '../../bots/index.js';
import type { AnyGame } from '../../engine/game.js';
import { createMatch } from '../../engine/match.js';
import { createRng } from '../../engine/rng.js';
import { chooseAction } from './bots.js';
import { acorns, acornsPackage } from './index.js';
import { BUILTIN_TABLES } from './tables.js';
import { act, startScenario, stateOf } from './scenario.js';

const acornsHeuristic = acornsPackage.bots.heuristic!;
const acornsKnowledge = acornsPackage.bots.knowledge!;

describe('acorns heuristic bot', () => {
  it('takes the lead on the most valuable tree it can win', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-8-1'], ['tree-2-1'], ['squirrel-red-3-1', 'squirrel-red-1-1', 'squirrel-blue-1-1']],
    });
    act(m, 0, { type: 'plant', card: 'tree-8-1' });
    act(m, 1, { type: 'plant', card: 'tree-2-1' });
    const s = stateOf(m);
    const choice = chooseAction(BUILTIN_TABLES, acorns.view(s, 2), 2, acorns.legalActions(s, 2), createRng('b'));
    expect(choice).toEqual({ type: 'squirrel', card: 'squirrel-red-3-1', tree: 'tree-8-1' });
  });

  it('plays its fox to take back a valuable tree where its group is behind', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-7-1', 'squirrel-red-1-1', 'fox-red'], ['squirrel-blue-1-4', 'squirrel-blue-2-1'], []],
    });
    act(m, 0, { type: 'plant', card: 'tree-7-1' });
    act(m, 1, { type: 'squirrel', card: 'squirrel-blue-1-4', tree: 'tree-7-1' });
    act(m, 2, { type: 'draw' });
    act(m, 0, { type: 'squirrel', card: 'squirrel-red-1-1', tree: 'tree-7-1' });
    act(m, 1, { type: 'squirrel', card: 'squirrel-blue-2-1', tree: 'tree-7-1' });
    act(m, 2, { type: 'draw' });
    const s = stateOf(m);
    expect(acorns.view(s, 0).trees[0]!.leaders).toEqual([1]);
    const choice = chooseAction(BUILTIN_TABLES, acorns.view(s, 0), 0, acorns.legalActions(s, 0), createRng('b'));
    expect(choice).toEqual({ type: 'fox', card: 'fox-red', tree: 'tree-7-1' });
  });

  it('wins clearly more often than random players (4 seats, one heuristic)', () => {
    let wins = 0;
    const games = 60;
    for (let i = 0; i < games; i++) {
      const seat = i % 4;
      const bots = [randomBot, randomBot, randomBot, randomBot];
      bots[seat] = acornsHeuristic;
      const played = playBotMatch(acorns, { seats: 4, seed: `bot-test-${i}` }, bots);
      if (!played.ok) throw new Error(played.error.message);
      if (played.value.outcome.winners.includes(seat)) wins++;
    }
    // Random play would win about a quarter; the heuristic wins about three quarters.
    expect(wins / games).toBeGreaterThan(0.45);
  });
});

describe('Acorns search knowledge', () => {
  it("Acorns: rank puts the heuristic's own choice first and keeps every legal action", () => {
    const game = acorns as unknown as AnyGame;
    const created = createMatch(game, { seats: 4, seed: 'kr' });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.value.state;
    const seat = game.toAct(state)[0]!;
    const input = botInput(game, state, seat, createRng('kr'));
    const ranked = acornsKnowledge.rank!(input, input.legal);
    expect(ranked).toHaveLength(input.legal.length);
    expect(new Set(ranked)).toEqual(new Set(input.legal));
    expect(ranked[0]).toEqual(acornsHeuristic(botInput(game, state, seat, createRng('other'))));
  });
});
