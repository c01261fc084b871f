/**
 * Acorns content (A1, A2): the deck as data, validated with zod. The rules never read it here:
 * a game is built from a content value, compiled once into tables (../tables.ts).
 *
 * Card ids are stable and are what actions, views and arrangements use:
 *   tree-<acorns>-<n>                  the n-th tree worth <acorns>        (tree-5-2)
 *   squirrel-<color>-<squirrels>-<n>   the n-th <color> card showing that many squirrels
 *                                      (squirrel-red-3-1)
 *   fox-<color>                        the fox of that color               (fox-blue)
 *   turtle                             the turtle
 * Inside the rules a card is its index in buildDeck's list (plain numbers keep states small and
 * fast to copy).
 */
import { z } from 'zod';
import { describeZodError } from '../../../engine/schema.js';

/** The four squirrel colors (A1), in the order cards and groups are listed. */
export const COLORS = ['blue', 'green', 'red', 'yellow'] as const;
export type Color = (typeof COLORS)[number];

export const CARD_KINDS = ['tree', 'squirrel', 'fox', 'turtle'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The designer-editable numbers. Every color gets the same squirrel cards and one fox. */
export const ACORNS_CONTENT = {
  /** A2: cards dealt to each seat. */
  handSize: 6,
  /** A1: 25 trees, 100 acorns: how many trees carry each number of acorns. */
  trees: [
    { acorns: 2, count: 5 },
    { acorns: 3, count: 6 },
    { acorns: 4, count: 5 },
    { acorns: 5, count: 5 },
    { acorns: 6, count: 2 },
    { acorns: 7, count: 1 },
    { acorns: 8, count: 1 },
  ],
  /** A1: per color, five cards with 1 squirrel, four with 2, three with 3. */
  squirrels: [
    { squirrels: 1, count: 5 },
    { squirrels: 2, count: 4 },
    { squirrels: 3, count: 3 },
  ],
};

const count = z.number().int().min(1).max(20);
const TreeRowSchema = z.strictObject({ acorns: z.number().int().min(1).max(99), count });
const SquirrelRowSchema = z.strictObject({ squirrels: z.number().int().min(1).max(9), count });

/** The content file 'deck': hand size, trees and squirrel cards per color. */
export const ContentSchema = z
  .strictObject({
    handSize: z.number().int().min(1).max(9),
    trees: z.array(TreeRowSchema).min(1).max(40),
    squirrels: z.array(SquirrelRowSchema).min(1).max(9),
  })
  .superRefine((c, ctx) => {
    const unique = (xs: number[], what: string, key: string) => {
      const i = xs.findIndex((x, j) => xs.indexOf(x) !== j);
      if (i >= 0) ctx.addIssue({ code: 'custom', path: [key, i], message: `${what} are listed twice` });
    };
    unique(c.trees.map((t) => t.acorns), 'tree values', 'trees');
    unique(c.squirrels.map((s) => s.squirrels), 'squirrel numbers', 'squirrels');
    // A2: every seat of the largest table (8) is dealt a hand.
    const cards = c.trees.reduce((n, t) => n + t.count, 0) + COLORS.length * (c.squirrels.reduce((n, s) => n + s.count, 0) + 1) + 1;
    if (cards < 8 * c.handSize) ctx.addIssue({ code: 'custom', path: ['handSize'], message: `${cards} cards cannot deal 8 hands of ${c.handSize}` });
  });

export type AcornsContent = z.infer<typeof ContentSchema>;

/** Validates content; throws at load with every problem named, since bad content is a bug. */
export function validateContent(input: unknown): AcornsContent {
  const parsed = ContentSchema.safeParse(input);
  if (!parsed.success) {
    throw new Error(`Acorns content is invalid: ${describeZodError(parsed.error)}`);
  }
  return parsed.data;
}

export interface TreeCard {
  kind: 'tree';
  id: string;
  acorns: number;
}
export interface SquirrelCard {
  kind: 'squirrel';
  id: string;
  color: Color;
  squirrels: number;
}
export interface FoxCard {
  kind: 'fox';
  id: string;
  color: Color;
}
export interface TurtleCard {
  kind: 'turtle';
  id: string;
}
export type Card = TreeCard | SquirrelCard | FoxCard | TurtleCard;

/** Expands content into the full deck in a fixed order: trees, squirrels, foxes, the turtle. */
export function buildDeck(content: AcornsContent): Card[] {
  const cards: Card[] = [];
  for (const t of [...content.trees].sort((a, b) => a.acorns - b.acorns)) {
    for (let n = 1; n <= t.count; n++) cards.push({ kind: 'tree', id: `tree-${t.acorns}-${n}`, acorns: t.acorns });
  }
  const squirrels = [...content.squirrels].sort((a, b) => a.squirrels - b.squirrels);
  for (const color of COLORS) {
    for (const s of squirrels) {
      for (let n = 1; n <= s.count; n++) {
        cards.push({ kind: 'squirrel', id: `squirrel-${color}-${s.squirrels}-${n}`, color, squirrels: s.squirrels });
      }
    }
  }
  for (const color of COLORS) cards.push({ kind: 'fox', id: `fox-${color}`, color });
  cards.push({ kind: 'turtle', id: 'turtle' });
  return cards;
}

/** The shipped content, validated. Every package is built from a content value like this one. */
export const BUILTIN_CONTENT: AcornsContent = validateContent(ACORNS_CONTENT);
