/**
 * Autumn Leaves content (L1, L2): a Pairs deck, n copies of rank n for n = 1…10, 55 cards; seven
 * cards a hand; six hands a game. Kept as data and validated at load so a designer can try
 * another deck as a content file (`drey content export autumn-leaves DIR`, file 'deck').
 *
 * Content is a value: the game is built from it (createAutumnLeaves in ../index.ts), and what the
 * rules and bots need from it is compiled once per content into a `LeavesTables` value that is
 * handed to them. Nothing here changes after load, so any number of variants live side by side.
 */
import { madeOnce } from '../../../engine/memo.js';
import { z } from 'zod';

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
    // L4 makes every first chosen card a leaf pile: a hand of one card is gone before the second
    // round, with nobody having placed "the last card of their hand" (L8), and the game cannot go on.
    if (d.handSize < 2) ctx.addIssue({ code: 'custom', path: ['handSize'], message: `a hand of ${d.handSize} card is used up by the first round's leaf piles (L4); hands need at least 2 cards` });
    const cards = d.copies.reduce((a, b) => a + b, 0);
    // L6's discard draws a replacement, so a full table's deal must leave the draw pile a card: a
    // deck of exactly six hands had none, and a discard at six seats drew nothing into the hand.
    if (cards <= d.handSize * MAX_SEATS) {
      ctx.addIssue({
        code: 'custom',
        path: ['copies'],
        message: `${cards} cards cannot deal ${MAX_SEATS} hands of ${d.handSize} and leave a card to draw (L6: a discard draws a replacement); a deck needs at least ${d.handSize * MAX_SEATS + 1}`,
      });
    }
  });

export type DeckContent = z.infer<typeof DeckSchema>;

export const BUILTIN_CONTENT: DeckContent = DeckSchema.parse({
  copies: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  handSize: 7,
  hands: 6,
});

/** What the rules and bots read from one content, computed once (compileContent). */
export interface LeavesTables {
  readonly content: DeckContent;
  /** The highest rank in the deck. */
  readonly maxRank: number;
  /** Every card of the deck, lowest first: [1, 2, 2, 3, 3, 3, …]. */
  readonly fullDeck: readonly number[];
  /** L2: cards dealt to each seat. */
  readonly handSize: number;
  /** The mean rank of a card drawn blind from the full deck (the builtin Pairs deck: 385/55 = 7). */
  readonly meanDraw: number;
  /** The lowest and the highest rank the deck holds a card of (builtin: 1 and 10). */
  readonly lowestRank: number;
  readonly highestRank: number;
  /** The rank halfway between them (builtin: 5.5). */
  readonly midRank: number;
}

/** The tables of `content`, computed the first time and shared after (the content is never mutated). */
export const compileContent: (content: DeckContent) => LeavesTables = madeOnce((content) => {
  // Not frozen: copying a frozen array takes V8's slow path, and every deal copies this one.
  // Built by pushing: `Array(n).fill` (or a flatMap of such) makes a holey list, every deal's
  // draw pile copied from it would be holey too, and the rules' reads of the draw pile would
  // take V8's slower holey path (or, mixed with a search's packed resampled piles, a polymorphic one).
  const fullDeck: number[] = [];
  content.copies.forEach((n, rank) => {
    for (let i = 0; i < n; i++) fullDeck.push(rank);
  });
  const ranks = content.copies.flatMap((n, rank) => (n > 0 ? [rank] : []));
  return Object.freeze({
    content,
    maxRank: content.copies.length - 1,
    fullDeck,
    handSize: content.handSize,
    meanDraw: fullDeck.reduce((a, b) => a + b, 0) / Math.max(1, fullDeck.length),
    lowestRank: ranks[0] ?? 0,
    highestRank: ranks[ranks.length - 1] ?? 0,
    midRank: ranks.length > 0 ? (ranks[0]! + ranks[ranks.length - 1]!) / 2 : 0,
  });
});

export const BUILTIN_TABLES: LeavesTables = compileContent(BUILTIN_CONTENT);
