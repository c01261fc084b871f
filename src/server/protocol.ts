/**
 * The wire protocol between the Drey server and its clients: zod schemas for everything a client
 * sends (HTTP bodies and socket messages; the routes parse with them before calling the service),
 * and the types of everything the server sends back.
 * The web app imports the types from here (type-only), so both ends agree by construction.
 * docs/protocol.md describes the same messages in prose.
 */
import { z } from 'zod';
import type { ActionBase, Outcome, Seat } from '../engine/game.js';
import { UNDO_ERROR_CODES } from '../engine/match.js';
import { listWords } from '../engine/narration.js';
import type { NarratedLine, Narration } from './narrated.js';

export type { NarratedLine, Narration } from './narrated.js';
import type { OptionDescription } from '../games/package.js';
import { invisibleIn, mixedScripts, oddSpaceIn } from './display-name.js';
import { PlaytestFeedbackSchema, type PlaytestFeedback } from './playtest.js';
import { TIME_PROFILE_IDS, type TimeProfileId } from './time-profiles.js';

/** Table ids are short random strings; tokens are 256-bit base64url strings. */
export const TableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/, 'not a table id');
export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,128}$/, 'not a seat token');
/**
 * A display name, as people see it at the table: NFC-normalised, runs of plain spaces and tabs
 * made one, at most 24 characters, something visible in it (a letter, digit or symbol); no
 * invisible, format or direction-changing characters and no spaces other than the plain one
 * (checked before anything is normalised away), letters of one writing system (display-name.ts),
 * no angle brackets, no pile of combining marks.
 */
export const DisplayNameSchema = z
  .string()
  .max(200, 'a name has at most 24 characters')
  // A tab is taken for a space; every other control character is refused.
  .refine((s) => !invisibleIn(s.replace(/\t/g, ' ')), 'a name may not contain invisible, control or direction-changing characters')
  .refine((s) => !oddSpaceIn(s), 'a name may use only plain spaces between words')
  .transform((s) => s.normalize('NFC').replace(/[ \t]+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'a name needs at least one character')
      .max(24, 'a name has at most 24 characters')
      .refine((s) => !/[<>]/.test(s), 'a name may not contain angle brackets')
      .refine((s) => !/\p{M}{3,}/u.test(s), 'a name may not pile up accents')
      .refine((s) => /[\p{L}\p{N}\p{S}]/u.test(s), 'a name needs a letter, digit or symbol')
      .superRefine((s, ctx) => {
        const mixed = mixedScripts(s);
        if (mixed) ctx.addIssue({ code: 'custom', message: mixedAlphabetsMessage(mixed) });
      }),
  );

/** The refusal of a name that mixes writing systems, naming them ("here Cyrillic and Latin"). */
function mixedAlphabetsMessage(scripts: readonly string[]): string {
  const which = scripts.length >= 2 ? ` (here ${listWords(scripts)})` : '';
  return `a name may not mix letters of different alphabets${which}: a letter of one can pass for a letter of the other, so the name could look like someone else's`;
}

// ---------------------------------------------------------------- HTTP bodies

export const SeatRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human') }),
  z.object({ kind: z.literal('bot'), bot: z.string().min(1).max(40) }),
]);
export type SeatRequest = z.infer<typeof SeatRequestSchema>;

export const CreateTableSchema = z.object({
  game: z.string().min(1).max(40),
  seats: z.array(SeatRequestSchema).min(1).max(12),
  options: z.unknown().optional(),
  /**
   * Fixes the shuffle (tests, tutorials, practice); a random seed is drawn when absent. Only a
   * practice table (at most one human seat) may fix its seed or arrangement: at a table with other
   * people the creator would know their hidden cards.
   */
  seed: z.string().min(1).max(200).optional(),
  arrangement: z.unknown().optional(),
  /** Claim a human seat for the creator straight away. */
  join: z.object({ seat: z.number().int().min(0), name: DisplayNameSchema }).optional(),
  /** The clock (time-profiles.ts); absent: none for a practice table, relaxed for several people. */
  time: z.enum(TIME_PROFILE_IDS).optional(),
  /**
   * A playtest (issue 27, playtest.ts): the players are asked for feedback once the game is over.
   * Absent: a playtest when the server plays the game as a content variant (`drey serve
   * --content`) and the table has a human seat; `true` on the builtin content playtests the baseline.
   */
  playtest: z.boolean().optional(),
});
export type CreateTableRequest = z.infer<typeof CreateTableSchema>;

export const ClaimSeatSchema = z.object({ name: DisplayNameSchema });
export type ClaimSeatRequest = z.infer<typeof ClaimSeatSchema>;

/** What a player sends to take their seat back from the bot that plays it. */
export const ReclaimSeatSchema = z.object({ token: TokenSchema });

/** A player's feedback after a playtest (playtest-feedback.ts): their seat token and their answers. */
export const FeedbackRequestSchema = z.object({ token: TokenSchema, feedback: PlaytestFeedbackSchema });
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

/** Asks what the seat of `token` has sent so far. */
export const FeedbackReadSchema = z.object({ token: TokenSchema });

/** What the table's creator sends to replace a seat's link or hand an absent seat to a bot. */
export const CreatorRequestSchema = z.object({ creatorToken: TokenSchema });
export type CreatorRequest = z.infer<typeof CreatorRequestSchema>;

// ---------------------------------------------------------------- socket messages (client → server)

export const WatchMessageSchema = z.object({
  tableId: TableIdSchema,
  /** A seat token: the holder plays that seat. Without it the client spectates. */
  token: TokenSchema.optional(),
});
export type WatchMessage = z.infer<typeof WatchMessageSchema>;

export const ActMessageSchema = z.object({
  tableId: TableIdSchema,
  token: TokenSchema,
  /**
   * The `seq` of the frame the action was chosen in. An action is stale (refused with
   * `stale-action`) when its seat has acted since then, or `seq` is ahead of the table: so a
   * message sent again (a retry, a replay) can never apply twice.
   */
  seq: z.number().int().min(0),
  /** Parsed and checked by the engine's `prepare` (the game's parseAction), not here. */
  action: z.unknown(),
});
export type ActMessage = z.infer<typeof ActMessageSchema>;

export const SyncMessageSchema = z.object({ tableId: TableIdSchema });

/** Takes back the seat's last step (issue 16): `step` is the seq it undoes (the frame's `undo`). */
export const UndoMessageSchema = z.object({ tableId: TableIdSchema, token: TokenSchema, step: z.number().int().min(1) });
export type UndoMessage = z.infer<typeof UndoMessageSchema>;

/** The most characters a chat line may have. */
export const CHAT_MAX = 300;
/** Control and format characters (bidi overrides, zero-width) are taken out of chat text. */
const CHAT_STRIP = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/gu;
/** A chat line: text only, control characters taken out, spaces folded, 1–300 characters. */
export const ChatTextSchema = z
  .string()
  .max(4 * CHAT_MAX, `a chat line has at most ${CHAT_MAX} characters`)
  .transform((s) => s.normalize('NFC').replace(CHAT_STRIP, '').replace(/\s+/gu, ' ').trim())
  .pipe(z.string().min(1, 'a chat line needs some text').max(CHAT_MAX, `a chat line has at most ${CHAT_MAX} characters`));
export const ChatMessageSchema = z.object({ tableId: TableIdSchema, token: TokenSchema, text: ChatTextSchema });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Starts a rematch of a finished table, or joins the one another seat started (same seat, new token). */
export const RematchMessageSchema = z.object({ tableId: TableIdSchema, token: TokenSchema });
export type RematchMessage = z.infer<typeof RematchMessageSchema>;
export type SyncMessage = z.infer<typeof SyncMessageSchema>;

/** Socket event names, client → server. */
export const CLIENT_EVENTS = { watch: 'watch', act: 'act', sync: 'sync', leave: 'leave', undo: 'undo', chat: 'chat', rematch: 'rematch' } as const;
/** Socket event names, server → client. */
export const SERVER_EVENTS = { snapshot: 'snapshot', update: 'update', error: 'drey-error', chat: 'chat', rematch: 'rematch' } as const;

// ---------------------------------------------------------------- server → client

export const TABLE_STATUSES = ['open', 'running', 'finished'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/** What everyone may know about a seat. */
export type PublicSeat =
  | {
      kind: 'human';
      name: string | null;
      connected: boolean;
      /** A free rematch seat kept for the player named here (only they, or the creator's opening it, free it). */
      reservedFor?: string;
    }
  | { kind: 'bot'; bot: string; name: string };

/** One line of the table's log. */
export interface LogEntry {
  seq: number;
  seat: Seat;
  text: string;
  /** An undo step: the step it took back. */
  undo?: number;
  /** A step a later undo step took back (it stays in the log, marked). */
  undone?: boolean;
}

/** One line of a table's chat. */
export interface ChatLine {
  n: number;
  seat: Seat;
  name: string;
  text: string;
  at: string;
}

/** Sent on watch (the latest lines, at most CHAT_HISTORY) and to every watcher for each new line. */
export interface ChatEvent {
  tableId: string;
  lines: ChatLine[];
}

/** Sent to a finished table's watchers when someone started a rematch (and on watch, once there is one). */
export interface RematchEvent {
  tableId: string;
  rematch: { tableId: string; by: string };
}

/**
 * How a table's deal was made, so anyone can check it. `server`: the server drew the seed and
 * publishes its SHA-256 (`commitment`, hex) from the start; the seed is revealed once the game is
 * over, and `drey replay` of the record replays that deal. `fixed`: a practice table whose creator
 * chose the seed or the arrangement.
 */
export interface DealInfo {
  kind: 'server' | 'fixed';
  commitment: string;
  /** The seed, once the game is over; null before. */
  seed: string | null;
}

/** A table as the lobby lists it. */
export interface TableSummary {
  id: string;
  game: string;
  gameTitle: string;
  status: TableStatus;
  seats: PublicSeat[];
  seq: number;
  createdAt: string;
  updatedAt: string;
  outcome: Outcome | null;
  deal: DealInfo;
  /** The table's time profile. */
  time: TimeProfileId;
  /** Seats to act now (present when the server has the table in memory: one table's GET has it). */
  toAct?: Seat[];
  /** Seats a bot played for while their player was away, and how many of their actions (the result's mark). */
  botPlayed?: BotPlayed[];
  /** Present when the table plays a content variant (`drey serve --content`): its name and hash. */
  content?: ContentInfo;
  /** Present when the table is a playtest (playtest.ts): its players are asked for feedback at the end. */
  playtest?: true;
}

/**
 * GET /api/games/:game/content: the complete content files the server plays the game with, so
 * that a browser draws a variant's cards (their costs, names) as the rules use them.
 */
export interface GameContentResponse extends ContentInfo {
  game: string;
  files: Record<string, unknown>;
}

/** The content a game is built from: its hash, and the variant's name when it is not the builtin. */
export interface ContentInfo {
  /** SHA-256 of the complete content files (src/games/package.ts contentHash). */
  hash: string;
  /** The variant's name (its directory's name); absent for the builtin content. */
  variant?: string;
}

/** A seat a bot played for while its player was away (clock ran out, left, or handed over by the creator). */
export interface BotPlayed {
  seat: Seat;
  moves: number;
}

/** One seat's clock and stand-in, as of the frame. */
export interface SeatTime {
  /** Remaining milliseconds when the frame was sent; null: no clock (bot seats, tables without a clock). */
  remainingMs: number | null;
  /** Whether this clock is running now (the seat is to act and a person plays it). */
  running: boolean;
  /** Why a bot plays this person's seat now, or null. */
  standIn: 'timeout' | 'disconnected' | 'creator' | null;
  /** How many actions a bot has played for this seat. */
  botMoves: number;
}

/**
 * The table's clocks. A client counts a running clock down from `remainingMs` starting when it
 * received the frame (each frame sets it again, so it never drifts); `serverNow` is the server's
 * time (epoch ms) at sending, for clients that prefer to correct for latency.
 */
export interface TableTime {
  profile: TimeProfileId;
  seats: SeatTime[];
  serverNow: number;
}

/**
 * Everything one client needs to draw the table, as of action number `seq`. `view` is the
 * game's view for `you` (or the spectator view), `legal` the actions `you` may take now.
 */
export interface TableFrame<View = unknown, Action extends ActionBase = ActionBase> {
  tableId: string;
  game: string;
  seq: number;
  status: TableStatus;
  seats: PublicSeat[];
  you: Seat | null;
  view: View;
  legal: Action[];
  toAct: Seat[];
  outcome: Outcome | null;
  deal: DealInfo;
  /** Clocks and bots standing in for absent players (docs/protocol.md). */
  time: TableTime;
  /** The step `you` may take back now (send it in an `undo` message), or null. */
  undo: number | null;
  /** Present when the table is a playtest: each player may leave feedback once it is finished. */
  playtest?: true;
}

/** Sent on watch and on sync: the frame and the narrated log this viewer has been told. */
export interface SnapshotMessage<View = unknown, Action extends ActionBase = ActionBase>
  extends TableFrame<View, Action> {
  /**
   * The lines the server told this viewer from the first step up to `seq` (issue 14, issue 24):
   * the newest NARRATED_LINES and how many older ones were let go. The client shows them as they
   * are and narrates nothing itself. A game without a narrator is told by its log lines. Absent
   * only when the history could not be told (the client keeps what it has).
   */
  narration?: Narration;
}

/**
 * Sent after every committed step (`by` the seat that took it, `lines` what it told this viewer) and when seats change (no
 * lines, same `seq`). `told` is the number of lines this viewer has been told from the start with
 * these, or null when the server has no history of this viewer ready: a client whose count does
 * not match (or that sees `seq` jump by more than one) asks to sync.
 */
export interface UpdateMessage<View = unknown, Action extends ActionBase = ActionBase>
  extends TableFrame<View, Action> {
  /** The seat whose step this is (an undo: the seat that took back); null when only seats or presence changed. */
  by: Seat | null;
  lines: NarratedLine[];
  told: number | null;
}

/** The codes of every error the server sends (docs/protocol.md says when each is sent). */
export const SERVER_ERROR_CODES = [
  'bad-request',
  'not-found',
  'forbidden',
  'unknown-table',
  // A stored table played with content this server does not play (`drey serve --content`).
  'unknown-content',
  'unknown-game',
  'unknown-bot',
  'bad-options',
  'bad-seats',
  'bad-token',
  'seat-taken',
  // A rematch seat kept for the player who had it at the table before (rematch.ts).
  'seat-reserved',
  'not-a-seat',
  'table-not-running',
  'not-finished',
  'malformed-action',
  'bad-seat',
  'game-over',
  'not-your-turn',
  'illegal-action',
  'stale-action',
  // The engine's undo refusals (engine/match.ts), answered as they are.
  ...UNDO_ERROR_CODES.filter((c) => c !== 'game-over'),
  'spectator',
  // Feedback sent to a table that is not a playtest, and a seat that has sent it too often (playtest-feedback.ts).
  'not-a-playtest',
  'feedback-limit',
  'rate-limited',
  'storage-error',
  'storage-unavailable',
  'table-unavailable',
  'internal-error',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Codes a client gives itself when the server did not answer: never sent by the server. */
export const CLIENT_ERROR_CODES = ['timeout', 'unreachable'] as const;

export const ERROR_CODES = [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error as a client holds it: from the server, or made up by the client itself. */
export interface ProtocolError {
  code: ErrorCode;
  message: string;
}

/** An error the server sends. */
export interface ServerError extends ProtocolError {
  code: ServerErrorCode;
}

/** Acknowledgement of an `act` message. */
export type ActAck = { ok: true; seq: number } | { ok: false; error: ProtocolError };
/** Acknowledgement of `undo`: the seq of the undo step. */
export type UndoAck = ActAck;
/** Acknowledgement of `chat`. */
export type ChatAck = { ok: true; n: number } | { ok: false; error: ProtocolError };
/** Acknowledgement of `rematch`: the new table and this client's seat there (keep the token). */
export type RematchAck =
  /** `creator`: only for the player who started the rematch, the new table's creator token (as `POST /api/tables` gives). */
  | { ok: true; tableId: string; seat: Seat; token: string; creator?: { token: string } }
  | { ok: false; error: ProtocolError };
/** Acknowledgement of `leave`. */
export type LeaveAck = { ok: true } | { ok: false; error: ProtocolError };
/** Acknowledgement of `watch` and `sync`. */
export type WatchAck = { ok: true; seq: number; you: Seat | null } | { ok: false; error: ProtocolError };

// ---------------------------------------------------------------- HTTP responses

/** A game as the lobby offers it: from its package (src/games/<id>/index.ts). */
export interface GameInfo {
  id: string;
  title: string;
  /** One line for the lobby. */
  blurb: string;
  seats: { min: number; max: number };
  /** What the new-table form offers; the options object it builds goes to the game's parseOptions. */
  options: OptionDescription[];
  bots: { name: string; description: string }[];
  hasRules: boolean;
  /** The content this server plays the game with: a variant when `variant` is set (`drey serve --content`). */
  content: ContentInfo;
}

export interface CreateTableResponse {
  table: TableSummary;
  /** Present when the request claimed a seat: keep it, it is the only key to that seat. */
  seat?: { seat: Seat; token: string };
  /** The creator's key: it replaces a lost seat link and hands an absent seat to a bot. Shown once. */
  creator: { token: string };
}

/**
 * A seat's feedback on a playtest (POST /api/tables/:id/feedback and …/feedback/mine): the last
 * feedback it sent (null: none yet), how many times it sent feedback and how many more it may.
 */
export interface FeedbackResponse {
  seat: Seat;
  feedback: PlaytestFeedback | null;
  at: string | null;
  sent: number;
  left: number;
}

/** A new link for a seat (the old token stops working). */
export interface NewSeatLinkResponse {
  seat: Seat;
  token: string;
}

export interface ClaimSeatResponse {
  table: TableSummary;
  seat: Seat;
  token: string;
}

/** One step of a finished match, for the replay viewer. */
export interface ReplayFrame<View = unknown> {
  seq: number;
  entry: LogEntry | null;
  view: View;
  /**
   * What this step told the viewer, in the words the live table's log used (the server's
   * narrator, narration-history.ts); a step the narrator told nothing of (a secret choice) reads
   * as its log line with seats by name. The start's frame: the game's opening lines, if any.
   */
  lines: string[];
  /** The seats to act after this step (none once the game is over): the table draws whose turn it was. */
  toAct: Seat[];
}

export interface ReplayResponse<View = unknown> {
  table: TableSummary;
  viewer: Seat | 'spectator';
  frames: ReplayFrame<View>[];
  record: unknown;
}
