/**
 * Acorn Run's actions. A turn is a sequence of these small steps ending with `end` (R11): a
 * sprint is built card by card (sprint → add … → done), so are climbs, descents, jump combos and
 * payments; every multi-step action can be finished or cancelled.
 */
import { z } from 'zod';
import { MARKET_ROWS } from './cards.js';
import { COLORS, DIRECTIONS } from './content/schema.js';

const card = z.number().int().min(0);
const row = z.enum(MARKET_ROWS);
const index = z.number().int().min(0).max(2);

export const actionSchema = z.discriminatedUnion('type', [
  /** Start a sprint in this color (R3): a main move, or an extra sprint. */
  z.object({ type: z.literal('sprint'), color: z.enum(COLORS) }).strict(),
  /** Start a climb or a descent (R4): a main move. */
  z.object({ type: z.literal('climb') }).strict(),
  z.object({ type: z.literal('descend') }).strict(),
  /** Start a jump from a jump-off space or across a foliage gap (R5, R6). */
  z.object({ type: z.literal('jump') }).strict(),
  /** Add a card from hand to the current sprint, climb, descent, combo or payment. */
  z.object({ type: z.literal('add'), card }).strict(),
  /** During a climb or descent: move forward along a horizontal line (R4). */
  z.object({ type: z.literal('slide') }).strict(),
  /** Finish a jump on this space. */
  z.object({ type: z.literal('land'), to: z.number().int().min(0) }).strict(),
  /** Finish the current sprint, climb or descent. */
  z.object({ type: z.literal('done') }).strict(),
  /** Take back the current multi-step action: cards return to hand, the pawn to where it was. */
  z.object({ type: z.literal('cancel') }).strict(),
  /** Play a card for its effect; `cell` for acorn cards, `dir` and `cell` for "oops". */
  z
    .object({ type: z.literal('play'), card, dir: z.enum(DIRECTIONS).optional(), cell: z.number().int().min(0).optional() })
    .strict(),
  /** R9: spend an acorn on an empty player-board space. */
  z.object({ type: z.literal('spend'), cell: z.number().int().min(0) }).strict(),
  /** Replace a market row with three fresh cards (granted by buying-power effects). */
  z.object({ type: z.literal('refresh'), row }).strict(),
  /** R10: buy the card in this market slot; pay card by card with `add`. */
  z.object({ type: z.literal('buy'), row, index }).strict(),
  /** Take the card in this market slot for free (a gain effect). */
  z.object({ type: z.literal('gain'), row, index }).strict(),
  /** Discard this card from hand (a cycle effect, or at the end of the turn). */
  z.object({ type: z.literal('discard'), card }).strict(),
  /** Remove this card of hand or discard pile from the game (a trash effect). */
  z.object({ type: z.literal('trash'), card }).strict(),
  /** Decline an optional trash or gain. */
  z.object({ type: z.literal('skip') }).strict(),
  /** End the turn (R11): then choose which unused cards to discard, and `keep` the rest. */
  z.object({ type: z.literal('end') }).strict(),
  z.object({ type: z.literal('keep') }).strict(),
]);

export type Action = z.infer<typeof actionSchema>;

/**
 * Whether two actions are the same action: what comparing their canonical JSON (engine
 * `actionKey`) says, field by field and without building strings. Bots compare planned actions
 * with the legal list at every step of every playout, where the JSON was a fifth of a `hard` game.
 */
export function sameAction(a: Action, b: Action): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  const x = a as Partial<Record<'card' | 'color' | 'to' | 'dir' | 'cell' | 'row' | 'index', unknown>>;
  const y = b as typeof x;
  return x.card === y.card && x.color === y.color && x.to === y.to && x.dir === y.dir && x.cell === y.cell && x.row === y.row && x.index === y.index;
}
export type ActionType = Action['type'];
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;
