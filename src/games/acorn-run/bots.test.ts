import { describe, expect, it } from 'vitest';
import { playBotMatch } from '../../bots/play.js';
import { findBot, randomBot } from '../../bots/index.js';
import type { Bot } from '../../engine/bot.js';
import type { AnyGame } from '../../engine/game.js';
import { createMatch } from '../../engine/match.js';
import { heuristicBotFor, knowledgeFor } from './bots.js';
import { acornRun, acornRunPackage } from './index.js';
import type { State } from './state.js';
import { createRng } from '../../engine/rng.js';
import { must, posName, race, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;
const heuristicBot = heuristicBotFor(T);
const acornRunKnowledge = knowledgeFor(T);

const game = acornRun as unknown as AnyGame;

describe('Acorn Run heuristic bot', () => {
  it('is the registered heuristic for acorn-run', () => {
    const found = findBot('acorn-run', 'heuristic');
    // The package's heuristic is the one made from the package's own tables (heuristicBotFor).
    expect(found.ok && found.value).toBe(acornRunPackage.bots.heuristic);
  });

  it('races four-handed to the finish, buying cards, making combos and spending acorns', () => {
    const r = playBotMatch(game, { seats: 4, seed: 'bots-4' }, Array(4).fill(heuristicBot) as Bot[]);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.match.state as State;
    expect(Number(r.value.outcome.stats?.finishers)).toBeGreaterThanOrEqual(3);
    expect(r.value.outcome.rounds).toBeLessThan(30);
    const actions = r.value.match.record.actions.map((a) => a.action.type);
    expect(actions.filter((t) => t === 'buy').length).toBeGreaterThan(4);
    expect(actions.filter((t) => t === 'spend').length).toBeGreaterThan(4);
    expect(s.racers.every((x) => x.tokens.length > 0)).toBe(true);
  });

  it('R8: starting its turn on a space another pawn holds, it moves off before it ends the turn', () => {
    const m = race({ positions: ['t1.g2.3', 't1.g2.4'], decks: [null, null] });
    stateOf(m).racers[1]!.pos = stateOf(m).racers[0]!.pos;
    for (let i = 0; i < 60 && acornRun.toAct(stateOf(m))[0] === 0; i++) {
      const legal = acornRun.legalActions(stateOf(m), 0);
      const input = { game, seat: 0, view: acornRun.view(stateOf(m), 0), legal, rng: createRng('b'), determinize: () => stateOf(m) };
      must(m, heuristicBot(input), 0);
    }
    expect(acornRun.toAct(stateOf(m))).toEqual([1]);
    expect(posName(m, 0)).not.toBe('t1.g2.3');
  });

  it('beats random racers', () => {
    for (const seed of ['a', 'b', 'c']) {
      const r = playBotMatch(game, { seats: 2, seed, options: { firstSeat: 1 } }, [heuristicBot as Bot, randomBot]);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.outcome.winners).toEqual([0]);
    }
  });
});

describe('Acorn Run search knowledge', () => {
  it('Acorn Run: every step towards the Great Oak raises the racer\'s value, not only passing someone', () => {
    const game = acornRun as unknown as AnyGame;
    const created = createMatch(game, { seats: 4, seed: 'kv' });
    if (!created.ok) throw new Error(created.error.message);
    const state = game.clone(created.value.state) as State;
    const racer = state.racers[state.seatRacer[0]!]!;
    // From the go space the first step forward gains nothing (a climb is as quick): start one on.
    racer.pos = T.board.spaces[racer.pos!]!.forward;
    let before = acornRunKnowledge.value!(state);
    for (let step = 0; step < 6; step++) {
      const next = T.board.spaces[racer.pos!]!.forward;
      if (next === null || next === T.board.finish) break;
      racer.pos = next;
      const after = acornRunKnowledge.value!(state);
      expect(after[0]!).toBeGreaterThan(before[0]!);
      for (let seat = 1; seat < 4; seat++) expect(after[seat]!).toBeLessThanOrEqual(before[seat]! + 1e-12);
      before = after;
    }
    racer.acorns += 2;
    expect(acornRunKnowledge.value!(state)[0]!).toBeGreaterThan(before[0]!);
  });
});
