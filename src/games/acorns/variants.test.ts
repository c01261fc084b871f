/**
 * Content is a value (docs/architecture.md): two Acorns built from different content live in one
 * process at once, and neither leaks into the other. Two matches — the shipped deck and a variant
 * with other tree values and squirrel strengths — are played step by step on one thread,
 * alternating every call (legal actions, views, narration, the text UI, the heuristic's choice,
 * the search knowledge's estimate, apply), and each must give exactly what it gives alone.
 */
import { describe, expect, it } from 'vitest';
import { botInput } from '../../bots/index.js';
import type { AnyGame } from '../../engine/game.js';
import { canonicalJson } from '../../engine/hash.js';
import { createMatch, play } from '../../engine/match.js';
import { narrationFeed } from '../../engine/narration.js';
import { createRng } from '../../engine/rng.js';
import type { AnyGamePackage } from '../package.js';
import { BUILTIN_CONTENT, validateContent } from './content/index.js';
import { arrangeDeal } from './arrange.js';
import { createAcorns } from './index.js';
import { tablesOf } from './tables.js';

/** Other tree values (a 15-acorn tree, 1-acorn trees) and other squirrel strengths (4s, no 3s). */
const VARIANT = validateContent({
  handSize: 5,
  trees: [
    { acorns: 1, count: 6 },
    { acorns: 3, count: 6 },
    { acorns: 4, count: 4 },
    { acorns: 9, count: 3 },
    { acorns: 15, count: 1 },
  ],
  squirrels: [
    { squirrels: 1, count: 4 },
    { squirrels: 2, count: 4 },
    { squirrels: 4, count: 3 },
  ],
});

const NAMES = ['Ann', 'Bo', 'Cy', 'Di'];

/**
 * One heuristic match, a call at a time: each `yield` hands the thread to the other match. What
 * it saw at every call goes into `trace`; it returns the record's actions and the outcome.
 */
function* match(pkg: AnyGamePackage, seed: string, seats: number, partners: boolean, trace: string[]): Generator<void, unknown> {
  const game: AnyGame = pkg.game;
  const created = createMatch(game, { seats, seed, options: { partners } });
  if (!created.ok) throw new Error(created.error.message);
  const m = created.value;
  const heuristic = pkg.bots.heuristic!;
  const knowledge = pkg.bots.knowledge!;
  const feed = narrationFeed(pkg.narrator!);
  const rngs = Array.from({ length: seats }, (_, s) => createRng(`bot:${seed}:${s}`));
  yield;
  for (let step = 0; step < 2000; step++) {
    const toAct = game.toAct(m.state);
    if (toAct.length === 0) break;
    const seat = toAct[0]!;
    const legal = game.legalActions(m.state, seat);
    trace.push(`legal ${canonicalJson(legal)}`);
    yield;
    const view = game.view(m.state, seat);
    trace.push(`view ${canonicalJson(view)}`);
    trace.push(...feed(view, { viewer: seat, names: NAMES }));
    trace.push(...pkg.textUI!.render(view, seat, NAMES));
    yield;
    const action = heuristic(botInput(game, m.state, seat, rngs[seat]!, legal));
    trace.push(`label ${pkg.textUI!.label(action, view, NAMES)}`);
    yield;
    trace.push(`value ${knowledge.value!(m.state).join(',')}`);
    yield;
    const played = play(m, seat, action);
    if (!played.ok) throw new Error(played.error.message);
    yield;
  }
  return { actions: m.record.actions, outcome: game.outcome(m.state), components: game.components(m.state).length };
}

function alone(pkg: AnyGamePackage, seed: string, seats: number, partners: boolean): { trace: string[]; result: unknown } {
  const trace: string[] = [];
  const run = match(pkg, seed, seats, partners, trace);
  let next = run.next();
  while (!next.done) next = run.next();
  return { trace, result: next.value };
}

describe('Acorns content is a value', () => {
  it('a variant differs from the shipped deck where its content does', () => {
    const builtin = createAcorns(BUILTIN_CONTENT);
    const variant = createAcorns(VARIANT);
    expect(builtin.game.components(builtin.game.setup({ seats: 4, seed: 's', options: { partners: false } }))).toHaveLength(78);
    const state = variant.game.setup({ seats: 4, seed: 's', options: { partners: false } });
    const ids = variant.game.components(state);
    expect(ids).toHaveLength(20 + 4 * 11 + 5);
    expect(ids).toContain('tree-15-1');
    expect(ids).toContain('squirrel-red-4-3');
    // A2: the variant deals its own hand size.
    expect((variant.game.view(state, 0) as { hand: string[] }).hand).toHaveLength(5);
  });

  it("the terminal takes a variant's two-digit tree values ('plant t15', 'r4 t15')", () => {
    const variant = createAcorns(VARIANT);
    const deal = arrangeDeal({ seats: 2, hands: [['tree-15-1'], ['squirrel-red-4-1']] }, tablesOf(VARIANT));
    const created = createMatch(variant.game, { seats: 2, seed: 'text', arrangement: deal });
    if (!created.ok) throw new Error(created.error.message);
    const m = created.value;
    const ui = variant.textUI!;
    const parse = (seat: number, text: string) => ui.parse(text, variant.game.view(m.state, seat), variant.game.legalActions(m.state, seat), NAMES);
    expect(parse(0, 'plant t15')).toEqual({ action: { type: 'plant', card: 'tree-15-1' } });
    play(m, 0, { type: 'plant', card: 'tree-15-1' });
    expect(parse(1, 'r4 t15')).toEqual({ action: { type: 'squirrel', card: 'squirrel-red-4-1', tree: 'tree-15-1' } });
  });

  for (const [seats, partners] of [
    [3, false],
    [4, true],
  ] as const) {
    it(`two variants interleaved call by call give what each gives alone (${seats} seats${partners ? ', partners' : ''})`, () => {
      const builtin = createAcorns(BUILTIN_CONTENT);
      const variant = createAcorns(VARIANT);
      const seed = `interleave-${seats}`;
      const soloA = alone(builtin, seed, seats, partners);
      const soloB = alone(variant, seed, seats, partners);
      // The two contents really play different games from the same seed.
      expect(canonicalJson(soloA.result)).not.toBe(canonicalJson(soloB.result));

      const traceA: string[] = [];
      const traceB: string[] = [];
      const a = match(builtin, seed, seats, partners, traceA);
      const b = match(variant, seed, seats, partners, traceB);
      let nextA = a.next();
      let nextB = b.next();
      while (!nextA.done || !nextB.done) {
        if (!nextA.done) nextA = a.next();
        if (!nextB.done) nextB = b.next();
      }
      expect(nextA.value).toEqual(soloA.result);
      expect(nextB.value).toEqual(soloB.result);
      expect(traceA).toEqual(soloA.trace);
      expect(traceB).toEqual(soloB.trace);
    });
  }

  it('a package built twice from equal content plays the same game (tables are compiled per content object)', () => {
    const once = alone(createAcorns(VARIANT), 'twice', 4, false);
    const again = alone(createAcorns(validateContent(JSON.parse(JSON.stringify(VARIANT)))), 'twice', 4, false);
    expect(again.result).toEqual(once.result);
  });
});
