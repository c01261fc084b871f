/**
 * What a playtest is, as stored (issue 27, part 2): the one contract between the server and web
 * (which mark tables as playtests and collect the players' feedback) and the lab (`drey lab
 * playtests`, which reads finished playtest tables back beside the bots).
 *
 * - A table is a playtest when its `StoredTable.settings.playtest` is `true`, fixed at creation.
 *   Which content it tested is the table's `settings.content` (table-content.ts): hash and variant.
 * - Each player's feedback is a table note (`Store.appendNote`) of kind `playtest-feedback` with
 *   the player's seat and a `PlaytestFeedback` as its data. A player may send it again; the last
 *   note of a seat is the one that counts. Nothing about a person is kept beyond the seat's
 *   display name (already on the table).
 */
import { z } from 'zod';
import { perSettings } from './settings-cache.js';

export const PLAYTEST_FEEDBACK_KIND = 'playtest-feedback';

export const LENGTH_FELT = ['too-short', 'right', 'too-long'] as const;
export type LengthFelt = (typeof LENGTH_FELT)[number];

/** Bounds on what a stranger can write. */
export const UNCLEAR_MAX = 200;
export const COMMENT_MAX = 1000;

const text = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} has at most ${max} characters`)
    .transform((s) => s.normalize('NFC').trim())
    // Control characters other than line breaks and tabs are refused rather than stored.
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), `${what} may not contain control characters`);

/** One player's feedback after a playtest; every field may be left out, but not all of them. */
export const PlaytestFeedbackSchema = z
  .object({
    /** How much fun the game was, 1 (none) to 5 (great). */
    fun: z.number().int('fun is a whole number from 1 to 5').min(1, 'fun is 1 to 5').max(5, 'fun is 1 to 5').optional(),
    /** How the game's length felt. */
    length: z.enum(LENGTH_FELT).optional(),
    /** One rule that was unclear. */
    unclear: text(UNCLEAR_MAX, 'the unclear rule').optional(),
    comment: text(COMMENT_MAX, 'a comment').optional(),
  })
  .strict()
  .refine((f) => f.fun !== undefined || f.length !== undefined || (f.unclear ?? '') !== '' || (f.comment ?? '') !== '', 'feedback needs at least one answer');

export type PlaytestFeedback = z.output<typeof PlaytestFeedbackSchema>;

const PlaytestSettingsSchema = z.object({ playtest: z.literal(true) }).passthrough();

/** Whether a stored table is a playtest (its settings say so; absent on older tables: no); read once per settings object. */
export const isPlaytest = perSettings((settings): boolean => PlaytestSettingsSchema.safeParse(settings).success);
