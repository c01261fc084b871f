import { describe, expect, it } from 'vitest';
import { createMatch, createRng } from '../../engine/index.js';
import { getGame } from '../../games/index.js';
import { BOARD } from '../../games/acorn-run/board.js';
import type { State } from '../../games/acorn-run/state.js';
import { acornsHeuristic } from '../../games/acorns/bots.js';
import { botInput } from '../play.js';
import { acornRunKnowledge } from './acorn-run.js';
import { acornsKnowledge } from './acorns.js';

describe('search knowledge', () => {
  it('Acorn Run: every step towards the Great Oak raises the racer\'s value, not only passing someone', () => {
    const game = getGame('acorn-run')!;
    const created = createMatch(game, { seats: 4, seed: 'kv' });
    if (!created.ok) throw new Error(created.error.message);
    const state = game.clone(created.value.state) as State;
    const racer = state.racers[state.seatRacer[0]!]!;
    // From the go space the first step forward gains nothing (a climb is as quick): start one on.
    racer.pos = BOARD.spaces[racer.pos!]!.forward;
    let before = acornRunKnowledge.value!(state);
    for (let step = 0; step < 6; step++) {
      const next = BOARD.spaces[racer.pos!]!.forward;
      if (next === null || next === BOARD.finish) break;
      racer.pos = next;
      const after = acornRunKnowledge.value!(state);
      expect(after[0]!).toBeGreaterThan(before[0]!);
      for (let seat = 1; seat < 4; seat++) expect(after[seat]!).toBeLessThanOrEqual(before[seat]! + 1e-12);
      before = after;
    }
    racer.acorns += 2;
    expect(acornRunKnowledge.value!(state)[0]!).toBeGreaterThan(before[0]!);
  });

  it("Acorns: rank puts the heuristic's own choice first and keeps every legal action", () => {
    const game = getGame('acorns')!;
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
