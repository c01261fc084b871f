/** Untrusted options, arrangements and actions → typed values, with a sentence for every refusal. */
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../../engine/result.js';
import { ACTION_TYPES, type AcornsAction } from './actions.js';
import type { CardKind } from './content/index.js';
import { cardIndex, type AcornsTables } from './tables.js';
import { isPartnerSeatCount, type AcornsArrangement, type AcornsOptions } from './state.js';

const OptionsSchema = z.object({ partners: z.boolean().optional() }).strict();

export function parseOptions(input: unknown, seats: number): Result<AcornsOptions, GameError> {
  const parsed = OptionsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    return err({
      code: 'bad-options',
      message: `Acorns takes one option, partners (true or false): ${parsed.error.issues.map((i) => `${i.path.join('.') || 'options'} ${i.message}`).join('; ')}`,
    });
  }
  const partners = parsed.data.partners ?? false;
  // A12: the partner game is for 4, 6 or 8 seats (teams of two neighbours).
  if (partners && !isPartnerSeatCount(seats)) {
    return err({
      code: 'bad-options',
      message: `the partner game needs 4, 6 or 8 seats (teams of two), not ${seats}`,
    });
  }
  return ok({ partners });
}

const ArrangementSchema = z
  .object({
    deck: z.array(z.string()).optional(),
    dealer: z.number().int().min(0).optional(),
  })
  .strict();

export function parseArrangement(tables: AcornsTables, input: unknown, seats: number): Result<AcornsArrangement, GameError> {
  const parsed = ArrangementSchema.safeParse(input);
  const bad = (message: string) => err({ code: 'bad-arrangement', message });
  if (!parsed.success) {
    return bad(
      `an Acorns arrangement is { deck?: card ids top first, dealer?: seat }: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'arrangement'} ${i.message}`).join('; ')}`,
    );
  }
  const { deck, dealer } = parsed.data;
  if (dealer !== undefined && dealer >= seats) return bad(`the dealer must be a seat from 0 to ${seats - 1}, not ${dealer}`);
  if (deck !== undefined) {
    const unknown = deck.filter((id) => cardIndex(tables, id) === undefined);
    if (unknown.length > 0) return bad(`the deck names cards that do not exist: ${unknown.slice(0, 5).join(', ')}`);
    const seen = new Set<string>();
    const twice = deck.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    if (twice.length > 0) return bad(`the deck lists cards more than once: ${[...new Set(twice)].slice(0, 5).join(', ')}`);
    if (deck.length !== tables.cardCount) {
      const missing = tables.ids.filter((id) => !seen.has(id));
      return bad(`the deck must hold all ${tables.cardCount} cards once each; missing ${missing.length}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`);
    }
  }
  const result: AcornsArrangement = {};
  if (deck !== undefined) result.deck = deck;
  if (dealer !== undefined) result.dealer = dealer;
  return ok(result);
}

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

function checkCard(tables: AcornsTables, cardId: string, want: CardKind | 'any', field: string): string | null {
  const i = cardIndex(tables, cardId);
  if (i === undefined) return `there is no card '${cardId}' (cards look like tree-5-2, squirrel-red-3-1, fox-blue, turtle)`;
  if (want !== 'any' && tables.kind[i] !== want) return `${field} must be ${A_KIND[want]}, and ${cardId} is ${A_KIND[tables.kind[i]!]}`;
  return null;
}

/** Untrusted input → a well-formed Acorns action: the right fields, naming real cards of the right kind. */
export function parseAction(tables: AcornsTables, input: unknown): Result<AcornsAction, GameError> {
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
      problem = checkCard(tables, a.card, 'tree', 'the card to plant');
      break;
    case 'squirrel':
      problem = checkCard(tables, a.card, 'squirrel', 'the card') ?? checkCard(tables, a.tree, 'tree', 'the tree field');
      break;
    case 'fox':
      problem = checkCard(tables, a.card, 'fox', 'the card') ?? checkCard(tables, a.tree, 'tree', 'the tree field');
      break;
    case 'turtle':
      problem = checkCard(tables, a.tree, 'tree', 'the tree field');
      break;
    case 'discard':
      problem = checkCard(tables, a.card, 'any', 'the card');
      break;
    case 'draw':
    case 'pass':
      break;
  }
  if (problem !== null) return err({ code: 'malformed-action', message: problem });
  return ok(a);
}
