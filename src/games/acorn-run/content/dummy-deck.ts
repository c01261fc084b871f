/**
 * The 40 dummy cards (R15) and the deck recipe per difficulty. Our design: 4 first-turn cards and
 * 12 cards of each level. Higher levels move the dummies further, reward their jumps more often
 * and buy more from the market. Each card is one row, written in a short notation expanded
 * below and checked by dummyDeckSchema at load:
 *   moves  's4' sprint 4 in the lane; 'u4' / 'd4' one lane up / down first, then sprint 4;
 *          'f34r' fetch an acorn 3–4 spaces away, else the alternative to the nearest red lane
 *          ('g' green, 'y' yellow, 'r' red)
 *   jumps  'u' / 'l' to the upper / lower lane; '+' gain 1 combo VP; '$' trade an acorn for 3 VP
 *   market 'c0g' cheap slot 1 for green ('e' expensive; g p y b = green pink yellow brown);
 *          a trailing '*' means the dummy pays an acorn for it
 * Order in each row: green (Twinkle), pink (Bloom), yellow (Bolt), brown (Tail).
 */
import type { Color } from './schema.js';
import type { DeckRecipe, DummyCardSpec, DummyColor, DummyDeckSpec, DummyJump, DummyLevel, DummyMove, MarketMark } from './dummy-schema.js';

const COLOR_LETTER: Record<string, Color> = { g: 'green', y: 'yellow', r: 'red' };
const DUMMY_LETTER: Record<string, DummyColor> = { g: 'green', p: 'pink', y: 'yellow', b: 'brown' };

function move(text: string): DummyMove {
  const kind = text[0];
  if (kind === 'f') return { kind: 'fetch', min: Number(text[1]), max: Number(text[2]), alt: COLOR_LETTER[text[3]!]! };
  const shift = kind === 'u' ? 'up' : kind === 'd' ? 'down' : 'none';
  return { kind: 'sprint', shift, spaces: Number(text.slice(1)) };
}

function jump(text: string): DummyJump {
  return { to: text[0] === 'u' ? 'upper' : 'lower', reward: text[1] === '+' ? 'vp' : text[1] === '$' ? 'trade' : 'none' };
}

function mark(text: string): MarketMark {
  return { row: text[0] === 'c' ? 'cheap' : 'expensive', index: Number(text[1]), color: DUMMY_LETTER[text[2]!]!, acorn: text.endsWith('*') };
}

type Row = [moves: string, jumps: string, market: string];

function card(level: DummyLevel, n: number, [moves, jumps, market]: Row): DummyCardSpec {
  const m = moves.split(' ').map(move);
  const j = jumps.split(' ').map(jump);
  return {
    id: `dummy-${level.toLowerCase()}-${n}`,
    level,
    moves: { green: m[0]!, pink: m[1]!, yellow: m[2]!, brown: m[3]! },
    jumps: { green: j[0]!, pink: j[1]!, yellow: j[2]!, brown: j[3]! },
    market: market === '' ? [] : market.split(' ').map(mark),
  };
}

const FIRST: Row[] = [
  ['s3 u3 d3 f34y', 'u l u l', 'c0g'],
  ['u3 s3 f34g d3', 'l u l u', 'c1p'],
  ['d3 f34r s3 u3', 'u u l l', 'c2y'],
  ['f34y d3 u3 s3', 'l l u u', 'c0b'],
];

const LEVEL_I: Row[] = [
  ['s2 u2 d3 f34y', 'l l u l', 'c0g'],
  ['u2 s3 f34g d2', 'l u l l', 'c1p'],
  ['d2 f34r s2 u3', 'u l l l', 'c2y'],
  ['f34y d2 u2 s3', 'l l l u', 'c0b'],
  ['s3 s2 u2 d2', 'l+ l l l', 'e0g*'],
  ['u3 d2 s2 f34r', 'l l+ l l', 'e1p*'],
  ['d2 u3 f34g s2', 'l l l+ l', 'e2y*'],
  ['f34g s2 d2 u2', 'l l l l+', 'e0b*'],
  ['s2 f34y u3 d2', 'u l l l', 'c1g'],
  ['u2 d3 s2 f34y', 'l u l l', 'c2p'],
  ['d3 s2 f34r u2', 'l l u l', 'c0y'],
  ['f34r u2 d2 s2', 'l l l u', 'c1b'],
];

const LEVEL_II: Row[] = [
  ['s3 u2 d3 f34y', 'u+ l u l', 'c0g e1p*'],
  ['u3 s2 f34g d3', 'l u+ l u', 'c1p e2y*'],
  ['d3 f34r s2 u3', 'u l u+ l', 'c2y e0b*'],
  ['f34y d3 u2 s3', 'l u l u+', 'c0b e1g*'],
  ['s2 s3 u3 d2', 'u$ l+ u l', 'c1g c2p'],
  ['u2 d3 s3 f34r', 'l u$ l+ u', 'c2y c0b'],
  ['d3 u2 f34g s3', 'u l u$ l+', 'c0p c1y'],
  ['f34g s3 d2 u2', 'l+ u l u$', 'c1b c2g'],
  ['s3 f34y u2 d3', 'u+ u+ l l', 'e0g* c1y'],
  ['u3 d2 s2 f34y', 'l l u+ u+', 'e1p* c2b'],
  ['d2 s3 f34r u3', 'u+ l u+ l', 'e2y* c0g'],
  ['f34r u3 d3 s2', 'l u+ l u+', 'e0b* c1p'],
];

const LEVEL_III: Row[] = [
  ['s7 u6 d7 f46y', 'u+ u$ u+ u$', 'c0g e1p* c2y'],
  ['u7 s6 f46g d7', 'u$ u+ u$ u+', 'c1p e2y* c0b'],
  ['d7 f46r s6 u7', 'u+ u$ u+ u$', 'c2y e0b* c1g'],
  ['f46y d7 u6 s7', 'u$ u+ u$ u+', 'c0b e1g* c2p'],
  ['s6 s7 u7 d6', 'u$ u$ u+ u+', 'e0g* e1p*'],
  ['u6 d7 s7 f46r', 'u+ u$ u$ u+', 'e1y* e2b*'],
  ['d7 u6 f46g s7', 'u+ u+ u$ u$', 'e2g* e0y*'],
  ['f46g s7 d6 u6', 'u$ u+ u+ u$', 'e0p* e1b*'],
  ['s7 f46y u6 d7', 'u+ u+ u+ u+', 'c1g c2p c0y'],
  ['u7 d6 s6 f46y', 'u$ u$ u$ u$', 'c2b c0g e1y*'],
  ['d6 s7 f46r u7', 'u+ u$ u+ u$', 'c0p c1b e2g*'],
  ['f46r u7 d7 s6', 'u$ u+ u$ u+', 'c1y c2g e0p*'],
];

const recipe = (top: DummyLevel, middle: [DummyLevel, number][], bottom: [DummyLevel, number][]): DeckRecipe => ({
  start: [{ level: 'first', count: 1 }],
  top: [{ level: top, count: 3 }],
  middle: middle.map(([level, count]) => ({ level, count })),
  bottom: bottom.map(([level, count]) => ({ level, count })),
});

export const DUMMY_DECK: DummyDeckSpec = {
  cards: [
    ...FIRST.map((r, i) => card('first', i + 1, r)),
    ...LEVEL_I.map((r, i) => card('I', i + 1, r)),
    ...LEVEL_II.map((r, i) => card('II', i + 1, r)),
    ...LEVEL_III.map((r, i) => card('III', i + 1, r)),
  ],
  // R15
  recipes: {
    easy: recipe('I', [['I', 6]], [['II', 6]]),
    normal: recipe('I', [['II', 6]], [['II', 3], ['III', 3]]),
    hard: recipe('I', [['II', 6]], [['III', 6]]),
    expert: recipe('II', [['II', 3], ['III', 3]], [['III', 6]]),
  },
};
