import { describe, expect, it } from 'vitest';
import { createMatch } from '../../engine/match.js';
import { createRng } from '../../engine/rng.js';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import { at, card, FILLER, must, race, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const CHAIN = ['s-yellow-r', 's-red-g', 's-green-y', 's-yellow', 's-green', 's-red', ...FILLER];

describe('Acorn Run views', () => {
  it('R7: everyone sees how many combo tokens a racer holds; only the holder sees their values, until the end', () => {
    const m = race({ positions: ['t0.y.jump', 't0.g1.0'], decks: [CHAIN, null], tokens: [3] });
    must(m, { type: 'jump' });
    for (const id of ['s-yellow-r', 's-red-g', 's-green-y']) must(m, { type: 'add', card: card(m, id) });
    must(m, { type: 'land', to: at('t1.y2.0') });
    const mine = acornRun.view(stateOf(m), 0);
    const theirs = acornRun.view(stateOf(m), 1);
    expect(mine.racers[0]!.tokens).toEqual([3]);
    expect(theirs.racers[0]!.tokenCount).toBe(1);
    expect(theirs.racers[0]!.tokens).toBeNull();
    expect(acornRun.view(stateOf(m), 'spectator').racers[0]!.tokens).toBeNull();
    stateOf(m).over = true;
    expect(acornRun.view(stateOf(m), 1).racers[0]!.tokens).toEqual([3]);
  });

  it('hides other hands and every deck order, and shows hand and deck sizes', () => {
    const m = race({}, { seats: 3 });
    const v = acornRun.view(stateOf(m), 1);
    expect(v.racers[1]!.hand).toHaveLength(6);
    expect(v.racers[0]!.hand).toBeNull();
    expect(v.racers[0]!.handCount).toBe(6);
    expect(v.racers[0]!.deckCount).toBe(4);
    expect(v.market.cheap.deckCount).toBe(45);
    const text = JSON.stringify(v);
    expect(text).not.toContain('rng');
    expect(text).not.toMatch(/"deck":/);
    expect(text).not.toContain('tokenSupply":[');
  });

  it('resample re-deals what the seat cannot see and keeps what it can', () => {
    const m = race({}, { seats: 3, seed: 'resample' });
    const s = stateOf(m);
    const r = acornRun.resample(s, 1, createRng('x'));
    expect(acornRun.view(r, 1)).toEqual(acornRun.view(s, 1));
    expect(r.racers[1]!.hand).toEqual(s.racers[1]!.hand);
    const sameCards = (a: number[], b: number[]) => [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();
    expect(sameCards([...r.racers[0]!.hand, ...r.racers[0]!.deck], [...s.racers[0]!.hand, ...s.racers[0]!.deck])).toBe(true);
    expect(r.market.cheap.deck).not.toEqual(s.market.cheap.deck);
    expect(sameCards(r.market.cheap.deck, s.market.cheap.deck)).toBe(true);
  });
});

describe('Acorn Run options and arrangements', () => {
  it('takes 1–6 seats and checks its options', () => {
    expect(createMatch(acornRun, { seats: 0, seed: 'x' }).ok).toBe(false);
    expect(createMatch(acornRun, { seats: 7, seed: 'x' }).ok).toBe(false);
    expect(createMatch(acornRun, { seats: 6, seed: 'x' }).ok).toBe(true);
    const bad = createMatch(acornRun, { seats: 2, seed: 'x', options: { firstSeat: 2 } });
    expect(!bad.ok && bad.error.message).toMatch(/firstSeat 2 is not a seat/);
    expect(createMatch(acornRun, { seats: 2, seed: 'x', options: { speed: 3 } }).ok).toBe(false);
  });

  it('a short course starts on the first spaces of its first tree', () => {
    const m = race({}, { seats: 2, options: { trees: 2 } });
    expect(stateOf(m).racers.map((r) => r.pos)).toEqual([at('t5.g1.0'), at('t5.g2.0')]);
  });

  it('refuses arrangements that name unknown or missing cards, or impossible starts, with a reason', () => {
    const arranged = (arrangement: unknown, seats = 2) => createMatch(acornRun, { seats, seed: 'x', arrangement });
    const reason = (r: ReturnType<typeof arranged>) => (r.ok ? '' : r.error.message);
    expect(reason(arranged({ decks: [['s-purple']] }))).toMatch(/unknown card 's-purple'/);
    expect(reason(arranged({ decks: [['g-hop', 'g-hop', 'g-hop']] }))).toMatch(/more 'g-hop' cards than the game has/);
    expect(reason(arranged({ cheap: ['big-acorn'] }))).toMatch(/cheap market deck has no \(more\) 'big-acorn'/);
    expect(reason(arranged({ tokens: [4] }))).toMatch(/no \(more\) tokens worth 4/);
    expect(reason(arranged({ positions: ['finish'] }))).toMatch(/not a space a pawn can start on/);
    expect(reason(arranged({ positions: ['t1.g1.0', 't1.g1.0'] }))).toMatch(/two pawns cannot start on t1.g1.0/);
    expect(reason(arranged({ positions: ['t1.g.jump', 't1.g.jump'] }))).toBe('');
    // Seat 1 starts on the second Go! space unless told otherwise.
    expect(reason(arranged({ positions: ['t0.g2.0'] }))).toMatch(/two pawns cannot start on t0.g2.0/);
    expect(reason(arranged({ acorns: [60] }))).toMatch(/acorns are left/);
    expect(reason(arranged({ colour: 'red' }))).toMatch(/arrangement/);
  });

  it('an arranged deck deals its first six cards as the opening hand', () => {
    const m = race({ decks: [['g-rush', 'y-rush', 'r-rush', 'g-dash', 'y-dash', 'r-dash', 's-green']] });
    expect(stateOf(m).racers[0]!.hand.map((c) => kindOf(T, c).id).sort()).toEqual(['g-dash', 'g-rush', 'r-dash', 'r-rush', 'y-dash', 'y-rush']);
    expect(stateOf(m).racers[0]!.deck.map((c) => kindOf(T, c).id)).toEqual(['s-green']);
  });

  it('explains refused actions in a player’s words and describes legal ones', () => {
    const m = race({ positions: ['t1.y1.0'] });
    const s = stateOf(m);
    // R3: a lane's colour limits the sprint colours; the player reads the rule in words, not its code.
    expect(acornRun.explainIllegal(s, 0, { type: 'sprint', color: 'green' })).toMatch(/in a yellow lane you may sprint only with .*yellow/);
    expect(acornRun.explainIllegal(s, 0, { type: 'spend', cell: 0 })).toMatch(/no acorn/);
    expect(acornRun.explainIllegal(s, 1, { type: 'end' })).toMatch(/turn/);
    for (const a of acornRun.legalActions(s, 0)) expect(acornRun.describeAction(s, 0, a).length).toBeGreaterThan(5);
  });
});
