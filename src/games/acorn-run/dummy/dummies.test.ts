import { ringLog } from '../../../engine/narration.js';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/rng.js';
import { play } from '../../../engine/match.js';
import { components } from '../components.js';
import { acornRun } from '../index.js';
import { at, race, stateOf } from '../scenario.test-helpers.js';
import { boardAcornsFor } from '../board.js';
import { parseOptions } from '../parse.js';
import type { RunEvent } from '../events.js';
import type { State } from '../state.js';
import { drawDummyCard, dummyCard } from './deck.js';
import { fetchPath, settle, sprintPath } from './move.js';
import { playDummyBlock } from './turn.js';
import { BUILTIN_TABLES } from '../tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const solo = (options: Record<string, unknown> = {}, arrangement: Record<string, unknown> = {}) =>
  race(arrangement, { seats: 1, options: { dummies: 3, ...options } });
const name = (id: number | null): string | null => (id === null ? null : acornRunSpaceName(id));
const acornRunSpaceName = (id: number): string => T.board.spaces[id]!.name;
const levels = (s: State): string[][] => s.dummies!.sections.map((sec) => sec.map((c) => dummyCard(T, c).level));
/** The events of the last dummy turn: everything the race log holds after its last dummy-turn event. */
function lastDummyTurn(s: State): Extract<RunEvent, { racer: number }>[] {
  const events = ringLog(s.log).events;
  let i = events.length - 1;
  while (i >= 0 && events[i]!.kind !== 'dummy-turn') i--;
  return events.slice(i + 1).filter((e): e is Extract<RunEvent, { racer: number }> => 'racer' in e);
}
/** Moves every pawn but the dummy under test out of the way. */
function only(s: State, racer: number, pos: string): void {
  s.racers.forEach((r, i) => (r.pos = i === racer ? at(pos) : at(`t5.g1.${i}`)));
}

describe('R14 dummies beside one or two seats', () => {
  it('R14: refuses dummies at 3+ seats, more than 4 dummies, and a split start without two seats', () => {
    const three = parseOptions(T, { dummies: 2 }, 3);
    expect(!three.ok && three.error.message).toMatch(/1 or 2 players/);
    const five = parseOptions(T, { dummies: 5 }, 1);
    expect(!five.ok && five.error.message).toMatch(/at most 4 dummies/);
    const split = parseOptions(T, { dummies: 2, start: 'split' }, 1);
    expect(!split.ok && split.error.message).toMatch(/split/);
    expect(parseOptions(T, { dummies: 4, difficulty: 'expert', start: 'last' }, 1).ok).toBe(true);
  });

  it('R14: dummies are Twinkle green, Bloom pink, Bolt yellow, Tail brown; the seat races red and never waits on them', () => {
    const m = solo({ dummies: 4 });
    const s = stateOf(m);
    expect(s.racers.map((r) => `${r.kind}:${r.pawn}`)).toEqual(['seat:red', 'dummy:green', 'dummy:pink', 'dummy:yellow', 'dummy:brown']);
    expect(acornRun.toAct(s)).toEqual([0]);
    play(m, 0, { type: 'end' });
    while (stateOf(m).turn.pending[0]?.kind === 'cleanup') play(m, 0, { type: 'keep' });
    // One collective dummy turn ran inside apply: one card drawn, the turn is the seat's again.
    expect(acornRun.toAct(stateOf(m))).toEqual([0]);
    expect(stateOf(m).round).toBe(2);
    expect(stateOf(m).dummies!.drawn).toHaveLength(1);
    expect(dummyCard(T, stateOf(m).dummies!.drawn[0]!).level).toBe('first');
    const view = acornRun.view(stateOf(m), 0);
    expect(view.dummies!.lastCard!.level).toBe('first');
    expect(view.log.events.filter((e) => e.kind === 'move').map((e) => e.racer).slice(0, 4)).toEqual([1, 2, 3, 4]);
  });

  it('R8: acorn spaces count dummies as racers', () => {
    expect(stateOf(solo()).boardAcorns).toEqual(boardAcornsFor(T, 4));
  });
});

describe('R16 start positions', () => {
  it('R16: solo first: the seat on the bottom Go! space, the dummies above it from green up', () => {
    const s = stateOf(solo({ start: 'first' }));
    expect(s.order).toEqual([0, 1, 2, 3]);
    expect(s.racers.map((r) => name(r.pos))).toEqual(['t0.g1.0', 't0.g2.0', 't0.y1.0', 't0.y2.0']);
    expect(s.dummyTurn).toBeNull();
  });

  it('R16: solo last: the dummies start on the bottom Go! spaces and move before the seat', () => {
    const s = stateOf(solo({ start: 'last' }));
    expect(s.order).toEqual([1, 2, 3, 0]);
    expect(name(s.racers[0]!.pos)).toBe('t0.y2.0');
    expect(s.dummyTurn!.card).not.toBeNull();
    expect(s.turn.racer).toBe(0);
  });

  it('R16: two seats split: one first, the dummies between, the other last', () => {
    const m = race({}, { seats: 2, options: { dummies: 2, start: 'split' } });
    const s = stateOf(m);
    expect(s.order).toEqual([0, 2, 3, 1]);
    expect(s.racers.map((r) => name(r.pos))).toEqual(['t0.g1.0', 't0.y2.0', 't0.g2.0', 't0.y1.0']);
    expect(s.racers.map((r) => r.pawn)).toEqual(['red', 'blue', 'green', 'pink']);
  });
});

describe('R15 dummy deck', () => {
  it('R15: each difficulty builds start + top + middle + bottom from the right levels', () => {
    expect(levels(stateOf(solo({ difficulty: 'easy' })))).toEqual([['first'], ['I', 'I', 'I'], Array(6).fill('I'), Array(6).fill('II')]);
    const normal = levels(stateOf(solo({ difficulty: 'normal' })));
    expect(normal.slice(0, 3)).toEqual([['first'], ['I', 'I', 'I'], Array(6).fill('II')]);
    expect([...normal[3]!].sort()).toEqual(['II', 'II', 'II', 'III', 'III', 'III']);
    expect(levels(stateOf(solo({ difficulty: 'hard' })))[3]).toEqual(Array(6).fill('III'));
    const expert = levels(stateOf(solo({ difficulty: 'expert' })));
    expect(expert[1]).toEqual(['II', 'II', 'II']);
    expect([...expert[2]!].sort()).toEqual(['II', 'II', 'II', 'III', 'III', 'III']);
  });

  it('R15: a spent deck is rebuilt from the bottom section, and every dummy card is conserved', () => {
    const s = stateOf(solo({ difficulty: 'hard' }));
    const before = components(T, s).filter((c) => c.startsWith('dummy-card')).sort();
    expect(before).toHaveLength(40);
    const bottom = [...s.dummies!.bottom];
    const rng = createRng('x');
    for (let i = 0; i < 16; i++) drawDummyCard(rng, s.dummies!);
    const next = drawDummyCard(rng, s.dummies!);
    expect(bottom).toContain(next);
    expect(s.dummies!.reshuffled).toBe(true);
    expect(components(T, s).filter((c) => c.startsWith('dummy-card')).sort()).toEqual(before);
  });

  it('R15: the view shows drawn cards and the deck size, never the undrawn cards; resample keeps section levels', () => {
    const s = stateOf(solo({ start: 'last', difficulty: 'easy' }));
    const view = acornRun.view(s, 0);
    expect(view.dummies!.deckCount).toBe(15);
    expect(view.dummies!.drawn).toHaveLength(1);
    expect(JSON.stringify(view)).not.toContain(dummyCard(T, s.dummies!.sections[1]![0]!).id + '"');
    const r = acornRun.resample(s, 0, createRng('r'));
    expect(levels(r)).toEqual(levels(s));
    expect(r.dummies!.drawn).toEqual(s.dummies!.drawn);
    expect(components(T, r).sort()).toEqual(components(T, s).sort());
  });
});

describe('dummy movement', () => {
  it('sprint in lane, up a lane, down a lane (skipped when impossible)', () => {
    expect(sprintPath(T, at('t0.g1.0'), 'none', 3).map(name)).toEqual(['t0.g1.1', 't0.g1.2', 't0.g1.3']);
    expect(sprintPath(T, at('t0.g1.0'), 'up', 2).map(name)).toEqual(['t0.g2.0', 't0.g2.1', 't0.g2.2']);
    expect(sprintPath(T, at('t0.g1.0'), 'down', 2).map(name)).toEqual(['t0.g1.1', 't0.g1.2']);
    expect(sprintPath(T, at('t0.r2.0'), 'up', 1).map(name)).toEqual(['t0.r2.1']);
  });

  it('R8: a sprint stops short of an occupied space and collects the acorn where it ends', () => {
    const s = stateOf(solo());
    only(s, 1, 't0.g2.0');
    s.racers[2]!.pos = at('t0.g2.3');
    expect(settle(T, s, 1, sprintPath(T, at('t0.g2.0'), 'none', 3))!.to).toBe(at('t0.g2.2'));
    s.racers[2]!.pos = at('t6.r2.2');
    const acorns = s.racers[1]!.acorns;
    s.racers[1]!.pos = at('t0.g2.0');
    expect(settle(T, s, 1, sprintPath(T, at('t0.g2.0'), 'none', 3))).toEqual({ to: at('t0.g2.3'), acorns: 1 });
    expect(s.racers[1]!.acorns).toBe(acorns + 1);
  });

  it('fetch acorn 3-4: the farthest acorn forward, never backwards', () => {
    const s = stateOf(solo());
    only(s, 1, 't0.g1.0');
    const path = fetchPath(T, s, 1, at('t0.g1.0'), { kind: 'fetch', min: 3, max: 4, alt: 'yellow' });
    expect(name(path[path.length - 1]!)).toBe('t0.g2.3');
  });

  it('R17: fetch acorn counts only acorns whose shortest forward path is 3-4 steps: no detour to an acorn one step ahead', () => {
    const s = stateOf(solo());
    only(s, 1, 't1.g1.1');
    s.boardAcorns.fill(0);
    s.boardAcorns[at('t1.g1.2')] = 1;
    // Up, forward, down would reach it in 3 steps, but its shortest path is 1: the alternative instead.
    const near = fetchPath(T, s, 1, at('t1.g1.1'), { kind: 'fetch', min: 3, max: 4, alt: 'green' });
    expect(near.map(name)).toEqual(['t1.g1.2', 't1.g1.3', 't1.g1.4', 't1.g1.5']);
    // An acorn whose shortest path is 3 is fetched along that path, the most forward way (forward first).
    s.boardAcorns.fill(0);
    s.boardAcorns[at('t1.g2.3')] = 1;
    const far = fetchPath(T, s, 1, at('t1.g1.1'), { kind: 'fetch', min: 3, max: 4, alt: 'green' });
    expect(far.map(name)).toEqual(['t1.g1.2', 't1.g1.3', 't1.g2.3']);
  });
  it('fetch acorn 3-4: the jump zone instead when max steps reach it', () => {
    const s = stateOf(solo());
    only(s, 1, 't0.r2.1');
    const path = fetchPath(T, s, 1, at('t0.r2.1'), { kind: 'fetch', min: 3, max: 4, alt: 'green' });
    expect(name(path[path.length - 1]!)).toBe('t0.r.jump');
  });

  it('fetch acorn: with no acorn in reach, the alternative to the nearest lane of its color, then forward', () => {
    const s = stateOf(solo());
    only(s, 1, 't0.g1.0');
    s.boardAcorns.fill(0);
    const red = fetchPath(T, s, 1, at('t0.g1.0'), { kind: 'fetch', min: 3, max: 4, alt: 'red' });
    expect(red.map(name)).toEqual(['t0.g2.0', 't0.y1.0', 't0.y2.0', 't0.r1.0']);
    const green = fetchPath(T, s, 1, at('t0.g1.0'), { kind: 'fetch', min: 3, max: 4, alt: 'green' });
    expect(name(green[green.length - 1]!)).toBe('t0.g1.4');
  });
});

describe('dummy jumps', () => {
  const withCard = (id: string, pos: string, acorns = 0) => {
    const m = solo({}, { dummyCards: [id], dummyAcorns: [acorns] });
    const s = stateOf(m);
    only(s, 1, pos);
    return s;
  };

  it('jumps to the card\'s lane, to the other lane when it is occupied, or waits a turn when both are', () => {
    // dummy-first-1: green jumps upper.
    let s = withCard('dummy-first-1', 't0.g.jump');
    playDummyBlock(T, s, 1);
    expect(lastDummyTurn(s).find((e) => e.kind === 'jump')).toMatchObject({ racer: 1, to: at('t1.g2.0') });
    s = withCard('dummy-first-1', 't0.g.jump');
    s.racers[2]!.pos = at('t1.g2.0');
    playDummyBlock(T, s, 1);
    expect(lastDummyTurn(s).find((e) => e.kind === 'jump' && e.racer === 1)).toMatchObject({ to: at('t1.g1.0') });
    s = withCard('dummy-first-1', 't0.g.jump');
    s.racers[2]!.pos = at('t1.g2.0');
    s.racers[3]!.pos = at('t1.g1.0');
    playDummyBlock(T, s, 1);
    expect(lastDummyTurn(s).find((e) => e.racer === 1)).toMatchObject({ kind: 'wait' });
    expect(s.racers[1]!.pos).toBe(at('t0.g.jump'));
  });

  it('a dummy that reaches a jump-off ends its movement there and jumps', () => {
    const s = withCard('dummy-first-1', 't0.g1.5');
    playDummyBlock(T, s, 1);
    const kinds = lastDummyTurn(s).filter((e) => e.racer === 1 && e.kind !== 'buy').map((e) => e.kind);
    expect(kinds).toEqual(['move', 'jump']);
    expect(s.racers[1]!.pos).toBe(at('t1.g2.0'));
  });

  it('jump rewards: 1 combo VP, or an acorn traded for 3 combo VP (nothing without an acorn)', () => {
    let s = withCard('dummy-ii-1', 't0.g.jump'); // green: u+
    playDummyBlock(T, s, 1);
    expect(s.racers[1]!.tokens).toHaveLength(1);
    s = withCard('dummy-ii-5', 't0.g.jump', 1); // green: u$
    playDummyBlock(T, s, 1);
    expect(s.racers[1]!.tokens).toHaveLength(3);
    expect(lastDummyTurn(s).find((e) => e.kind === 'jump')).toMatchObject({ spent: 1, vp: 3 });
    s = withCard('dummy-ii-5', 't0.g.jump', 0);
    playDummyBlock(T, s, 1);
    expect(s.racers[1]!.tokens).toHaveLength(0);
  });

  it('foliage jumps: a gap of 2 gives an acorn, a gap of 3 a combo VP', () => {
    let s = withCard('dummy-first-1', 't2.g2.1');
    s.boardAcorns.fill(0);
    playDummyBlock(T, s, 1);
    expect(lastDummyTurn(s).find((e) => e.kind === 'jump')).toMatchObject({ foliage: true, to: at('t2.g2.2'), acorns: 1 });
    s = withCard('dummy-first-1', 't4.y1.1');
    playDummyBlock(T, s, 1);
    expect(lastDummyTurn(s).find((e) => e.kind === 'jump')).toMatchObject({ foliage: true, to: at('t4.y1.2'), vp: 1 });
  });
});

describe('dummy market and finale', () => {
  it('discards the cards marked for running dummies and refills; an acorn mark needs an acorn', () => {
    let s = stateOf(solo({}, { dummyCards: ['dummy-first-1'] })); // c0g
    const card = s.market.cheap.row[0]!;
    playDummyBlock(T, s, 1);
    expect(s.box).toContain(card);
    expect(s.market.cheap.row[0]).not.toBe(card);
    s = stateOf(solo({}, { dummyCards: ['dummy-i-5'], dummyAcorns: [0] })); // e0g*
    s.boardAcorns.fill(0);
    const dear = s.market.expensive.row[0]!;
    playDummyBlock(T, s, 1);
    expect(s.market.expensive.row[0]).toBe(dear);
    s = stateOf(solo({}, { dummyCards: ['dummy-i-5'], dummyAcorns: [2] }));
    s.boardAcorns.fill(0);
    playDummyBlock(T, s, 1);
    expect(s.box).toContain(dear);
    expect(s.racers[1]!.acorns).toBe(1);
    expect(lastDummyTurn(s).find((e) => e.kind === 'buy')).toMatchObject({ racer: 1, spent: 1 });
  });

  it('R12: a dummy crosses the finish line, takes 10 VP, blocks spaces as first finisher and buys no more', () => {
    const s = stateOf(solo({}, { dummyCards: ['dummy-first-1', 'dummy-first-2'] }));
    only(s, 1, 't6.g1.4');
    playDummyBlock(T, s, 1);
    expect(s.racers[1]!.place).toBe(0);
    expect(s.firstFinisher).toBe(1);
    const row = [...s.market.cheap.row];
    playDummyBlock(T, s, 1);
    expect(s.results[1]).toBe(-1);
    expect(ringLog(s.log).events.filter((e) => e.kind === 'out-of-time').at(-1)).toEqual({ kind: 'out-of-time', racer: 1, place: 1 });
    // dummy-first-2 marks cheap slot 1 for pink, who still runs; nothing for the finished green.
    expect(s.market.cheap.row[0]).toBe(row[0]);
  });

  it('R17: a dummy first finisher blocks in its own place in the dummy order, after the dummies before it moved', () => {
    const s = stateOf(solo({}, { dummyCards: ['dummy-first-1'] }));
    only(s, 1, 't6.g1.4');
    // Bloom (pink) finished first earlier; Twinkle (green) moves before her in the dummy order.
    s.racers[2]!.pos = null;
    s.racers[2]!.place = 0;
    s.results[0] = 2;
    s.firstFinisher = 2;
    playDummyBlock(T, s, 1);
    expect(s.racers[1]!.place).toBe(1);
    expect(s.results.slice(0, 3)).toEqual([2, 1, -1]);
    const kinds = lastDummyTurn(s).filter((e) => e.kind !== 'buy').map((e) => `${e.kind}:${e.racer}`);
    expect(kinds.slice(0, 3)).toEqual(['move:1', 'finish:1', 'out-of-time:2']);
  });

  it('R12 (amended): a dummy first finisher with no token left blocks nothing, and says nothing', () => {
    const s = stateOf(solo());
    s.racers[1]!.pos = null;
    s.racers[1]!.place = 0;
    s.results[0] = 1;
    s.firstFinisher = 1;
    s.outOfTimeLeft = 0;
    playDummyBlock(T, s, 1);
    expect(s.results.slice(1).every((x) => x === null || x === 2 || x === 3)).toBe(true);
    expect(ringLog(s.log).events.some((e) => e.kind === 'out-of-time')).toBe(false);
    expect(s.over).toBe(false);
  });

  it('R14: dummy cards are named in arrangements by id', () => {
    expect(T.dummyCardById.get('dummy-iii-12')).toBe(39);
  });
});
