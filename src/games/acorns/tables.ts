/**
 * One content compiled into the tables the rules, views, narrator, text UI, bots and lab read.
 * Content is a value (docs/architecture.md): a game is built from its content (createAcorns in
 * index.ts), which compiles it here once and hands the tables to every part by argument or
 * closure. Nothing here is module state: any number of contents can be alive side by side.
 *
 * Inside the rules a card is its index in `cards` (plain numbers keep states small and fast to
 * copy). Identical cards (tree-5-1, tree-5-2) sit next to each other.
 */
import type { DiscardAction, FoxAction, PlantAction, SquirrelAction, TurtleAction } from './actions.js';
import { BUILTIN_CONTENT, buildDeck, COLORS, type AcornsContent, type Card, type CardKind } from './content/index.js';
import { madeOnce } from '../../engine/memo.js';

export interface AcornsTables {
  /** The content these tables were compiled from. */
  readonly content: AcornsContent;
  /** A2: cards dealt to each seat. */
  readonly handSize: number;
  /** Every card, by index. */
  readonly cards: readonly Card[];
  readonly cardCount: number;
  readonly ids: readonly string[];
  readonly byId: ReadonlyMap<string, number>;
  /**
   * Cards with the same face (same kind and numbers and color) are interchangeable. face[i] names
   * that face; the rules offer only the lowest-numbered copy of a face in a hand.
   */
  readonly face: readonly string[];
  /** Quick per-index facts for the hot paths: kind, acorns of a tree, color index, squirrel count. */
  readonly kind: readonly CardKind[];
  /** Acorns of a tree; 0 for every other card (A11 counts only trees). */
  readonly acorns: readonly number[];
  /** Color index of a squirrel card or fox; -1 otherwise. */
  readonly color: readonly number[];
  /** Squirrels shown on a squirrel card; 0 otherwise. */
  readonly strength: readonly number[];
  readonly turtle: number;
  /** The fox of each color, by color index. */
  readonly foxOf: readonly number[];
  /** The most squirrels one card shows: how far one card can raise a group (A4, A6). */
  readonly maxStrength: number;
  /**
   * The row of a tree in the content's `trees` list as the designer wrote it (-1 for other
   * cards): the lab reports trees by row, which a variant changing their value keeps.
   */
  readonly treeRow: readonly number[];
  /** Every tree value the deck holds, ascending, and how many trees of each (A1). */
  readonly treeValues: readonly { acorns: number; count: number }[];
  /** Acorns on all trees of the deck together. */
  readonly totalAcorns: number;
  /**
   * The action objects legalActions hands out, one frozen instance per card (actions are
   * immutable, so sharing them saves random playouts dozens of allocations per call).
   */
  readonly plant: readonly (PlantAction | undefined)[];
  readonly discard: readonly (DiscardAction | undefined)[];
  readonly turtleOn: readonly (TurtleAction | undefined)[];
  /** The squirrel or fox action of `card` on `tree` (by the card's kind), one frozen instance per pair. */
  onTree(card: number, tree: number): SquirrelAction | FoxAction;
}

const faceOf = (c: Card): string => {
  switch (c.kind) {
    case 'tree':
      return `tree-${c.acorns}`;
    case 'squirrel':
      return `squirrel-${c.color}-${c.squirrels}`;
    case 'fox':
    case 'turtle':
      return c.id;
  }
};

function compile(content: AcornsContent): AcornsTables {
  const cards = buildDeck(content);
  const ids = cards.map((c) => c.id);
  const byId = new Map<string, number>(ids.map((id, i) => [id, i]));
  const kind = cards.map((c) => c.kind);
  const cardCount = cards.length;
  const treeValues = [...content.trees].sort((a, b) => a.acorns - b.acorns).map((t) => ({ acorns: t.acorns, count: t.count }));
  // Squirrel and fox actions are made on first use: a large designer deck has too many pairs to
  // make them all up front. The memo only ever holds the one frozen value a pair always has.
  const onTreeMemo: (SquirrelAction | FoxAction | undefined)[] = [];
  const onTree = (card: number, tree: number): SquirrelAction | FoxAction => {
    const key = card * cardCount + tree;
    const cached = onTreeMemo[key];
    if (cached) return cached;
    const type = kind[card] === 'fox' ? 'fox' : 'squirrel';
    const made = Object.freeze({ type, card: ids[card]!, tree: ids[tree]! });
    onTreeMemo[key] = made;
    return made;
  };
  // The tables are read-only by type; the arrays are not frozen, since frozen arrays measured
  // slower in random playouts (V8 reads them through a slower path).
  return Object.freeze({
    content,
    handSize: content.handSize,
    cards,
    cardCount,
    ids,
    byId,
    face: cards.map(faceOf),
    kind,
    acorns: cards.map((c) => (c.kind === 'tree' ? c.acorns : 0)),
    color: cards.map((c) => (c.kind === 'squirrel' || c.kind === 'fox' ? COLORS.indexOf(c.color) : -1)),
    strength: cards.map((c) => (c.kind === 'squirrel' ? c.squirrels : 0)),
    turtle: byId.get('turtle')!,
    foxOf: COLORS.map((color) => byId.get(`fox-${color}`)!),
    treeRow: cards.map((c) => (c.kind === 'tree' ? content.trees.findIndex((t) => t.acorns === c.acorns) : -1)),
    maxStrength: Math.max(...content.squirrels.map((s) => s.squirrels)),
    treeValues,
    totalAcorns: treeValues.reduce((n, t) => n + t.acorns * t.count, 0),
    plant: cards.map((c, i) => (c.kind === 'tree' ? Object.freeze({ type: 'plant' as const, card: ids[i]! }) : undefined)),
    discard: cards.map((c, i) => (c.kind !== 'tree' ? Object.freeze({ type: 'discard' as const, card: ids[i]! }) : undefined)),
    turtleOn: cards.map((c, i) => (c.kind === 'tree' ? Object.freeze({ type: 'turtle' as const, tree: ids[i]! }) : undefined)),
    onTree,
  });
}

/** The tables of `content`, compiled on first use and kept as long as the content object lives. */
export const tablesOf: (content: AcornsContent) => AcornsTables = madeOnce(compile);

/** The shipped content's tables (for tests, the guided first turn, and defaults). */
export const BUILTIN_TABLES: AcornsTables = tablesOf(BUILTIN_CONTENT);

/** The index of a card id, or undefined for an unknown id. */
export const cardIndex = (tables: AcornsTables, id: string): number | undefined => tables.byId.get(id);

/** The index of a card id the caller has already validated. */
export function knownCard(tables: AcornsTables, id: string): number {
  const i = tables.byId.get(id);
  if (i === undefined) throw new Error(`unknown Acorns card ${id}`);
  return i;
}

/** The card an id names, or undefined. */
export const cardOf = (tables: AcornsTables, id: string): Card | undefined => {
  const i = tables.byId.get(id);
  return i === undefined ? undefined : tables.cards[i];
};

/** Acorns of the tree an id names; 0 for any other id. */
export const acornsOf = (tables: AcornsTables, id: string): number => {
  const i = tables.byId.get(id);
  return i === undefined ? 0 : tables.acorns[i]!;
};
