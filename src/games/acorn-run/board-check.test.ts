/**
 * Boards checked as graphs (issue 26 item 1): a board the rules cannot race on is refused by the
 * content check, naming the place and the reason, and never reaches a race to fail there with an
 * internal error. The property: generated and mutated content is either refused by the check or
 * plays its races to the end with random bots.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentError, packageWithContent, validateContent } from '../../content/files.js';
import { createParsedMatch } from '../../engine/match.js';
import { playBots, randomBot } from '../../bots/index.js';
import type { AnyGamePackage } from '../package.js';
import { checkBoard } from './board-check.js';
import { BUILTIN_FILES } from './content/files.js';
import type { BoardSpec } from './content/schema.js';
import { acornRunPackage } from './index.js';

const BOARD = BUILTIN_FILES.board;

/** The builtin board with lane `row` (as listed in the file, top first) of tree `tree` redrawn. */
function redraw(tree: number, row: number, lane: string, board: BoardSpec = BOARD): BoardSpec {
  return { trees: board.trees.map((t, i) => (i === tree ? { ...t, lanes: t.lanes.map((l, r) => (r === row ? lane : l)) } : t)) };
}

/** The content check's refusal of a board, as `drey content check` prints it (exit 2). */
function refusal(board: unknown): string {
  try {
    validateContent(acornRunPackage, { board });
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  return 'accepted';
}

describe('Acorn Run board check', () => {
  it('accepts the shipped board', () => {
    expect(checkBoard(BOARD)).toEqual([]);
  });

  it('refuses the three boards of issue 26 by place and reason: a lane ending in a gap, a one-space lane, a four-wide gap', () => {
    expect(refusal(redraw(2, 4, 'o.o.o.o.o.o~~'))).toBe('board.json at trees[2].lanes[4]: tree 2 (Chestnut), green upper lane g2: a lane must end with a space');
    expect(refusal(redraw(3, 0, 'o'))).toBe('board.json at trees[3].lanes[0]: tree 3 (Walnut), red upper lane r2: a lane needs at least two spaces');
    expect(refusal(redraw(2, 4, 'o.o.~~~~o.o.o'))).toBe('board.json at trees[2].lanes[4]: tree 2 (Chestnut), green upper lane g2: a foliage gap needs 2 or 3 cards, not 4');
  });

  it('refuses a gap with no way around it: the spaces before it are a dead end for a racer without the combo (R6)', () => {
    // Chestnut's green upper lane has a gap from its space at column 2; cut the green lower lane
    // by a gap after its space at column 4 too: that space has no lane above or below it to go
    // around by (the green upper lane has no space at column 4).
    const message = refusal(redraw(2, 5, 'o.o.o~~~o.4.o'));
    expect(message).toMatch(/^board\.json at trees\[2\]\.lanes\[[45]\]: dead end: no way around the [23]-card foliage gap after t2\.g[12]\.2 \(tree 2 Chestnut, green (lower|upper) lane, space 3\); a racer without that exact combo cannot reach the finish/);
  });

  it('refuses a tree cut across every lane by gaps: nothing but a combo reaches the finish', () => {
    // Every lane of the Great Oak crosses one gap at the same columns: no way around.
    const oak = BOARD.trees.length - 1;
    let board = BOARD;
    for (let row = 0; row < 6; row++) board = redraw(oak, row, 'o.o~~o.o', board);
    const message = refusal(board);
    expect(message).toMatch(/^board\.json at trees\[6\]\.lanes\[5\]: dead end: no way around the 2-card foliage gap after t6\.g1\.1 \(tree 6 Great Oak, green lower lane, space 2\)/);
    expect(message).toMatch(/and 1 more/);
  });

  it('accepts a gap at a lane\'s very end when the lane below goes around it', () => {
    expect(refusal(redraw(2, 4, 'o.o.o.o.o.o~~o'))).toBe('accepted');
  });
});

// ---------------------------------------------------------------------------------------------
// The property: refused, or played to the end.

const LANE_PIECES = ['o', 'a', '3', '.', '..', '-', '---', '~', '~~', '~~~', '~~~~', ' ', 'o.o', 'a.o'] as const;

/** One edit of one lane drawing. */
const laneEdit = fc.record({
  tree: fc.nat(20),
  row: fc.nat(5),
  at: fc.nat(40),
  kind: fc.constantFrom('replace', 'insert', 'cut', 'truncate', 'append'),
  piece: fc.constantFrom(...LANE_PIECES),
});
type LaneEdit = typeof laneEdit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(board: BoardSpec, e: LaneEdit): BoardSpec {
  const tree = e.tree % board.trees.length;
  const lane = board.trees[tree]!.lanes[e.row]!;
  const at = e.at % (lane.length + 1);
  const next =
    e.kind === 'replace' ? lane.slice(0, at) + e.piece + lane.slice(at + e.piece.length)
    : e.kind === 'insert' ? lane.slice(0, at) + e.piece + lane.slice(at)
    : e.kind === 'cut' ? lane.slice(0, at) + lane.slice(at + e.piece.length)
    : e.kind === 'truncate' ? lane.slice(0, at)
    : lane + e.piece;
  return redraw(tree, e.row, next, board);
}

/** A board: the shipped one with some lanes edited, trees dropped or repeated. */
const boardArb = fc
  .record({
    edits: fc.array(laneEdit, { minLength: 1, maxLength: 6 }),
    drop: fc.option(fc.nat(20), { nil: undefined }),
    repeat: fc.option(fc.nat(20), { nil: undefined }),
  })
  .map(({ edits, drop, repeat }) => {
    let trees = [...BOARD.trees];
    if (drop !== undefined && trees.length > 2) trees.splice(drop % trees.length, 1);
    if (repeat !== undefined) trees.splice(repeat % trees.length, 0, trees[repeat % trees.length]!);
    return edits.reduce(applyEdit, { trees });
  });

/** Race figures a designer might try: short results tracks, few tokens, small hands. */
const raceArb = fc.record({
  handSize: fc.integer({ min: 2, max: 11 }),
  results: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 0, maxLength: 9 }),
  outOfTimeTokens: fc.integer({ min: 0, max: 8 }),
  tokenCount: fc.integer({ min: 0, max: 5 }),
});

/** One race of random bots on `pkg`, started on a random tree and cut short by an early sunset. */
function race(pkg: AnyGamePackage, seats: number, dummies: number, trees: number, seed: string): string | null {
  const options = pkg.game.parseOptions({ trees, roundLimit: 8, ...(dummies > 0 ? { dummies } : {}) }, seats);
  if (!options.ok) return `options refused: ${options.error.message}`;
  const match = createParsedMatch(pkg.game, { seats, seed, options: options.value });
  if (!match.ok) return `setup failed: ${match.error.message}`;
  const played = playBots(match.value, Array.from({ length: seats }, () => randomBot), { maxSteps: 20_000 });
  return played.ok ? null : `${played.error.code}: ${played.error.message}`;
}

/** Seats and dummies (R14: dummies join one or two seats). */
const TABLES: readonly [number, number][] = [[1, 3], [2, 2], [3, 0], [4, 0], [1, 0]];

describe('Acorn Run content: refused by the check, or raced to the end', () => {
  it('holds for generated boards and race figures (seeded, bounded)', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(boardArb, fc.option(raceArb, { nil: undefined }), fc.nat(1000), (board, raceEdit, pick) => {
        const given: Record<string, unknown> = { board };
        if (raceEdit) {
          const { tokenCount, ...rest } = raceEdit;
          given.race = { ...BUILTIN_FILES.race, ...rest, comboTokens: [{ value: 1, count: tokenCount }] };
        }
        let pkg: AnyGamePackage;
        try {
          pkg = packageWithContent(acornRunPackage, given, 'generated');
        } catch (e) {
          // A refusal must be a ContentError (exit 2 naming the place), never another exception.
          if (!(e instanceof ContentError)) throw e;
          refused++;
          return;
        }
        accepted++;
        const trees = pkg.content.data.board as BoardSpec;
        const course = 2 + (pick % (trees.trees.length - 1));
        const [seats, dummies] = TABLES[pick % TABLES.length]!;
        const failure = race(pkg, seats, dummies, course, `prop.${pick}`) ?? race(pkg, 6, 0, 2 + ((pick >> 3) % (trees.trees.length - 1)), `prop6.${pick}`);
        expect(failure).toBeNull();
      }),
      { seed: 26, numRuns: 60 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });
});
