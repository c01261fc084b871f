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
// The per-card actions are made once per content, with its tables (tables.ts).
