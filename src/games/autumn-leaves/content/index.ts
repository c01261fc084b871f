/**
 * Autumn Leaves content (L1, L2): a Pairs deck, n copies of rank n for n = 1…10, 55 cards; seven
 * cards a hand; six hands a game. Kept as data and validated at load so a designer can try
 * another deck as a content file (`drey content export autumn-leaves DIR`, file 'deck').
 *
 * The rules read the current content (CONTENT and the tables derived from it); a package built
 * from other content binds it for each call (createAutumnLeaves, ../../content-scope.ts).
 */
import { z } from 'zod';
import { ContentBinding } from '../../content-scope.js';

/** The most seats at an Autumn Leaves table: the deck must deal each of them a hand. */
const MAX_SEATS = 6;

export const DeckSchema = z
  .strictObject({
    /** copies[r] = how many cards of rank r; index 0 unused (0). */
    copies: z.array(z.number().int().min(0).max(20)).min(2).max(31),
    /** L2: cards dealt to each seat. */
    handSize: z.number().int().min(1).max(20),
    /** L2: hands dealt and scored in a game, unless the table chooses otherwise (option 'hands'). */
    hands: z.number().int().min(1).max(12),
  })
  .superRefine((d, ctx) => {
    if (d.copies[0] !== 0) ctx.addIssue({ code: 'custom', path: ['copies', 0], message: 'there is no rank 0: copies[0] must be 0' });
    const cards = d.copies.reduce((a, b) => a + b, 0);
    if (cards < d.handSize * MAX_SEATS) {
      ctx.addIssue({ code: 'custom', path: ['copies'], message: `${cards} cards cannot deal ${MAX_SEATS} hands of ${d.handSize}` });
    }
  });

export type DeckContent = z.infer<typeof DeckSchema>;

export const BUILTIN_CONTENT: DeckContent = DeckSchema.parse({
  copies: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  handSize: 7,
  hands: 6,
});

/** The content the rules read now. */
export let CONTENT: DeckContent = BUILTIN_CONTENT;
const binding = new ContentBinding(BUILTIN_CONTENT, (c) => (CONTENT = c));
export const enterContent = (content: DeckContent): (() => void) => binding.enter(content);

/** The highest rank in the deck. */
export let MAX_RANK: number;
/** Every card of the deck, lowest first: [1, 2, 2, 3, 3, 3, …]. */
export let FULL_DECK: readonly number[];
binding.derive(
  (c) => ({ maxRank: c.copies.length - 1, deck: c.copies.flatMap((n, rank) => Array<number>(n).fill(rank)) }),
  (t) => {
    MAX_RANK = t.maxRank;
    FULL_DECK = t.deck;
  },
);
