/**
 * Acorns actions (A3–A5): small JSON objects naming cards and trees by card id.
 *
 *   { type: 'draw' }
 *   { type: 'plant', card: 'tree-5-2' }
 *   { type: 'squirrel', card: 'squirrel-red-2-1', tree: 'tree-5-2' }
 *   { type: 'fox', card: 'fox-red', tree: 'tree-5-2' }
 *   { type: 'turtle', tree: 'tree-5-2' }
 *   { type: 'discard', card: 'squirrel-blue-1-4' }
 *   { type: 'pass' }
 */
import { CARD_COUNT, CARD_IDS, derive, KIND } from './content/index.js';

export const ACTION_TYPES = ['draw', 'plant', 'squirrel', 'fox', 'turtle', 'discard', 'pass'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface DrawAction {
  readonly type: 'draw';
}
export interface PlantAction {
  readonly type: 'plant';
  readonly card: string;
}
export interface SquirrelAction {
  readonly type: 'squirrel';
  readonly card: string;
  readonly tree: string;
}
export interface FoxAction {
  readonly type: 'fox';
  readonly card: string;
  readonly tree: string;
}
export interface TurtleAction {
  readonly type: 'turtle';
  readonly tree: string;
}
export interface DiscardAction {
  readonly type: 'discard';
  readonly card: string;
}
export interface PassAction {
  readonly type: 'pass';
}
export type AcornsAction = DrawAction | PlantAction | SquirrelAction | FoxAction | TurtleAction | DiscardAction | PassAction;

/*
 * Action objects are immutable, so legalActions hands out shared frozen instances instead of
 * allocating dozens per call (random playouts spend most of their time there).
 */
export const DRAW: DrawAction = Object.freeze({ type: 'draw' });
export const PASS: PassAction = Object.freeze({ type: 'pass' });
// Actions made once per card of the current content (content/index.ts).
let plantCache: (PlantAction | undefined)[];
let discardCache: (DiscardAction | undefined)[];
let turtleCache: (TurtleAction | undefined)[];
let onTreeCache: (SquirrelAction | FoxAction | undefined)[];
derive(
  () => ({ plant: [], discard: [], turtle: [], onTree: [] }),
  (c: { plant: typeof plantCache; discard: typeof discardCache; turtle: typeof turtleCache; onTree: typeof onTreeCache }) => {
    plantCache = c.plant;
    discardCache = c.discard;
    turtleCache = c.turtle;
    onTreeCache = c.onTree;
  },
);

export function plantAction(card: number): PlantAction {
  return (plantCache[card] ??= Object.freeze({ type: 'plant', card: CARD_IDS[card]! }));
}
export function discardAction(card: number): DiscardAction {
  return (discardCache[card] ??= Object.freeze({ type: 'discard', card: CARD_IDS[card]! }));
}
export function turtleAction(tree: number): TurtleAction {
  return (turtleCache[tree] ??= Object.freeze({ type: 'turtle', tree: CARD_IDS[tree]! }));
}
/** A squirrel or fox action, by the card's kind. */
export function onTreeAction(card: number, tree: number): SquirrelAction | FoxAction {
  const key = card * CARD_COUNT + tree;
  const cached = onTreeCache[key];
  if (cached) return cached;
  const type = KIND[card] === 'fox' ? 'fox' : 'squirrel';
  const made = Object.freeze({ type, card: CARD_IDS[card]!, tree: CARD_IDS[tree]! });
  onTreeCache[key] = made;
  return made;
}
