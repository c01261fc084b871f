/**
 * The board file checked as a graph before any race is built from it (`drey content check` and
 * every `--content` load, through checkFiles in content/files.ts). A board is accepted only when
 * the rules can play every race on it to the end:
 *   - every lane drawing parses: it starts and ends with a space, has at least two spaces, and
 *     each foliage gap is 2 or 3 cards wide (R6: the only combos a gap can ask for);
 *   - from every start of every course (the Go! spaces, or the first spaces of a short course's
 *     first tree) every space of that course can be reached, and the finish line too;
 *   - no dead end: from every space the finish can be reached without a foliage jump. R6 lets a
 *     racer "go around" a gap; a racer whose hand cannot make the gap's exact combo (and every
 *     racer whose deck has no combos) must still be able to run on, or the race only ends at sunset.
 * Each refusal names the place (the lane in the file, the space id and where it is in words) and
 * the reason. Pure: the board is compiled here and thrown away.
 */
import type { ContentIssue } from '../package.js';
import { buildBoard, LANE_CODES, parseLane, type Board, type Space } from './board.js';
import type { BoardSpec } from './content/schema.js';

/** Most issues listed per kind of problem: one broken lane can strand many spaces. */
const MAX_PER_KIND = 5;

const LANE_WORDS = ['green lower', 'green upper', 'yellow lower', 'yellow upper', 'red lower', 'red upper'] as const;

/** The path inside board.json of lane `lane` (0 bottom) of tree `tree`: the file lists lanes top first. */
const lanePath = (tree: number, lane: number): PropertyKey[] => ['trees', tree, 'lanes', 5 - lane];

/** 't2.g2.3 (tree 2 Chestnut, green upper lane, space 4)': trees numbered as in the file and the space ids. */
export function describeSpace(board: Board, s: Space): string {
  const tree = `tree ${s.tree} ${board.trees[s.tree]!.name}`;
  if (s.kind === 'finish') return 'the finish line';
  if (s.lane === null) return `${s.name} (${tree}, the ${s.zone} jump-off space)`;
  return `${s.name} (${tree}, ${LANE_WORDS[s.lane]} lane, space ${s.index + 1})`;
}

const pathOf = (s: Space): PropertyKey[] => (s.lane === null ? ['trees', s.tree] : lanePath(s.tree, s.lane));

/** Spaces reachable from `from` by any move the rules have; `gaps` says whether foliage jumps count. */
function reachableFrom(board: Board, from: number, gaps: boolean): boolean[] {
  const seen = new Array<boolean>(board.spaces.length).fill(false);
  const stack = [from];
  seen[from] = true;
  while (stack.length > 0) {
    const s = board.spaces[stack.pop()!]!;
    const next = [s.forward, s.up, s.down, s.jumpTo?.lower ?? null, s.jumpTo?.upper ?? null, gaps ? (s.foliage?.to ?? null) : null];
    for (const n of next) {
      if (n !== null && !seen[n]) {
        seen[n] = true;
        stack.push(n);
      }
    }
  }
  return seen;
}

/** Spaces from which the finish can be reached without a foliage jump. */
function reachesFinishAround(board: Board): boolean[] {
  const reaches = new Array<boolean>(board.spaces.length).fill(false);
  reaches[board.finish] = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of board.spaces) {
      if (reaches[s.id]) continue;
      const next = [s.forward, s.up, s.down, s.jumpTo?.lower ?? null, s.jumpTo?.upper ?? null];
      if (next.some((n) => n !== null && reaches[n])) {
        reaches[s.id] = true;
        changed = true;
      }
    }
  }
  return reaches;
}

/** Every reason the board cannot be raced on, each naming its place; empty when it can. */
export function checkBoard(spec: BoardSpec): ContentIssue[] {
  const issues: ContentIssue[] = [];
  spec.trees.forEach((tree, t) => {
    for (let lane = 0; lane < 6; lane++) {
      const where = `tree ${t} (${tree.name}), ${LANE_WORDS[lane]} lane ${LANE_CODES[lane]}`;
      try {
        parseLane(tree.lanes[5 - lane]!, where);
      } catch (e) {
        issues.push({ file: 'board', path: lanePath(t, lane), message: e instanceof Error ? e.message : String(e) });
      }
    }
  });
  // The graph checks need every lane drawn; a broken drawing is reason enough.
  if (issues.length > 0) return issues;
  const board = buildBoard(spec);

  // Only a gap can cut a space off from the finish (without gaps every lane runs forward into
  // its jump-off). The culprits are the gaps whose far side still reaches the finish: every
  // stranded space leads to one of them, so each is named once, with how many spaces it strands.
  const around = reachesFinishAround(board);
  const stranded = board.spaces.filter((s) => !around[s.id]).length;
  const culprits = board.spaces.filter((s) => !around[s.id] && s.foliage !== null && around[s.foliage.to]);
  for (const s of culprits) {
    issues.push({
      file: 'board',
      path: pathOf(s),
      message:
        `dead end: no way around the ${s.foliage!.cards}-card foliage gap after ${describeSpace(board, s)}; ` +
        `a racer without that exact combo cannot reach the finish from there (R6: a gap can be gone around), ` +
        `${stranded === 1 ? '1 space in all leads' : `${stranded} spaces in all lead`} only into such gaps`,
    });
  }

  // Every course the options offer starts on the first spaces of one tree (startSpaces in board.ts).
  const unreached: ContentIssue[] = [];
  for (let first = 0; first < board.trees.length - 1; first++) {
    const course = board.spaces.filter((s) => s.tree >= first);
    for (const start of board.trees[first]!.lanes.map((ids) => ids[0]!)) {
      const seen = reachableFrom(board, start, true);
      const missed = course.find((s) => !seen[s.id]);
      if (missed) {
        unreached.push({
          file: 'board',
          path: pathOf(missed),
          message: `${describeSpace(board, missed)} cannot be reached from the start ${describeSpace(board, board.spaces[start]!)}`,
        });
      }
    }
  }
  issues.push(...unreached.slice(0, MAX_PER_KIND));
  return issues;
}
