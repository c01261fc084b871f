import { describe, expect, it } from 'vitest';
import { createMatch, play } from '../../engine/match.js';
import { createRng, nextInt } from '../../engine/rng.js';
import { autumnLeaves } from './index.js';
import { textUI } from './text.js';
import type { State } from './state.js';
import { arrangedMatch, chooseAll, stateOf } from './scenario.test-helpers.js';

const NAMES = ['Ann', 'Bea', 'Cy', 'Dee', 'Eve', 'Fay'];

describe('Autumn Leaves in the terminal', () => {
  it('every screen of a game fits an 80×24 terminal', () => {
    for (const seats of [3, 6]) {
      const created = createMatch(autumnLeaves, { seats, seed: `text${seats}` });
      if (!created.ok) throw new Error(created.error.message);
      const match = created.value;
      const rng = createRng('t');
      while (autumnLeaves.outcome(match.state as State) === null) {
        const s = match.state as State;
        for (const viewer of [0, 'spectator'] as const) {
          const lines = textUI.render(autumnLeaves.view(s, viewer), viewer, NAMES);
          expect(lines.length).toBeLessThanOrEqual(18);
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
        }
        const toAct = autumnLeaves.toAct(s);
        const seat = toAct[nextInt(rng, toAct.length)]!;
        const legal = autumnLeaves.legalActions(s, seat);
        expect(play(match, seat, legal[nextInt(rng, legal.length)]).ok).toBe(true);
      }
    }
  });

  it('reads a rank while choosing and explains a card not held', () => {
    const match = arrangedMatch([[1, 2, 3, 4, 5, 6, 7], [8, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    const view = autumnLeaves.view(stateOf(match), 0);
    const legal = autumnLeaves.legalActions(stateOf(match), 0);
    expect(textUI.parse('4', view, legal, NAMES)).toEqual({ action: { type: 'choose', card: 4 } });
    expect(textUI.parse('choose 7', view, legal, NAMES)).toEqual({ action: { type: 'choose', card: 7 } });
    const bad = textUI.parse('9', view, legal, NAMES);
    expect(bad && 'error' in bad && bad.error).toMatch(/no 9/);
    expect(bad && 'error' in bad && bad.error).not.toMatch(/menu item/);
    expect(textUI.parse('hello', view, legal, NAMES)).toBeNull();
    // A number that is no rank held but is a menu item: say how to pick the menu item.
    const eights = autumnLeaves.view(stateOf(match), 1);
    const one = textUI.parse('1', eights, autumnLeaves.legalActions(stateOf(match), 1), NAMES);
    expect(one && 'error' in one && one.error).toMatch(/no 1 in your hand .*for menu item 1, type #1/);
  });

  it('reads placing and refuses to take back a card that fits', () => {
    const match = arrangedMatch([[1, 2, 3, 4, 5, 6, 7], [4, 8, 8, 8, 8, 8, 8], [9, 9, 9, 9, 9, 9, 9]]);
    chooseAll(match, [3, 4, 9]);
    chooseAll(match, [2, 8, 9]);
    const view = autumnLeaves.view(stateOf(match), 0);
    const legal = autumnLeaves.legalActions(stateOf(match), 0);
    expect(textUI.parse('p 1', view, legal, NAMES)).toEqual({ action: { type: 'place', pile: 0 } });
    const refused = textUI.parse('k', view, legal, NAMES);
    expect(refused && 'error' in refused && refused.error).toMatch(/must place/);
    expect(textUI.label({ type: 'place', pile: 0 }, view, NAMES)).toBe('place on your pile (top 3)');
    const screen = textUI.render(view, 0, NAMES).join('\n');
    expect(screen).toContain('Your hand: 1 4 5 6 7   your card: 2');
    expect(screen).toContain('To place: You (2) → Bea (8) → Cy (9)');
  });
});
