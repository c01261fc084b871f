/** The terminal table: drawing within 80 columns, and typed moves. */
import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../../engine/rng.js';
import type { AcornsAction } from './actions.js';
import { acorns } from './index.js';
import { act, startScenario, stateOf } from './scenario.js';
import { narrateEvent } from './narrate.js';
import { BUILTIN_TABLES } from './tables.js';
import { handText, makeTextUI, shortName } from './text.js';

const textUI = makeTextUI(BUILTIN_TABLES);

const NAMES = ['You', 'Hazel', 'Rowan', 'Pip', 'Juniper', 'Bramble', 'Sorrel', 'Fern'];

describe('acorns text UI', () => {
  it('draws every position of random games within 80 columns and about 18 lines, and every menu label parses back to its move', () => {
    for (const [seats, partners] of [[2, false], [5, false], [8, false], [4, true], [8, true]] as const) {
      const state = acorns.setup({ seats, seed: `text-${seats}`, options: { partners } });
      const rng = createRng(`text-${seats}-${String(partners)}`);
      while (!state.over) {
        const seat = state.turn;
        const view = acorns.view(state, seat);
        const lines = textUI.render(view, seat, NAMES);
        for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
        expect(lines.length).toBeLessThanOrEqual(18);
        const legal = acorns.legalActions(state, seat);
        for (const action of legal) {
          const label = textUI.label(action, view, NAMES);
          expect(textUI.parse(label, view, legal, NAMES), label).toEqual({ action });
        }
        acorns.apply(state, seat, legal[nextInt(rng, legal.length)]!);
      }
      const end = textUI.render(acorns.view(state, 'spectator'), 'spectator', NAMES);
      expect(end[0]).toContain('game over');
      expect(end.some((l) => l.startsWith('Trees left in hand:'))).toBe(true);
    }
  });

  it('wraps a long hand onto more lines instead of cutting cards off', () => {
    const state = acorns.setup({ seats: 2, seed: 'big-hand', options: { partners: false } });
    // Draw the whole pile into seat 0's hand, as someone who only ever draws would.
    state.hands[0]!.push(...state.draw.splice(0, 40));
    const view = acorns.view(state, 0);
    const lines = textUI.render(view, 0, NAMES);
    const at = lines.findIndex((l) => l.startsWith('Your hand: '));
    const shown = [lines[at]!.slice('Your hand: '.length)];
    for (let i = at + 1; lines[i]?.startsWith('           '); i++) shown.push(lines[i]!.trim());
    expect(shown.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(shown.join(' ')).toBe(handText(BUILTIN_TABLES, view.hand!));
  });

  it('shows the table: trees with their groups and leaders, scores, hand sizes and your hand', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-5-2', 'squirrel-red-2-1', 'squirrel-red-2-2', 'fox-red'], ['squirrel-blue-3-1'], []],
    });
    act(m, 0, { type: 'plant', card: 'tree-5-2' });
    act(m, 1, { type: 'squirrel', card: 'squirrel-blue-3-1', tree: 'tree-5-2' });
    act(m, 2, { type: 'draw' });
    const lines = textUI.render(acorns.view(stateOf(m), 0), 0, NAMES);
    expect(lines[0]).toBe('Acorns · round 2 · draw pile 59 · your turn');
    expect(lines[1]).toBe('Claimed acorns: You 0 · Hazel 0 · Rowan 0');
    expect(lines[2]).toBe('Cards in hand: You 5 · Hazel 5 · Rowan 7');
    expect(lines.find((l) => l.includes('t5-2'))).toMatch(/^ {2}t5-2 {2}5 You {5}blue Hazel 3 +→ Hazel$/);
    // Filler cards topped the hand up with two blue ones; identical cards are counted.
    expect(lines[lines.length - 1]).toBe('Your hand: b1×2 r2×2 · fox-r');
    expect(shortName(BUILTIN_TABLES, 'squirrel-yellow-3-2')).toBe('y3');
    const log = acorns.view(stateOf(m), 0).log.events.map((e) => narrateEvent(BUILTIN_TABLES, e, { viewer: 0, names: NAMES }));
    expect(log).toEqual(['You plant a 5-acorn tree.', 'Hazel plays a blue 3 on your 5-acorn tree (blue 3).', 'Rowan draws a card.']);
  });

  it('reads typed moves in short or full form, and says why a move is not legal', () => {
    const m = startScenario({
      seats: 3,
      hands: [['tree-5-2', 'tree-3-1', 'squirrel-red-2-1', 'squirrel-red-2-2', 'fox-red', 'squirrel-blue-1-1'], ['squirrel-blue-3-1'], []],
    });
    act(m, 0, { type: 'plant', card: 'tree-5-2' });
    act(m, 1, { type: 'squirrel', card: 'squirrel-blue-3-1', tree: 'tree-5-2' });
    act(m, 2, { type: 'draw' });
    const view = acorns.view(stateOf(m), 0);
    const legal = acorns.legalActions(stateOf(m), 0);
    const parse = (text: string) => textUI.parse(text, view, legal, NAMES);
    const red: AcornsAction = { type: 'squirrel', card: 'squirrel-red-2-1', tree: 'tree-5-2' };
    expect(parse('draw')).toEqual({ action: { type: 'draw' } });
    expect(parse('d')).toEqual({ action: { type: 'draw' } });
    expect(parse('plant t3')).toEqual({ action: { type: 'plant', card: 'tree-3-1' } });
    expect(parse('plant tree-3-1')).toEqual({ action: { type: 'plant', card: 'tree-3-1' } });
    expect(parse('r2 t5-2')).toEqual({ action: red });
    expect(parse('squirrel squirrel-red-2-2 tree-5-2')).toEqual({ action: red }); // identical copies: the lowest is played
    expect(parse('s red2 on t5')).toEqual({ action: red });
    expect(parse('b1 t5-2')).toEqual({ error: 'the blue group on tree-5-2 belongs to seat 1; a new group on tree-5-2 must be a color not yet there: blue is taken' });
    expect(parse('fox red t5-2')).toEqual({ error: 'a fox goes on your own group of its color, and you have no red group on tree-5-2' });
    expect(parse('turtle t5-2')).toEqual({ error: 'you have no turtle' });
    expect(parse('discard r2')).toEqual({ error: 'you may discard only once the draw pile is empty' });
    expect(parse('plant t7')).toEqual({ error: `you have no 7-acorn tree (your hand: ${handText(BUILTIN_TABLES, view.hand!)})` });
    expect(parse('r2 t4')).toEqual({ error: 'there is no tree worth 4 in play (trees in play: t5-2)' });
    expect(parse('r2')).toEqual({ error: 'say which tree, for example: r2 t5-2' });
    expect(parse('hop')).toMatchObject({ error: expect.stringMatching(/^I don't understand 'hop': try: draw/) });
    expect(parse('3')).toBeNull(); // a menu number, for the CLI
    expect(textUI.hint(view, legal)).toMatch(/plant t5/);
  });
});
