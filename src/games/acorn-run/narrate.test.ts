import { describe, expect, it } from 'vitest';
import type { Match } from '../../engine/match.js';
import { narrationFeed, type NarrationContext } from '../../engine/narration.js';
import { kindOf } from './cards.js';
import { acornRun } from './index.js';
import { narrateEvent, narratorFor, spaceWords } from './narrate.js';
import { at, card, FILLER, must, race, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;
const acornRunNarrator = narratorFor(T);

const CHAIN = ['s-yellow-r', 's-red-g', 's-green-y', 's-yellow', 's-green', 's-red', ...FILLER];

/** Everything `viewer` has been told so far in this match, read fresh from its current view. */
const tell = (m: Match, context: NarrationContext): string[] => narrationFeed(acornRunNarrator)(acornRun.view(stateOf(m), context.viewer), context);

describe('Acorn Run narrated', () => {
  it('names spaces by tree, lane and number, never by their codes', () => {
    expect(spaceWords(T, at('t1.y2.0'))).toBe('the upper yellow lane of the Hazel tree, space 1');
    expect(spaceWords(T, at('t0.g.jump'))).toBe('the green jump-off of the Go! Beech');
    expect(spaceWords(T, T.board.finish)).toBe('the finish line');
  });

  it('R12: names a results space by its place in the track, so "8" never reads as its 8 VP', () => {
    // The builtin track is 10, 8, 6, 5, 4, 3, 2, 1 VP: the second space is worth 8, the eighth 1.
    const context = { viewer: 0, names: ['Ann', 'Bo'] };
    expect(narrateEvent(T, { kind: 'finish', racer: 0, place: 7 }, context)).toBe('You cross the finish line and take the 8th results space (1 race VP).');
    expect(narrateEvent(T, { kind: 'finish', racer: 1, place: 1 }, context)).toBe('Bo crosses the finish line and takes the 2nd results space (8 race VP).');
    expect(narrateEvent(T, { kind: 'out-of-time', racer: 1, place: 2 }, context)).toBe("Bo's turn blocks the 3rd results space (6 VP) with a running-out-of-time token.");
  });

  it('tells a combo jump with its rewards, and the cards drawn only to the racer who drew them', () => {
    const m = race({ positions: ['t0.y.jump', 't0.g1.0'], decks: [CHAIN, null] }, { seats: 2 });
    must(m, { type: 'jump' });
    for (const id of ['s-yellow-r', 's-red-g', 's-green-y']) must(m, { type: 'add', card: card(m, id) });
    must(m, { type: 'land', to: at('t1.y2.0') });
    must(m, { type: 'end' });
    must(m, { type: 'keep' });
    const names = ['Ann', 'Bo'];
    const bo = tell(m, { viewer: 1, names });
    expect(bo[0]).toBe('Round 1 begins.');
    expect(bo).toContainEqual(
      expect.stringMatching(
        /^Ann jumps from the yellow jump-off of the Go! Beech to the upper yellow lane of the Hazel tree, space 1 with a combo of 3 cards \(Yellow Leaf, Red Leaf and Green Leaf\), winning \d combo VP tokens?( and \d acorns?)?\.$/,
      ),
    );
    expect(bo.at(-1)).toBe('Ann draws 3 cards.');
    const ann = tell(m, { viewer: 0, names });
    expect(ann.some((l) => l.startsWith('You jump from the yellow jump-off'))).toBe(true);
    expect(ann.at(-1)).toMatch(/^You draw (Green|Yellow|Red) Branch, (Green|Yellow|Red) \w+ and (Green|Yellow|Red) \w+\.$/);
  });

  it('tells a dummy turn in full: the dummy card, each dummy\'s move and purchase', () => {
    const m = race({ dummyCards: ['dummy-first-1'] }, { seats: 1, options: { dummies: 3 } });
    const card = stateOf(m).market.cheap.row[0]!;
    must(m, { type: 'end' });
    while (stateOf(m).turn.pending[0]?.kind === 'cleanup') must(m, { type: 'keep' });
    const lines = tell(m, { viewer: 'spectator', names: ['Ann'] });
    const turn = lines.indexOf("The dummies' turn: they draw a first-turn dummy card.");
    expect(turn).toBeGreaterThan(0);
    const after = lines.slice(turn + 1);
    for (const dummy of ['Twinkle', 'Bloom', 'Bolt']) expect(after.some((l) => l.startsWith(`${dummy} moves `))).toBe(true);
    // dummy-first-1 marks the first cheap card for Twinkle (green).
    expect(after).toContain(`Twinkle takes ${kindOf(T, card).name} from the cheap market.`);
    expect(lines.at(-1)).toBe('Round 2 begins.');
  });
});
