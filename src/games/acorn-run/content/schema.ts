/**
 * The shape of Acorn Run's content: board, cards, player board, race figures. Everything the
 * rulebook draws but does not list is data in this shape, checked at load (RULINGS "Acorn Run
 * content"), so a designer (or the publisher's real lists) can replace it without touching rules.
 */
import { z } from 'zod';

/** R1: the three colors, bottom zone first (green = thick branches, red = thin). */
export const COLORS = ['green', 'yellow', 'red'] as const;
export type Color = (typeof COLORS)[number];
export const colorSchema = z.enum(COLORS);

export const DIRECTIONS = ['up', 'forward', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Every effect a card, an acorn-action space or a column bonus can have. */
export const effectSchema = z.discriminatedUnion('kind', [
  /** Free move: 1 space in this direction, whatever the colors. */
  z.strictObject({ kind: z.literal('move'), dir: z.enum(DIRECTIONS) }),
  /** In a sprint this card moves `spaces` spaces instead of 1. */
  z.strictObject({ kind: z.literal('sprint-plus'), spaces: z.number().int().min(2).max(4) }),
  /** In a sprint: one more sprint this turn (R2). */
  z.strictObject({ kind: z.literal('extra-sprint') }),
  /** Played alone: one more main move (sprint, climb or descend) this turn (R2). */
  z.strictObject({ kind: z.literal('extra-move') }),
  /** Acorn cards (R9): resolve an empty acorn-action space without an acorn and without its column bonus. */
  z.strictObject({ kind: z.literal('big-acorn') }),
  /** As big-acorn, then the card leaves the game. */
  z.strictObject({ kind: z.literal('small-acorn') }),
  /** Move 1 space (forward, up or down), then drop an acorn from your player board on the space you left. */
  z.strictObject({ kind: z.literal('oops') }),
  z.strictObject({ kind: z.literal('draw'), cards: z.number().int().min(1).max(3) }),
  /** Draw `draw` cards, then discard `discard` cards. */
  z.strictObject({ kind: z.literal('cycle'), draw: z.number().int().min(1).max(3), discard: z.number().int().min(1).max(3) }),
  /** Buying power for this turn; with `refresh`, once this turn one market row may be replaced. */
  z.strictObject({ kind: z.literal('buying-power'), amount: z.number().int().min(1).max(4), refresh: z.boolean() }),
  /** Remove a card of your hand or discard pile from the game (optional). */
  z.strictObject({ kind: z.literal('trash') }),
  /** Take a market card for free (optional). */
  z.strictObject({ kind: z.literal('gain') }),
  /** Draw this many combo VP tokens (R7). */
  z.strictObject({ kind: z.literal('combo-vp'), tokens: z.number().int().min(1).max(4) }),
  /** Take this many acorns from the supply. */
  z.strictObject({ kind: z.literal('acorns'), count: z.number().int().min(1).max(3) }),
]);
export type Effect = z.infer<typeof effectSchema>;
export type EffectKind = Effect['kind'];

/** Effects that only make sense on a card played in a sprint. */
export const SPRINT_EFFECTS: readonly EffectKind[] = ['sprint-plus', 'extra-sprint'];
/** Effects of the acorn-symbol cards, which have no color. */
export const ACORN_CARD_EFFECTS: readonly EffectKind[] = ['big-acorn', 'small-acorn', 'oops'];
/** Effects only an acorn-action space or column bonus gives, never a card. */
export const BOARD_ONLY_EFFECTS: readonly EffectKind[] = ['combo-vp', 'acorns'];
/** Column bonuses can always be resolved: no move that might be blocked, no acorn-card effect. */
const BONUS_EFFECTS: readonly EffectKind[] = ['extra-move', 'draw', 'cycle', 'buying-power', 'trash', 'gain', 'combo-vp', 'acorns'];

const cardBase = {
  /** Stable id, used in arrangements and components ("g-sprint2"). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** A color, or 'acorn' for the acorn-symbol cards that have none. */
  color: z.enum([...COLORS, 'acorn']),
  /** Colors this card combos into (R5); the acorn cards have none. */
  combo: z.array(colorSchema).max(3),
  effect: effectSchema.optional(),
  copies: z.number().int().min(1).max(20),
};

export const cardSchema = z
  .object({ ...cardBase, cost: z.number().int().min(0).max(4) })
  .superRefine((card, ctx) => {
    const kind = card.effect?.kind;
    if (new Set(card.combo).size !== card.combo.length) ctx.addIssue({ code: 'custom', path: ['combo'], message: `${card.id}: a combo symbol is repeated` });
    if (card.color === 'acorn') {
      if (card.combo.length > 0) ctx.addIssue({ code: 'custom', path: ['combo'], message: `${card.id}: acorn cards have no combo symbols` });
      if (!kind || !ACORN_CARD_EFFECTS.includes(kind)) ctx.addIssue({ code: 'custom', path: ['effect'], message: `${card.id}: an acorn card needs an acorn effect` });
    } else if (kind && (ACORN_CARD_EFFECTS.includes(kind) || BOARD_ONLY_EFFECTS.includes(kind))) {
      ctx.addIssue({ code: 'custom', path: ['effect', 'kind'], message: `${card.id}: a colored card cannot have the ${kind} effect` });
    }
  });
export type CardSpec = z.infer<typeof cardSchema>;

/** What each deck's cards may cost: starter 0, cheap 1–2, expensive 3–4. */
export const DECK_COSTS = { starter: [0, 0], cheap: [1, 2], expensive: [3, 4] } as const;

/** Checks the cost range of each card of the decks present in `decks`, with the path of each bad cost. */
export function checkCosts(decks: Partial<Record<keyof typeof DECK_COSTS, readonly CardSpec[]>>, ctx: z.RefinementCtx, under: readonly PropertyKey[] = []): void {
  for (const deck of ['starter', 'cheap', 'expensive'] as const) {
    const [min, max] = DECK_COSTS[deck];
    decks[deck]?.forEach((c, i) => {
      if (c.cost < min || c.cost > max) {
        const range = min === max ? `${min}` : `${min}–${max}`;
        ctx.addIssue({ code: 'custom', path: [...under, ...(under.length ? [] : [deck]), i, 'cost'], message: `${deck} ${c.id} must cost ${range}` });
      }
    });
  }
}

export const cardsSchema = z
  .object({
    /** Each racer's personal starting deck (no cost). */
    starter: z.array(cardSchema),
    /** Market deck of cost 1–2 cards. */
    cheap: z.array(cardSchema),
    /** Market deck of cost 3–4 cards. */
    expensive: z.array(cardSchema),
  })
  .superRefine((cards, ctx) => {
    const ids = [...cards.starter, ...cards.cheap, ...cards.expensive].map((c) => c.id);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) ctx.addIssue({ code: 'custom', message: `card id ${dup} is used twice` });
    checkCosts(cards, ctx);
    const starterSize = cards.starter.reduce((n, c) => n + c.copies, 0);
    if (starterSize < 6) ctx.addIssue({ code: 'custom', message: 'a starter deck needs at least a hand of cards' });
  });
export type CardsSpec = z.infer<typeof cardsSchema>;

/**
 * One tree as six lane strings, listed top (red, upper lane) to bottom (green, lower lane) so
 * that the data looks like the board. Each character is one column:
 *   o         a plain space
 *   a         an acorn space, stocked in every race
 *   2–6       an acorn space stocked only when at least that many racers run (R8)
 *   . (or ␠)  branch between two spaces: an ordinary forward step
 *   -         a horizontal line between two spaces: climbs and descents may slide along it (R4)
 *   ~         a foliage gap: the run's length (2 or 3) is the exact combo it needs (R6)
 * Spaces in the same column of neighbouring lanes are linked up/down (R4). A lane must start
 * and end with a space. The last space of a lane leads to its zone's jump-off space, or on the
 * last tree (the Great Oak) across the finish line.
 */
export const treeSchema = z.strictObject({
  name: z.string().min(1),
  lanes: z.array(z.string().regex(/^[oa2-6][oa2-6.\- ~]*$/, 'lanes use o a 2–6 . - ~ and start with a space')).length(6),
});
export type TreeSpec = z.infer<typeof treeSchema>;

export const boardSchema = z.strictObject({
  /** The first tree holds the six Go! spaces (its lanes' first spaces); the last is the Great Oak. */
  trees: z.array(treeSchema).min(2).max(20),
});
export type BoardSpec = z.infer<typeof boardSchema>;

/** The player board: a grid of acorn-action spaces, column by column, each column with a bonus (R9). */
export const playerBoardSchema = z.strictObject({
  columns: z
    .array(
      z.strictObject({
        cells: z.array(effectSchema).min(1).max(5),
        bonus: effectSchema.refine((e) => BONUS_EFFECTS.includes(e.kind), 'a column bonus must always be resolvable'),
      }),
    )
    .min(1)
    .max(6),
});
export type PlayerBoardSpec = z.infer<typeof playerBoardSchema>;

const rewardSchema = z.strictObject({ vp: z.number().int().min(0), acorns: z.number().int().min(0) });

export const raceSchema = z.strictObject({
  handSize: z.number().int().min(3).max(10),
  /** R5: reward by combo length, index = number of cards (0 and 1 give nothing). */
  comboRewards: z.array(rewardSchema).min(3),
  /** R7: combo VP token values and how many of each. */
  comboTokens: z.array(z.strictObject({ value: z.number().int().min(1), count: z.number().int().min(0) })).min(1),
  /** The acorn supply, board and player boards together. */
  acorns: z.number().int().min(0),
  /** R12: race VP of the results board's spaces, best first. */
  results: z.array(z.number().int().min(0)).min(1),
  /** R12: running-out-of-time tokens. */
  outOfTimeTokens: z.number().int().min(0),
  /**
   * Sunset: after this many rounds the course closes and every racer still running is out of
   * time. Sensible races end far sooner; it keeps a race of aimless racers finite.
   */
  roundLimit: z.number().int().min(5).max(200),
});
export type RaceSpec = z.infer<typeof raceSchema>;

export const contentSchema = z.strictObject({
  board: boardSchema,
  cards: cardsSchema,
  playerBoard: playerBoardSchema,
  race: raceSchema,
});
export type ContentSpec = z.infer<typeof contentSchema>;
