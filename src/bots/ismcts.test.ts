import { describe, expect, it } from 'vitest';
import { createMatch, createRng, play, type ActionBase, type AnyGame } from '../engine/index.js';
import { botInput, playBotMatch } from './play.js';
import { ismctsSearch, makeIsmctsBot } from './ismcts.js';
import { randomBot } from './random.js';
import { takeAway, type TakeState } from '../../test/fixtures/take-away.js';
import { gamble } from '../../test/fixtures/gamble.js';
import { hiddenBid } from '../../test/fixtures/hidden-bid.js';
import { checkFairness, decideWith } from '../../test/fairness.js';

const asAny = (g: unknown): AnyGame => g as AnyGame;

function decide(game: AnyGame, state: unknown, seat: number, seed: string, iterations: number): ActionBase {
  return ismctsSearch(botInput(game, state, seat, createRng(seed)), { iterations }).action;
}

function takeState(pile: number, takenThisTurn: number): TakeState {
  return { seats: 2, pile, turn: 0, takenThisTurn, winner: null };
}

describe('ISMCTS', () => {
  it('plays a multi-step turn to the winning count: take until a multiple of four is left, then end', () => {
    const game = asAny(takeAway);
    // Pile 6 after one stone taken: taking one more leaves 4 (winning for us).
    expect(decide(game, takeState(5, 1), 0, 's1', 600)).toEqual({ type: 'take' });
    // Pile 4 after two taken: stop here, the opponent faces 4.
    expect(decide(game, takeState(4, 2), 0, 's2', 600)).toEqual({ type: 'end' });
    // Pile 7 after one taken: 6 left, take two more (the third ends the turn by itself).
    expect(decide(game, takeState(6, 1), 0, 's3', 600)).toEqual({ type: 'take' });
  });

  it('treats a simultaneous choice as hidden: it hides the token rather than playing safe', () => {
    const game = asAny(gamble);
    const match = createMatch(game, { seats: 2, seed: 'g' });
    if (!match.ok) throw new Error(match.error.message);
    // Seat 0 chooses first: a tree that let seat 1 answer seat 0's choice would play safe.
    const first = ismctsSearch(botInput(game, match.value.state, 0, createRng('x')), { iterations: 2000 });
    expect(first.action.type).toBe('hide');
    const safe = first.stats.find((s) => s.action.type === 'safe')!;
    const hides = first.stats.filter((s) => s.action.type === 'hide');
    for (const h of hides) expect(h.mean).toBeGreaterThan(safe.mean);
    // Seat 1 has already guessed (hidden): the same holds when seat 0 chooses second.
    expect(play(match.value, 1, { type: 'guess', cup: 'b' }).ok).toBe(true);
    const second = ismctsSearch(botInput(game, match.value.state, 0, createRng('y')), { iterations: 1000 });
    expect(second.action.type).toBe('hide');
  });

  it('is deterministic for a seed and an iteration budget', () => {
    const game = asAny(hiddenBid);
    const created = createMatch(game, { seats: 3, seed: 'det' });
    if (!created.ok) throw new Error(created.error.message);
    const state = created.value.state;
    const a = ismctsSearch(botInput(game, state, 1, createRng('same')), { iterations: 300 });
    const b = ismctsSearch(botInput(game, state, 1, createRng('same')), { iterations: 300 });
    expect(b).toEqual(a);
    expect(a.iterations).toBe(300);
    expect(a.stats.reduce((n, s) => n + s.visits, 0)).toBe(300);
  });

  it('stops on a time budget and still answers with a legal action', () => {
    const game = asAny(hiddenBid);
    const created = createMatch(game, { seats: 4, seed: 't' });
    if (!created.ok) throw new Error(created.error.message);
    const r = ismctsSearch(botInput(game, created.value.state, 2, createRng('t')), { timeMs: 20 });
    expect(r.iterations).toBeGreaterThan(0);
    expect(game.legalActions(created.value.state, 2)).toContainEqual(r.action);
  });

  it('scores capped playouts with the evaluator, and as a draw without one', () => {
    const game = asAny(takeAway);
    // The evaluator says seat 0 wins exactly when an even number of stones is left. With no
    // playout steps and one iteration per choice, each choice is judged by it alone.
    const evaluate = (s: unknown): number[] => ((s as TakeState).pile % 2 === 0 ? [1, 0] : [0, 1]);
    const config = { iterations: 2, playoutSteps: 0, knowledge: { value: evaluate } };
    const odd = ismctsSearch(botInput(game, takeState(19, 1), 0, createRng('e')), config);
    expect(odd.action).toEqual({ type: 'take' });
    expect(odd.stats.map((x) => x.mean)).toEqual([1, 0]);
    const even = ismctsSearch(botInput(game, takeState(18, 1), 0, createRng('e')), config);
    expect(even.action).toEqual({ type: 'end' });
    const blind = ismctsSearch(botInput(game, takeState(18, 1), 0, createRng('e')), { iterations: 2, playoutSteps: 0 });
    expect(blind.stats.map((x) => x.mean)).toEqual([0.5, 0.5]);
  });

  it('with treeDepth 1 grows the tree over its own choices only and leaves the rest to playouts', () => {
    const game = asAny(takeAway);
    const seen = new Set<number>();
    const value = (st: unknown): number[] => {
      seen.add((st as TakeState).pile);
      return [0.5, 0.5];
    };
    ismctsSearch(botInput(game, takeState(10, 1), 0, createRng('d')), { iterations: 50, playoutSteps: 0, treeDepth: 1, knowledge: { value } });
    // Only the positions right after the root choice (take → 9, end → 10) are ever judged.
    expect([...seen].sort()).toEqual([10, 9]);
    seen.clear();
    ismctsSearch(botInput(game, takeState(10, 1), 0, createRng('d')), { iterations: 50, playoutSteps: 0, knowledge: { value } });
    expect(seen.size).toBeGreaterThan(2);
  });

  it("never takes the game's skipped actions while anything else is legal (undo moves cannot loop)", () => {
    const game = asAny(takeAway);
    const skip = (a: ActionBase): boolean => a.type === 'end';
    // Pile 4 after two taken: ending wins, but ending is skipped, so it takes.
    const r = ismctsSearch(botInput(game, takeState(4, 2), 0, createRng('k')), { iterations: 100, knowledge: { skip } });
    expect(r.action).toEqual({ type: 'take' });
    expect(r.stats.map((x) => x.action.type)).toEqual(['take']);
    // With nothing else legal the skipped action is still played.
    const only = ismctsSearch(botInput(game, { seats: 2, pile: 3, turn: 0, takenThisTurn: 3, winner: null }, 0, createRng('k')), { iterations: 10, knowledge: { skip } });
    expect(only.action).toEqual({ type: 'end' });
  });

  it('decides the same on two states that differ only in what its seat cannot see', () => {
    const config = { seats: 3, games: 4, decisionsPerGame: 4, maxSteps: 9 };
    const report = checkFairness(asAny(hiddenBid), decideWith(makeIsmctsBot({ iterations: 120 })), config);
    expect(report.decisions).toBeGreaterThanOrEqual(8);
    expect(report.differing).toBeGreaterThan(0);
    // The check has teeth: a search handed the real state instead of fresh deals is caught.
    const game = asAny(hiddenBid);
    const peeking = makeIsmctsBot({ iterations: 120 });
    const peek = (g: AnyGame, state: unknown, seat: number, seed: string) =>
      peeking({ ...botInput(g, state, seat, createRng(seed)), determinize: () => g.clone(state) });
    expect(() => checkFairness(game, peek, config)).toThrow(/decided differently/);
  });

  it('beats random players at a three-seat hidden-hand game', () => {
    const game = asAny(hiddenBid);
    const bot = makeIsmctsBot({ iterations: 150 });
    let reward = 0;
    const games = 60;
    for (let g = 0; g < games; g++) {
      const seat = g % 3;
      const bots = [randomBot, randomBot, randomBot];
      bots[seat] = bot;
      const r = playBotMatch(game, { seats: 3, seed: `m${g}` }, bots);
      if (!r.ok) throw new Error(r.error.message);
      const rank = r.value.outcome.ranks[seat]!;
      reward += rank === 1 ? 1 : 0;
    }
    // A random player wins about a third (less with shared wins); the search wins clearly more.
    expect(reward / games).toBeGreaterThan(0.5);
  });
});
