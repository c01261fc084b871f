/**
 * Creating tables and claiming seats. A table is open until every human seat is taken, then it
 * runs until the game is over. The creator may sit down at once (`join`); a seat's token is shown
 * once to whoever takes it, and only its hash is stored.
 */
import type { Seat } from '../engine/game.js';
import { createMatch } from '../engine/match.js';
import { findBot } from '../bots/index.js';
import type { Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import { isLiveBot, LIVE_BOTS } from './bot-levels.js';
import { defaultProfile, settingsOf, type TableSettings } from './clocks.js';
import { hashToken, newSeatToken, newSeed, newTableId, tokenMatches } from './ids.js';
import { contentInfoOf } from './table-content.js';
import { liveTable, summarize, type LiveTable } from './live-table.js';
import type { ClaimSeatRequest, ClaimSeatResponse, CreateTableRequest, CreateTableResponse, TableStatus } from './protocol.js';
import { fail, messageOf, storageFailure, type ServiceResult } from './result.js';
import { LeaseLostError, type Store, type StoredSeat, type StoredTable } from './storage/types.js';

export interface SeatingContext {
  store: Store;
  registry: Registry;
  now(): string;
  /** Several processes: this process's lease owner name; seat changes are fenced by the table's lease. */
  owner?: string;
  /** The store refused a seat change because another process holds the table now (nothing was saved). */
  leaseLost?(table: LiveTable): void;
}

/** The bots a live table of this game may seat. */
export const liveBotsFor = (pkg: AnyGamePackage): string[] => LIVE_BOTS.filter((name) => findBot(pkg, name).ok);

/** A table waits for its human seats; once all are taken it runs until the game is over. */
function statusOf(seats: readonly StoredSeat[], outcome: unknown): TableStatus {
  if (outcome) return 'finished';
  return seats.every((s) => s.kind === 'bot' || s.tokenHash !== null) ? 'running' : 'open';
}

/**
 * Whether a new table is a playtest (playtest.ts), fixed at creation: as the request says, else
 * when the server plays the game as a content variant (`drey serve --content`, what a designer
 * starts to playtest it) and a person sits at the table (a table of bots alone has nobody to ask).
 */
export function newTableIsPlaytest(req: Pick<CreateTableRequest, 'playtest' | 'seats'>, pkg: AnyGamePackage): boolean {
  return req.playtest ?? (pkg.content.variant !== undefined && req.seats.some((s) => s.kind === 'human'));
}

/** Sets up and stores a new table; the caller keeps it live and sets its bots going. */
export async function createTable(
  ctx: SeatingContext,
  req: CreateTableRequest,
  /** More table settings fixed at creation (StoredTable.settings), e.g. `rematchOf`. */
  extra?: Record<string, unknown>,
  /**
   * Free human seats kept for someone (a rematch keeps each seat for the player who had it): the
   * name per seat, undefined for a seat anyone with the invite link may take.
   */
  reserved?: readonly (string | undefined)[],
): Promise<ServiceResult<{ table: LiveTable; response: CreateTableResponse }>> {
  const pkg = ctx.registry.get(req.game);
  if (!pkg) {
    return fail('unknown-game', `unknown game '${req.game}' (games: ${ctx.registry.games.map((g) => g.id).join(', ')})`);
  }
  const game = pkg.game;
  for (const s of req.seats) {
    if (s.kind === 'bot' && (!isLiveBot(s.bot) || !findBot(pkg, s.bot).ok)) {
      return fail('unknown-bot', `no bot '${s.bot}' for ${game.title} (bots: ${liveBotsFor(pkg).join(', ')})`);
    }
  }
  if (req.join && req.seats[req.join.seat]?.kind !== 'human') {
    return fail('not-a-seat', `seat ${req.join.seat + 1} is not a human seat`);
  }
  const fixedDeal = req.seed !== undefined || req.arrangement !== undefined;
  if (fixedDeal && req.seats.filter((s) => s.kind === 'human').length > 1) {
    return fail('bad-options', 'only a practice table (one human seat, bots in the others) may fix its seed or arrangement: with other people at the table the creator would know their cards');
  }
  const seed = req.seed ?? newSeed();
  const created = createMatch(game, {
    seats: req.seats.length,
    seed,
    options: req.options,
    arrangement: req.arrangement,
  });
  if (!created.ok) return fail(created.error.code === 'bad-seats' ? 'bad-seats' : 'bad-options', created.error.message);
  let token: string | undefined;
  const seats: StoredSeat[] = req.seats.map((s, i) => {
    if (s.kind === 'bot') return { kind: 'bot', bot: s.bot };
    if (req.join?.seat === i) {
      token = newSeatToken();
      return { kind: 'human', name: req.join.name, tokenHash: hashToken(token) };
    }
    const keptFor = reserved?.[i];
    return keptFor === undefined ? { kind: 'human', name: null, tokenHash: null } : { kind: 'human', name: null, tokenHash: null, reservedFor: keptFor };
  });
  const at = ctx.now();
  const stored: StoredTable = {
    id: newTableId(),
    game: game.id,
    seed,
    options: created.value.record.options,
    seats,
    status: statusOf(seats, null),
    seq: 0,
    outcome: null,
    createdAt: at,
    updatedAt: at,
  };
  // The creator's token (only its hash is kept) replaces lost seat links and hands absent seats to bots.
  const creatorToken = newSeatToken();
  const settings: TableSettings = { time: req.time ?? defaultProfile(req.seats.filter((s) => s.kind === 'human').length), creatorTokenHash: hashToken(creatorToken) };
  if (req.arrangement !== undefined) stored.arrangement = req.arrangement;
  if (fixedDeal) stored.fixedDeal = true;
  // The content the table is played with (table-content.ts): it is only ever rebuilt with it.
  stored.settings = { ...extra, ...settings, content: contentInfoOf(pkg), ...(newTableIsPlaytest(req, pkg) ? { playtest: true } : {}) };
  try {
    await ctx.store.createTable(stored);
  } catch (e) {
    return storageFailure('the table', e);
  }
  const table = liveTable(stored, pkg, created.value, []);
  const response: CreateTableResponse = { table: summarize(table), creator: { token: creatorToken } };
  if (token !== undefined && req.join) response.seat = { seat: req.join.seat, token };
  return { ok: true, value: { table, response } };
}

/**
 * Gives a free human seat to `req.name`. The caller holds the table's queue. A seat kept for
 * someone (`reservedFor`) is given only with `reservation` (the rematch's join, which proved the
 * seat was theirs at the table before); the invite link cannot take it.
 */
export async function claimSeat(
  ctx: SeatingContext,
  table: LiveTable,
  seat: Seat,
  req: ClaimSeatRequest,
  reservation = false,
): Promise<ServiceResult<ClaimSeatResponse>> {
  const current = table.stored.seats[seat];
  if (!current || current.kind !== 'human') return fail('not-a-seat', `seat ${seat + 1} is not a human seat at this table`);
  if (current.tokenHash !== null) return fail('seat-taken', `seat ${seat + 1} is already taken`);
  if (table.stored.status === 'finished') return fail('game-over', 'the game is over');
  if (current.reservedFor !== undefined && !reservation) {
    return fail('seat-reserved', `seat ${seat + 1} is kept for ${current.reservedFor}, who had it at the table before this rematch; only they can take it, unless the table's creator opens it`);
  }
  const token = newSeatToken();
  const seats = table.stored.seats.map((s, i): StoredSeat =>
    i === seat ? { kind: 'human', name: req.name, tokenHash: hashToken(token) } : s,
  );
  const status = statusOf(seats, table.stored.outcome);
  const at = ctx.now();
  try {
    await ctx.store.updateSeats(table.stored.id, seats, status, at, ctx.owner);
  } catch (e) {
    if (e instanceof LeaseLostError) ctx.leaseLost?.(table);
    return storageFailure('the seat', e);
  }
  table.stored = { ...table.stored, seats, status, updatedAt: at };
  return { ok: true, value: { table: summarize(table), seat, token } };
}

/**
 * The table's creator opens a seat kept for someone (a rematch seat whose player has not come):
 * anyone with the invite link may take it from now on. The caller holds the table's queue.
 */
export async function openSeat(ctx: SeatingContext, table: LiveTable, seat: Seat, creatorToken: string): Promise<ServiceResult<{ seat: Seat }>> {
  const hash = settingsOf(table.stored).creatorTokenHash;
  if (hash === undefined || !tokenMatches(creatorToken, hash)) return fail('forbidden', "this is not the table creator's token");
  const current = table.stored.seats[seat];
  if (!current || current.kind !== 'human') return fail('not-a-seat', `seat ${seat + 1} is not a human seat at this table`);
  if (current.tokenHash !== null) return fail('seat-taken', `seat ${seat + 1} is already taken`);
  if (current.reservedFor === undefined) return { ok: true, value: { seat } };
  const seats = table.stored.seats.map((s, i): StoredSeat => (i === seat ? { kind: 'human', name: null, tokenHash: null } : s));
  const at = ctx.now();
  try {
    await ctx.store.updateSeats(table.stored.id, seats, table.stored.status, at, ctx.owner);
  } catch (e) {
    if (e instanceof LeaseLostError) ctx.leaseLost?.(table);
    return storageFailure('the opened seat', e);
  }
  table.stored = { ...table.stored, seats, updatedAt: at };
  return { ok: true, value: { seat } };
}
