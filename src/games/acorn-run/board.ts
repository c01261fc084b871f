/**
 * The board as a graph: the tree drawings of content/board.ts compiled into spaces with explicit
 * forward, up, down, line, foliage and jump links. Compiled once at load and checked: every space
 * must be able to reach the finish line.
 */
import { COLORS, type BoardSpec, type Color } from './content/schema.js';

export const SPACE_KINDS = ['go', 'path', 'jumpoff', 'finish'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];

/** Lanes bottom up: 0 green lower, 1 green upper, 2 yellow lower, 3 yellow upper, 4 red lower, 5 red upper (R1). */
export const LANE_CODES = ['g1', 'g2', 'y1', 'y2', 'r1', 'r2'] as const;
export const laneColor = (lane: number): Color => COLORS[Math.floor(lane / 2)]!;

export interface Space {
  id: number;
  /** 't2.y1.3' (tree 2, yellow lower lane, 4th space), 't2.y.jump', 'finish'. */
  name: string;
  kind: SpaceKind;
  tree: number;
  /** 0–5 bottom up; null for jump-off spaces and the finish. */
  lane: number | null;
  /** The color zone; null for the finish. */
  zone: Color | null;
  /** Column in the tree drawing (null for jump-offs and the finish). */
  col: number | null;
  /** Index of the space within its lane. */
  index: number;
  /** The next space forward: along the lane, into the zone's jump-off, or across the finish line. */
  forward: number | null;
  /** R4: the next space forward along a horizontal line, if this space is on one. */
  line: number | null;
  up: number | null;
  down: number | null;
  /** R6: a foliage gap ahead: the space beyond it and the exact combo length it needs. */
  foliage: { to: number; cards: number } | null;
  /** R5: from a tree's jump-off, the first spaces of the zone's lower and upper lanes on the next tree. */
  jumpTo: { lower: number; upper: number } | null;
  /** R8: an acorn is placed here when at least this many racers run (1 = always); null = no acorn. */
  acornMin: number | null;
}

export interface Tree {
  name: string;
  /** Space ids per lane (bottom lane first), in forward order. */
  lanes: number[][];
  /** Jump-off space per zone (green, yellow, red); empty on the Great Oak. */
  jumpoffs: number[];
  width: number;
}

export interface Board {
  spaces: Space[];
  trees: Tree[];
  /** The six Go! spaces, bottom lane first. */
  go: number[];
  finish: number;
  byName: ReadonlyMap<string, number>;
}

interface ParsedLane {
  cols: number[];
  chars: string[];
  /** Connector after each space but the last: ordinary, line or foliage gap of n cards. */
  links: ({ kind: 'step' } | { kind: 'line' } | { kind: 'gap'; cards: number })[];
}

export function parseLane(text: string, where: string): ParsedLane {
  const cols: number[] = [];
  const chars: string[] = [];
  const links: ParsedLane['links'] = [];
  let connector = '';
  for (let c = 0; c < text.length; c++) {
    const ch = text[c]!;
    if (ch === 'o' || ch === 'a' || (ch >= '2' && ch <= '6')) {
      if (cols.length > 0) {
        const gaps = [...connector].filter((x) => x === '~').length;
        const lines = [...connector].filter((x) => x === '-').length;
        if (gaps > 0) {
          if (lines > 0) throw new Error(`${where}: a foliage gap cannot also be a horizontal line`);
          if (gaps < 2 || gaps > 3) throw new Error(`${where}: a foliage gap needs 2 or 3 cards, not ${gaps}`);
          links.push({ kind: 'gap', cards: gaps });
        } else if (lines > 0) {
          if (lines !== connector.length) throw new Error(`${where}: a horizontal line must be unbroken '-'`);
          links.push({ kind: 'line' });
        } else {
          links.push({ kind: 'step' });
        }
      }
      cols.push(c);
      chars.push(ch);
      connector = '';
    } else {
      connector += ch;
    }
  }
  if (connector.length > 0) throw new Error(`${where}: a lane must end with a space`);
  if (cols.length < 2) throw new Error(`${where}: a lane needs at least two spaces`);
  return { cols, chars, links };
}

/**
 * Compiles the tree drawings into the board graph; throws naming the first problem. Content
 * reaches the rules only after checkBoard (board-check.ts) has refused every board this throws on.
 */
export function compileBoard(spec: BoardSpec): Board {
  const board = buildBoard(spec);
  checkReachable(board);
  return board;
}

/** The board graph of the tree drawings, unchecked but for the lane drawings themselves (parseLane). */
export function buildBoard(spec: BoardSpec): Board {
  const spaces: Space[] = [];
  const trees: Tree[] = [];
  const add = (s: Omit<Space, 'id'>): number => {
    const id = spaces.length;
    spaces.push({ id, ...s });
    return id;
  };
  const last = spec.trees.length - 1;
  spec.trees.forEach((treeSpec, t) => {
    const tree: Tree = { name: treeSpec.name, lanes: [], jumpoffs: [], width: 0 };
    for (let lane = 0; lane < 6; lane++) {
      const text = treeSpec.lanes[5 - lane]!;
      const where = `tree ${t} (${treeSpec.name}) lane ${LANE_CODES[lane]}`;
      const parsed = parseLane(text, where);
      tree.width = Math.max(tree.width, text.length);
      const ids = parsed.cols.map((col, index) => {
        const ch = parsed.chars[index]!;
        return add({
          name: `t${t}.${LANE_CODES[lane]}.${index}`,
          kind: t === 0 && index === 0 ? 'go' : 'path',
          tree: t,
          lane,
          zone: laneColor(lane),
          col,
          index,
          forward: null,
          line: null,
          up: null,
          down: null,
          foliage: null,
          jumpTo: null,
          acornMin: ch === 'o' ? null : ch === 'a' ? 1 : Number(ch),
        });
      });
      parsed.links.forEach((link, i) => {
        const from = spaces[ids[i]!]!;
        const to = ids[i + 1]!;
        if (link.kind === 'gap') from.foliage = { to, cards: link.cards };
        else from.forward = to;
        if (link.kind === 'line') from.line = to;
      });
      tree.lanes.push(ids);
    }
    if (t < last) {
      for (let z = 0; z < 3; z++) {
        tree.jumpoffs.push(
          add({
            name: `t${t}.${LANE_CODES[2 * z]![0]}.jump`,
            kind: 'jumpoff',
            tree: t,
            lane: null,
            zone: COLORS[z]!,
            col: null,
            index: 0,
            forward: null,
            line: null,
            up: null,
            down: null,
            foliage: null,
            jumpTo: null,
            acornMin: null,
          }),
        );
      }
    }
    trees.push(tree);
  });
  const finish = add({
    name: 'finish',
    kind: 'finish',
    tree: last,
    lane: null,
    zone: null,
    col: null,
    index: 0,
    forward: null,
    line: null,
    up: null,
    down: null,
    foliage: null,
    jumpTo: null,
    acornMin: null,
  });
  trees.forEach((tree, t) => {
    tree.lanes.forEach((ids, lane) => {
      // The lane's end leads into its zone's jump-off, or on the Great Oak across the finish line.
      spaces[ids[ids.length - 1]!]!.forward = t < last ? tree.jumpoffs[Math.floor(lane / 2)]! : finish;
      // R4: spaces sharing a column in neighbouring lanes are linked.
      for (const id of ids) {
        const s = spaces[id]!;
        const above = tree.lanes[lane + 1]?.find((o) => spaces[o]!.col === s.col);
        const below = tree.lanes[lane - 1]?.find((o) => spaces[o]!.col === s.col);
        s.up = above ?? null;
        s.down = below ?? null;
      }
    });
    if (t < last) {
      const next = trees[t + 1]!;
      tree.jumpoffs.forEach((j, z) => {
        spaces[j]!.jumpTo = { lower: next.lanes[2 * z]![0]!, upper: next.lanes[2 * z + 1]![0]! };
      });
    }
  });
  const board: Board = {
    spaces,
    trees,
    go: trees[0]!.lanes.map((ids) => ids[0]!),
    finish,
    byName: new Map(spaces.map((s) => [s.name, s.id])),
  };
  return board;
}

/** Every space the move rules can reach from a space in one step (for the reachability check and bots). */
export function neighbours(board: Board, id: number): number[] {
  const s = board.spaces[id]!;
  const out: number[] = [];
  for (const n of [s.forward, s.up, s.down, s.foliage?.to ?? null, s.jumpTo?.lower ?? null, s.jumpTo?.upper ?? null]) {
    if (n !== null) out.push(n);
  }
  return out;
}

function checkReachable(board: Board): void {
  const reaches = new Array<boolean>(board.spaces.length).fill(false);
  reaches[board.finish] = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of board.spaces) {
      if (!reaches[s.id] && neighbours(board, s.id).some((n) => reaches[n])) {
        reaches[s.id] = true;
        changed = true;
      }
    }
  }
  const stuck = board.spaces.find((s) => !reaches[s.id]);
  if (stuck) throw new Error(`Acorn Run board: space ${stuck.name} cannot reach the finish line`);
}

/** Anything holding a compiled board, such as the tables of a content (tables.ts). */
export interface WithBoard {
  readonly board: Board;
}

export const space = (T: WithBoard, id: number): Space => T.board.spaces[id]!;

/** The six start spaces, bottom lane first: the Go! spaces, or the first spaces of a short course. */
export function startSpaces(T: WithBoard, options: { trees?: number | undefined }): number[] {
  const { trees } = T.board;
  const first = trees.length - (options.trees ?? trees.length);
  return trees[first]!.lanes.map((ids) => ids[0]!);
}

/** Acorns placed on the board at setup (R8): numbered spaces need that many racers. */
export const boardAcornsFor = (T: WithBoard, racers: number): number[] =>
  T.board.spaces.map((s) => (s.acornMin !== null && s.acornMin <= racers ? 1 : 0));
