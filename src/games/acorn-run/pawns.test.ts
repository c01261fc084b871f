import { ringLog } from '../../engine/narration.js';
import { describe, expect, it } from 'vitest';
import { narrationFeed } from '../../engine/narration.js';
import { acornRun } from './index.js';
import { narratorFor, spaceWords } from './narrate.js';
import { at, card, FILLER, isLegal, legal, must, posName, race, refused, sprint, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;
const acornRunNarrator = narratorFor(T);

const hand = (...ids: string[]) => [...ids, ...FILLER];

describe('R8 (amended): pawns block only the end of a turn', () => {
  it('R8: the rulebook\'s Ember example: a free move down onto another pawn, then a sprint on to the acorn', () => {
    const m = race({ positions: ['t1.y1.2', 't1.g2.3'], decks: [hand('g-drop', 's-green', 's-green'), null] });
    must(m, { type: 'play', card: card(m, 'g-drop') });
    expect(posName(m, 0)).toBe('t1.g2.3');
    expect(posName(m, 1)).toBe('t1.g2.3');
    // Stopping there for a moment is fine; ending the turn there is not.
    expect(isLegal(m, { type: 'end' })).toBe(false);
    expect(refused(m, { type: 'end' })).toMatch(/another pawn holds: move on/);
    sprint(m, 'green', ['s-green', 's-green']);
    expect(posName(m, 0)).toBe('t1.g2.5');
    expect(stateOf(m).racers[0]!.acorns).toBe(1);
    expect(isLegal(m, { type: 'end' })).toBe(true);
  });

  it('R8: a sprint, a climb and a landing may each stop on a taken space', () => {
    const deck = hand('s-green', 's-green', 's-green-y', 's-yellow', 's-yellow-g', 's-red');
    const m = race({ positions: ['t1.g2.0', 't1.g2.2'], decks: [deck, deck] });
    sprint(m, 'green', ['s-green', 's-green']);
    expect(posName(m)).toBe('t1.g2.2');
    expect(isLegal(m, { type: 'end' })).toBe(false);
    const climb = race({ positions: ['t1.g2.0', 't1.y1.0'], decks: [deck, deck] });
    must(climb, { type: 'climb' });
    must(climb, { type: 'add', card: card(climb, 's-yellow') });
    must(climb, { type: 'done' });
    expect(posName(climb)).toBe('t1.y1.0');
    expect(isLegal(climb, { type: 'end' })).toBe(false);
    const jump = race({ positions: ['t1.r.jump', 't2.r1.0'], decks: [deck, deck] });
    must(jump, { type: 'jump' });
    must(jump, { type: 'add', card: card(jump, 's-green') });
    expect(isLegal(jump, { type: 'land', to: at('t2.r1.0') })).toBe(true);
    must(jump, { type: 'land', to: at('t2.r1.0') });
    expect(isLegal(jump, { type: 'end' })).toBe(false);
  });

  it('R8: a racer on a taken space with nothing else to do ends the turn there; the pawns share it, and the log says so', () => {
    const m = race({ positions: ['t1.y1.2', 't1.g2.3'], decks: [['g-drop'], null] });
    must(m, { type: 'play', card: card(m, 'g-drop') });
    expect(legal(m)).toEqual([{ type: 'end' }]);
    must(m, { type: 'end' });
    expect(acornRun.toAct(stateOf(m))).toEqual([1]);
    expect(posName(m, 0)).toBe('t1.g2.3');
    expect(posName(m, 1)).toBe('t1.g2.3');
    expect(ringLog(stateOf(m).log).events).toContainEqual({ kind: 'share', racer: 0, at: at('t1.g2.3'), with: [1] });
    const tell = (viewer: number): string[] => narrationFeed(acornRunNarrator)(acornRun.view(stateOf(m), viewer), { viewer, names: ['Ann', 'Bo'] });
    const space = spaceWords(T, at('t1.g2.3'));
    expect(tell(1)).toContain(`Ann ends the turn on ${space}, which you hold too: there was nothing else left to do.`);
    expect(tell(0)).toContain(`You end the turn on ${space}, which Bo holds too: there was nothing else left to do.`);
    // The other pawn, with cards to play, must move off before it may end its turn.
    expect(isLegal(m, { type: 'end' }, 1)).toBe(false);
  });
});
