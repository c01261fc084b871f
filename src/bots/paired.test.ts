import { describe, expect, it } from 'vitest';
import type { Bot } from '../engine/bot.js';
import { createRng, type ActionBase, type AnyGame } from '../engine/index.js';
import { botInput } from './play.js';
import { ismctsSearch, makeIsmctsBot } from './ismcts.js';
import { withGame } from './levels.js';
import { BUILTINS } from '../games/index.js';
import { checkFairness, decideWith } from '../../test/fairness.js';
import { takeAway, type TakeState } from '../../test/fixtures/take-away.js';
import { hiddenBid } from '../../test/fixtures/hidden-bid.js';
import { createMatch } from '../engine/match.js';

const game = takeAway as unknown as AnyGame;
const state = (pile: number, takenThisTurn: number): TakeState => ({ seats: 2, pile, turn: 0, takenThisTurn, winner: null });
/** A greedy "heuristic": always takes another stone when it may. */
const greedy: Bot = (input) => input.legal.find((a) => a.type === 'take') ?? input.legal[0]!;

const search = (s: TakeState, config: Parameters<typeof ismctsSearch>[1]) =>
  ismctsSearch(botInput(game, s, 0, createRng('paired')), { paired: true, playoutBot: greedy, iterations: 10, ...config });

describe('ISMCTS paired mode (root candidates played out on the same worlds)', () => {
  it('corrects its heuristic where the playouts show a better move', () => {
    // Pile 4 with two taken: greedy takes a third (pile 3, the greedy opponent takes all and wins);
    // ending the turn leaves the opponent 4, and greedy play then hands us the last stone.
    const result = search(state(4, 2), {});
    expect(result.action).toEqual({ type: 'end' });
    const mean = (a: ActionBase): number => result.stats.find((x) => x.action.type === a.type)!.mean;
    expect(mean({ type: 'end' })).toBeGreaterThan(mean({ type: 'take' }));
    // The heuristic's own choice comes first among the candidates.
    expect(result.stats[0]!.action).toEqual({ type: 'take' });
  });

  it('compares only the first `candidates` actions', () => {
    const result = search(state(4, 2), { candidates: 1 });
    expect(result.action).toEqual({ type: 'take' });
    expect(result.iterations).toBe(0);
  });

  it('leaves deferred decisions to the heuristic without searching', () => {
    const result = search(state(4, 2), { knowledge: { defer: () => true } });
    expect(result).toMatchObject({ action: { type: 'take' }, iterations: 0 });
  });

  it('is deterministic for a seed and counts determinizations as iterations', () => {
    const bid = hiddenBid as unknown as AnyGame;
    const created = createMatch(bid, { seats: 3, seed: 'det' });
    if (!created.ok) throw new Error(created.error.message);
    const random: Bot = (input) => input.legal[Math.floor(input.legal.length / 2)]!;
    const run = () => ismctsSearch(botInput(bid, created.value.state, 1, createRng('same')), { paired: true, playoutBot: random, iterations: 25 });
    const a = run();
    expect(run()).toEqual(a);
    expect(a.iterations).toBe(25);
  });

  it('is fair: on a state and its re-dealt twin it decides the same (Autumn Leaves, every decision searched)', () => {
    const al = BUILTINS.get('autumn-leaves')!;
    const bot = makeIsmctsBot(withGame({ paired: true, iterations: 6, candidates: 3 }, al.bots));
    const report = checkFairness(al.game, decideWith(bot), { seats: 4, games: 2, decisionsPerGame: 4, maxSteps: 300 });
    expect(report.decisions).toBeGreaterThanOrEqual(6);
    expect(report.differing).toBeGreaterThan(0);
  });

  it('refuses to run without a heuristic to play out with', () => {
    expect(() => ismctsSearch(botInput(game, state(4, 2), 0, createRng('x')), { paired: true })).toThrow(/playoutBot/);
  });
});
