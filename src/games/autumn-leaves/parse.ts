/** The boundary: untrusted options, arrangements and actions become typed values here. */
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../../engine/result.js';
import { parseWith } from '../../engine/schema.js';
import { BUILTIN_TABLES, type LeavesTables } from './content/index.js';
import type { Action, Arrangement, Options } from './state.js';

const OptionsSchema = z
  .object({
    /** Default: the content's number of hands (L2: six). */
    hands: z.number().int().min(1).max(12).optional(),
  })
  .strict();

export function parseOptions(t: LeavesTables, input: unknown): Result<Options, GameError> {
  const parsed = parseWith(OptionsSchema, input ?? {}, 'bad-options', 'Autumn Leaves options');
  return parsed.ok ? ok({ ...parsed.value, hands: parsed.value.hands ?? t.content.hands }) : parsed;
}

const ArrangementSchema = z
  .object({
    deals: z.array(z.array(z.number().int())).optional(),
  })
  .strict();


export function parseArrangement(t: LeavesTables, input: unknown, _seats: number, options: Options): Result<Arrangement, GameError> {
  const parsed = parseWith(ArrangementSchema, input, 'bad-arrangement', 'arrangement');
  if (!parsed.ok) return parsed;
  const deals = parsed.value.deals ?? [];
  if (deals.length > options.hands) {
    return err({ code: 'bad-arrangement', message: `the arrangement deals ${deals.length} hands but the game has ${options.hands}` });
  }
  for (let h = 0; h < deals.length; h++) {
    if ([...deals[h]!].sort((a, b) => a - b).join(',') !== t.fullDeck.join(',')) {
      const builtin = t.fullDeck.every((card, i) => card === BUILTIN_TABLES.fullDeck[i]) && t.fullDeck.length === BUILTIN_TABLES.fullDeck.length;
      return err({
        code: 'bad-arrangement',
        message: `deal ${h + 1} must hold every card of the ${builtin ? 'Pairs ' : ''}deck exactly once (${t.fullDeck.length} cards: ${builtin ? 'n copies of each rank n' : 'the copies of each rank the content gives'})`,
      });
    }
  }
  return ok(parsed.value.deals ? { deals } : {});
}

const rank = z.number().int().min(1).max(30);
const ActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choose'), card: rank }).strict(),
  z.object({ type: z.literal('place'), pile: z.number().int().min(0).max(7) }).strict(),
  z.object({ type: z.literal('keep') }).strict(),
  z.object({ type: z.literal('discard') }).strict(),
]);

export function parseAction(t: LeavesTables, input: unknown): Result<Action, GameError> {
  const parsed = parseWith(ActionSchema, input, 'malformed-action', 'action');
  if (parsed.ok && parsed.value.type === 'choose' && parsed.value.card > t.maxRank) {
    return err({ code: 'malformed-action', message: `bad action: card: the deck's ranks run 1–${t.maxRank}, not ${parsed.value.card}` });
  }
  return parsed;
}
