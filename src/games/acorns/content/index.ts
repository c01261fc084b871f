/**
 * Acorns content (A1, A2): the deck as data, validated with zod when this module loads, and the
 * card table the rules work with.
 *
 * Card ids are stable and are what actions, views and arrangements use:
 *   tree-<acorns>-<n>                  the n-th tree worth <acorns>        (tree-5-2)
 *   squirrel-<color>-<squirrels>-<n>   the n-th <color> card showing that many squirrels
 *                                      (squirrel-red-3-1)
 *   fox-<color>                        the fox of that color               (fox-blue)
 *   turtle                             the turtle
 * Inside the rules a card is its index in CARDS (plain numbers keep states small and fast to copy).
 */
import { z } from 'zod';

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
const TreeRowSchema = z.object({ acorns: z.number().int().min(1).max(99), count }).strict();
const SquirrelRowSchema = z.object({ squirrels: z.number().int().min(1).max(9), count }).strict();

const ContentSchema = z
  .object({
    handSize: z.number().int().min(1).max(9),
    trees: z.array(TreeRowSchema).min(1),
    squirrels: z.array(SquirrelRowSchema).min(1),
  })
  .strict()
  .superRefine((c, ctx) => {
    const unique = (xs: number[], what: string) => {
      if (new Set(xs).size !== xs.length) ctx.addIssue({ code: 'custom', message: `${what} are listed twice` });
    };
    unique(c.trees.map((t) => t.acorns), 'tree values');
    unique(c.squirrels.map((s) => s.squirrels), 'squirrel numbers');
  });

export type AcornsContent = z.infer<typeof ContentSchema>;

/** Validates content; throws at load with every problem named, since bad content is a bug. */
export function validateContent(input: unknown): AcornsContent {
  const parsed = ContentSchema.safeParse(input);
  if (!parsed.success) {
    throw new Error(`Acorns content is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
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

export const CONTENT: AcornsContent = validateContent(ACORNS_CONTENT);
export const HAND_SIZE = CONTENT.handSize;

/** Every card, by index. Identical cards (tree-5-1, tree-5-2) sit next to each other. */
export const CARDS: readonly Card[] = buildDeck(CONTENT);
export const CARD_COUNT = CARDS.length;
export const CARD_IDS: readonly string[] = CARDS.map((c) => c.id);

const INDEX_BY_ID = new Map<string, number>(CARD_IDS.map((id, i) => [id, i]));

/** The index of a card id, or undefined for an unknown id. */
export const cardIndex = (id: string): number | undefined => INDEX_BY_ID.get(id);

/** The index of a card id the caller has already validated. */
export function knownCard(id: string): number {
  const i = INDEX_BY_ID.get(id);
  if (i === undefined) throw new Error(`unknown Acorns card ${id}`);
  return i;
}

/**
 * Cards with the same face (same kind and numbers and color) are interchangeable. FACE[i] names
 * that face; the rules offer only the lowest-numbered copy of a face in a hand.
 */
export const FACE: readonly string[] = CARDS.map((c) => {
  switch (c.kind) {
    case 'tree':
      return `tree-${c.acorns}`;
    case 'squirrel':
      return `squirrel-${c.color}-${c.squirrels}`;
    case 'fox':
    case 'turtle':
      return c.id;
  }
});

/** Quick per-index facts for the hot paths: kind, acorns of a tree, color index, squirrel count. */
export const KIND: readonly CardKind[] = CARDS.map((c) => c.kind);
export const ACORNS: readonly number[] = CARDS.map((c) => (c.kind === 'tree' ? c.acorns : 0));
export const COLOR: readonly number[] = CARDS.map((c) => (c.kind === 'squirrel' || c.kind === 'fox' ? COLORS.indexOf(c.color) : -1));
export const STRENGTH: readonly number[] = CARDS.map((c) => (c.kind === 'squirrel' ? c.squirrels : 0));
export const TURTLE: number = knownCard('turtle');
/** The fox of each color, by color index. */
export const FOX_OF: readonly number[] = COLORS.map((color) => knownCard(`fox-${color}`));

export const isTree = (card: number): boolean => KIND[card] === 'tree';
