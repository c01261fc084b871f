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
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../../engine/result.js';
import { CARD_COUNT, CARD_IDS, KIND, cardIndex, type CardKind } from './content/index.js';

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

const id = z.string().max(40);
const ActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }).strict(),
  z.object({ type: z.literal('plant'), card: id }).strict(),
  z.object({ type: z.literal('squirrel'), card: id, tree: id }).strict(),
  z.object({ type: z.literal('fox'), card: id, tree: id }).strict(),
  z.object({ type: z.literal('turtle'), tree: id }).strict(),
  z.object({ type: z.literal('discard'), card: id }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
]);

const A_KIND: Record<CardKind, string> = { tree: 'a tree', squirrel: 'a squirrel card', fox: 'a fox', turtle: 'the turtle' };

function checkCard(cardId: string, want: CardKind | 'any', field: string): string | null {
  const i = cardIndex(cardId);
  if (i === undefined) return `there is no card '${cardId}' (cards look like tree-5-2, squirrel-red-3-1, fox-blue, turtle)`;
  if (want !== 'any' && KIND[i] !== want) return `${field} must be ${A_KIND[want]}, and ${cardId} is ${A_KIND[KIND[i]!]}`;
  return null;
}

/** Untrusted input → a well-formed Acorns action: the right fields, naming real cards of the right kind. */
export function parseAction(input: unknown): Result<AcornsAction, GameError> {
  const parsed = ActionSchema.safeParse(input);
  if (!parsed.success) {
    const type = typeof input === 'object' && input !== null && 'type' in input ? String((input as { type: unknown }).type) : undefined;
    const known = (ACTION_TYPES as readonly string[]).includes(type ?? '');
    const message = known
      ? `a ${type} action is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'action'} ${i.message}`).join('; ')}`
      : `an Acorns action needs a type, one of ${ACTION_TYPES.join(', ')}`;
    return err({ code: 'malformed-action', message });
  }
  const a = parsed.data;
  let problem: string | null = null;
  switch (a.type) {
    case 'plant':
      problem = checkCard(a.card, 'tree', 'the card to plant');
      break;
    case 'squirrel':
      problem = checkCard(a.card, 'squirrel', 'the card') ?? checkCard(a.tree, 'tree', 'the tree field');
      break;
    case 'fox':
      problem = checkCard(a.card, 'fox', 'the card') ?? checkCard(a.tree, 'tree', 'the tree field');
      break;
    case 'turtle':
      problem = checkCard(a.tree, 'tree', 'the tree field');
      break;
    case 'discard':
      problem = checkCard(a.card, 'any', 'the card');
      break;
    case 'draw':
    case 'pass':
      break;
  }
  if (problem !== null) return err({ code: 'malformed-action', message: problem });
  return ok(a);
}

/*
 * Action objects are immutable, so legalActions hands out shared frozen instances instead of
 * allocating dozens per call (random playouts spend most of their time there).
 */
export const DRAW: DrawAction = Object.freeze({ type: 'draw' });
export const PASS: PassAction = Object.freeze({ type: 'pass' });
const plantCache: (PlantAction | undefined)[] = [];
const discardCache: (DiscardAction | undefined)[] = [];
const turtleCache: (TurtleAction | undefined)[] = [];
const onTreeCache: (SquirrelAction | FoxAction | undefined)[] = [];

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
