/**
 * Autumn Leaves content (L1): a Pairs deck, n copies of rank n for n = 1…10, 55 cards. Kept as
 * data and validated at load so a designer can try another deck by editing one table.
 */
import { z } from 'zod';

const DeckSchema = z
  .object({
    /** copies[r] = how many cards of rank r; index 0 unused. */
    copies: z.array(z.number().int().min(0)).min(2),
    handSize: z.number().int().min(1),
    hands: z.number().int().min(1),
  })
  .refine((d) => d.copies[0] === 0, 'there is no rank 0');

export type DeckContent = z.infer<typeof DeckSchema>;

export const CONTENT: DeckContent = DeckSchema.parse({
  copies: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  handSize: 7,
  hands: 6,
});

/** The highest rank in the deck. */
export const MAX_RANK = CONTENT.copies.length - 1;

/** Every card of the deck, lowest first: [1, 2, 2, 3, 3, 3, …]. */
export const FULL_DECK: readonly number[] = CONTENT.copies.flatMap((n, rank) => Array<number>(n).fill(rank));
