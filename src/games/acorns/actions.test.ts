/** Parsing untrusted actions and describing them. */
import { describe, expect, it } from 'vitest';
import { parseAction } from './parse.js';
import { acorns } from './index.js';
import { BUILTIN_TABLES } from './tables.js';
import { act, startScenario, stateOf } from './scenario.js';

const message = (input: unknown) => {
  const r = parseAction(BUILTIN_TABLES, input);
  return r.ok ? 'accepted' : r.error.message;
};

describe('acorns actions', () => {
  it('accepts well-formed actions and refuses the rest with a reason', () => {
    expect(message({ type: 'draw' })).toBe('accepted');
    expect(message({ type: 'squirrel', card: 'squirrel-red-2-1', tree: 'tree-5-2' })).toBe('accepted');
    expect(message({ type: 'jump' })).toMatch(/needs a type, one of draw, plant, squirrel, fox, turtle, discard, pass/);
    expect(message(null)).toMatch(/needs a type/);
    expect(message({ type: 'plant' })).toMatch(/a plant action is malformed: card/);
    expect(message({ type: 'draw', card: 'tree-2-1' })).toMatch(/a draw action is malformed/);
    expect(message({ type: 'plant', card: 'tree-9-1' })).toMatch(/there is no card 'tree-9-1'/);
    expect(message({ type: 'plant', card: 'squirrel-red-1-1' })).toBe('the card to plant must be a tree, and squirrel-red-1-1 is a squirrel card');
    expect(message({ type: 'squirrel', card: 'fox-red', tree: 'tree-2-1' })).toBe('the card must be a squirrel card, and fox-red is a fox');
    expect(message({ type: 'fox', card: 'fox-red', tree: 'turtle' })).toBe('the tree field must be a tree, and turtle is the turtle');
  });

  it('describes actions in a sentence', () => {
    const m = startScenario({ seats: 3, hands: [['tree-5-2'], ['squirrel-red-2-1', 'squirrel-red-3-1'], []] });
    const s = stateOf(m);
    expect(acorns.describeAction(s, 0, { type: 'plant', card: 'tree-5-2' })).toBe('seat 0 plants tree-5-2 (5 acorns)');
    act(m, 0, { type: 'plant', card: 'tree-5-2' });
    expect(acorns.describeAction(s, 1, { type: 'squirrel', card: 'squirrel-red-2-1', tree: 'tree-5-2' })).toBe(
      'seat 1 starts a red group on tree-5-2 with squirrel-red-2-1',
    );
    expect(acorns.describeAction(s, 1, { type: 'draw' })).toBe('seat 1 draws a card');
  });
});
