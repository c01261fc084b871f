/**
 * The shape of the dummy deck (R14, R15): 40 cards, each telling every dummy color how to move,
 * how to jump and which market cards it buys. Checked at load like the rest of the content.
 */
import { z } from 'zod';
import { colorSchema } from './schema.js';

/** R14: the dummies and their pawn colors, in the order they move. */
export const DUMMY_COLORS = ['green', 'pink', 'yellow', 'brown'] as const;
export type DummyColor = (typeof DUMMY_COLORS)[number];
export const DUMMY_NAMES: Record<DummyColor, string> = { green: 'Twinkle', pink: 'Bloom', yellow: 'Bolt', brown: 'Tail' };

/** R15: first-turn cards and three levels. */
export const DUMMY_LEVELS = ['first', 'I', 'II', 'III'] as const;
export type DummyLevel = (typeof DUMMY_LEVELS)[number];

export const DIFFICULTIES = ['easy', 'normal', 'hard', 'expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const dummyMoveSchema = z.discriminatedUnion('kind', [
  /** Optionally one lane up or down first (skipped when impossible), then `spaces` forward in the lane. */
  z.strictObject({ kind: z.literal('sprint'), shift: z.enum(['none', 'up', 'down']), spaces: z.number().int().min(1).max(8) }),
  /**
   * Move min..max spaces (up, down, forward) to an acorn, or into the tree's jump zone when it is
   * within max; with neither, the alternative: to the nearest lane of `alt`, then forward until
   * max spaces are moved in all.
   */
  z
    .object({ kind: z.literal('fetch'), min: z.number().int().min(1).max(6), max: z.number().int().min(1).max(8), alt: colorSchema })
    .refine((m) => m.min <= m.max, 'a fetch needs min <= max'),
]);
export type DummyMove = z.infer<typeof dummyMoveSchema>;

export const DUMMY_REWARDS = ['none', 'vp', 'trade'] as const;
export const dummyJumpSchema = z.strictObject({
  /** The lane of the next tree's zone the dummy jumps to (the other one when it is occupied). */
  to: z.enum(['upper', 'lower']),
  /** none; vp = 1 combo VP; trade = spend 1 acorn for 3 combo VP (nothing without an acorn). */
  reward: z.enum(DUMMY_REWARDS),
});
export type DummyJump = z.infer<typeof dummyJumpSchema>;

export const marketMarkSchema = z.strictObject({
  row: z.enum(['cheap', 'expensive']),
  index: z.number().int().min(0).max(2),
  color: z.enum(DUMMY_COLORS),
  /** The dummy must spend an acorn to take this card (nothing happens without one). */
  acorn: z.boolean(),
});
export type MarketMark = z.infer<typeof marketMarkSchema>;

const perColor = <T extends z.ZodType>(s: T) => z.strictObject({ green: s, pink: s, yellow: s, brown: s });

export const dummyCardSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    level: z.enum(DUMMY_LEVELS),
    moves: perColor(dummyMoveSchema),
    jumps: perColor(dummyJumpSchema),
    market: z.array(marketMarkSchema).max(6),
  })
  .superRefine((card, ctx) => {
    const slots = card.market.map((m) => `${m.row}${m.index}`);
    if (new Set(slots).size !== slots.length) ctx.addIssue({ code: 'custom', path: ['market'], message: `${card.id}: a market slot is marked twice` });
  });
export type DummyCardSpec = z.infer<typeof dummyCardSchema>;

/** A section of a dummy deck: so many cards of a level (R15). */
const sectionSchema = z.array(z.strictObject({ level: z.enum(DUMMY_LEVELS), count: z.number().int().min(1).max(12) }));
export const recipeSchema = z.strictObject({ start: sectionSchema, top: sectionSchema, middle: sectionSchema, bottom: sectionSchema });
export type DeckRecipe = z.infer<typeof recipeSchema>;

export const dummyDeckSchema = z
  .object({
    cards: z.array(dummyCardSchema),
    recipes: z.strictObject({ easy: recipeSchema, normal: recipeSchema, hard: recipeSchema, expert: recipeSchema }),
  })
  .superRefine((deck, ctx) => {
    if (deck.cards.length !== 40) ctx.addIssue({ code: 'custom', path: ['cards'], message: `the dummy deck has ${deck.cards.length} cards, not 40` });
    const ids = deck.cards.map((c) => c.id);
    const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (dup >= 0) ctx.addIssue({ code: 'custom', path: ['cards', dup, 'id'], message: `dummy card id ${ids[dup]} is used twice` });
    for (const d of DIFFICULTIES) {
      const r = deck.recipes[d];
      for (const level of DUMMY_LEVELS) {
        const need = [...r.start, ...r.top, ...r.middle, ...r.bottom].filter((s) => s.level === level).reduce((n, s) => n + s.count, 0);
        const have = deck.cards.filter((c) => c.level === level).length;
        if (need > have) ctx.addIssue({ code: 'custom', path: ['recipes', d], message: `${d} needs ${need} level ${level} dummy cards, the deck has ${have}` });
      }
    }
  });
export type DummyDeckSpec = z.infer<typeof dummyDeckSchema>;
