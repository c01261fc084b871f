/**
 * A table in memory: its stored row, the match rebuilt from the event log, and its log lines.
 * Everything a client is sent is built here, per viewer, from the game's view: never the state.
 */
import { botSeatName } from '../engine/bot-names.js';
import type { AnyGame, Seat, Viewer } from '../engine/game.js';
import { lastStepInPlay, undoableStep, type Match, type ReplayStep, type UndoRules } from '../engine/match.js';
import type { AnyGamePackage } from '../games/package.js';
import { botPlayedOf, settingsOf, timeFrame, type LiveTime } from './clocks.js';
import { seedCommitment } from './ids.js';
import type { DealInfo, LogEntry, PublicSeat, TableFrame, TableSummary, TableTime } from './protocol.js';
import type { StoredTable } from './storage/types.js';
import { storedContentOf } from './table-content.js';
import { isPlaytest } from './playtest.js';
import { toActOf, viewOf } from './views.js';

/**
 * One log line as the table keeps it: the game's describeAction, read from the full state. That
 * sentence may name hidden things (a chosen card, the card a discard draws), so while the game
 * runs only the acting seat reads it; everyone else reads that the seat has played, and learns
 * what happened from their view (a game's view carries its public log, see docs/web.md). Once
 * the game is over, every line is public (the replay shows them).
 */
export interface KeptEntry {
  seq: number;
  seat: Seat;
  text: string;
  /** Taken while several seats chose at once. */
  simultaneous: boolean;
  /** An undo step: the step it took back. */
  undo?: number;
  /** Taken back by a later undo step (kept, marked). */
  undone?: boolean;
}

export interface LiveTable {
  stored: StoredTable;
  game: AnyGame;
  /** What its game lets a player take back (the game package's `undo` facet); absent: no undo. */
  undo?: UndoRules;
  match: Match;
  log: KeptEntry[];
  /** Open sockets per human seat, for the "connected" dot. */
  presence: Map<Seat, number>;
  /** Bot seats whose decision is under way. */
  thinking: Set<Seat>;
  /** Serializes every change to this table: prepare → append to the log → commit → broadcast. */
  queue: Promise<unknown>;
  /** Several processes: another process plays this table now; this copy must not change it. */
  retired?: boolean;
  /** Clocks and bots standing in for absent players (clocks.ts, absence.ts). */
  time?: LiveTime;
}

/** A table in memory playing `pkg`'s game; the package says what may be taken back. */
export function liveTable(stored: StoredTable, pkg: Pick<AnyGamePackage, 'game' | 'undo'>, match: Match, log: KeptEntry[]): LiveTable {
  const table: LiveTable = { stored, game: pkg.game, match, log, presence: new Map(), thinking: new Set(), queue: Promise.resolve() };
  if (pkg.undo) table.undo = pkg.undo;
  return table;
}

/** Runs `work` after every change already queued at this table (one change at a time). */
export function enqueue<T>(table: LiveTable, work: () => Promise<T>): Promise<T> {
  const run = table.queue.then(work, work);
  table.queue = run.catch(() => undefined);
  return run;
}

/**
 * `text` as one flat string. A game builds a description with template literals, which V8 keeps
 * as a tree of the parts joined (a "cons string": five or so heap objects for one line) until
 * something reads it whole; a table keeps its log for the whole game, so each line would be marked
 * as that tree by every full GC (docs/deploy.md). A JSON round trip makes a new flat copy.
 */
const flat = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** The log line of a step, as the engine prepared or replayed it. */
export const keptEntry = (step: Pick<ReplayStep, 'seq' | 'seat' | 'description' | 'simultaneous'>): KeptEntry => ({
  seq: step.seq,
  seat: step.seat,
  text: flat(step.description),
  simultaneous: step.simultaneous,
});

/** Adds a step to the table's log; an undo step marks the step it took back. */
export function keepStep(log: KeptEntry[], step: Pick<ReplayStep, 'seq' | 'seat' | 'description' | 'simultaneous' | 'undo'>): KeptEntry {
  const entry = keptEntry(step);
  if (step.undo !== undefined) {
    entry.undo = step.undo;
    const undone = log.find((e) => e.seq === step.undo);
    if (undone) undone.undone = true;
  }
  log.push(entry);
  return entry;
}

export const seatName = (table: LiveTable, seat: Seat): string => {
  const s = table.stored.seats[seat];
  if (!s) return `Seat ${seat + 1}`;
  if (s.kind === 'bot') return botSeatName(seat);
  return s.name ?? `Seat ${seat + 1}`;
};

export function publicSeats(table: Pick<LiveTable, 'stored' | 'presence'>): PublicSeat[] {
  return table.stored.seats.map((s, seat) =>
    s.kind === 'bot'
      ? { kind: 'bot', bot: s.bot, name: botSeatName(seat) }
      : {
          kind: 'human',
          name: s.name,
          connected: (table.presence.get(seat) ?? 0) > 0,
          ...(s.tokenHash === null && s.reservedFor !== undefined ? { reservedFor: s.reservedFor } : {}),
        },
  );
}

/** A log line as `viewer` may read it. */
export function entryFor(table: LiveTable, entry: KeptEntry, viewer: Viewer): LogEntry {
  const marks = { ...(entry.undo === undefined ? {} : { undo: entry.undo }), ...(entry.undone ? { undone: true } : {}) };
  if (viewer === entry.seat || table.stored.status === 'finished') return { seq: entry.seq, seat: entry.seat, text: entry.text, ...marks };
  // What was taken back may have been secret (a chosen card): the others hear only that it was.
  if (entry.undo !== undefined) return { seq: entry.seq, seat: entry.seat, text: `${seatName(table, entry.seat)} took back a step.`, ...marks };
  const verb = entry.simultaneous ? 'has chosen' : 'has played';
  return { seq: entry.seq, seat: entry.seat, text: `${seatName(table, entry.seat)} ${verb}.`, ...marks };
}

/** How the table's deal was made; the seed only once the game is over. */
export function dealOf(stored: StoredTable): DealInfo {
  return {
    kind: stored.fixedDeal ? 'fixed' : 'server',
    commitment: seedCommitment(stored.seed),
    seed: stored.status === 'finished' ? stored.seed : null,
  };
}

export function summarize(table: Pick<LiveTable, 'stored' | 'presence' | 'game'> & Partial<Pick<LiveTable, 'match' | 'time'>>): TableSummary {
  const s = table.stored;
  const botPlayed = botPlayedOf(table.time);
  const content = storedContentOf(s);
  return {
    id: s.id,
    game: s.game,
    gameTitle: table.game.title,
    status: s.status,
    seats: publicSeats(table),
    seq: s.seq,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    outcome: s.outcome,
    deal: dealOf(s),
    time: settingsOf(s).time,
    ...(table.match ? { toAct: s.status === 'running' ? [...toActOf(table.game, table.match)] : [] } : {}),
    ...(botPlayed.length > 0 ? { botPlayed } : {}),
    ...(content?.variant === undefined ? {} : { content }),
    ...(isPlaytest(s) ? { playtest: true as const } : {}),
  };
}

/**
 * What every viewer's frame of one state shares: who acts, the seats, the deal, the clocks, and
 * whose step could be taken back. A publish sends one frame per viewer of the same state, so this
 * is worked out once per publish and handed to `frameFor` (the undo check, and the playtest flag
 * that parses the settings: per viewer they showed in the server's profile).
 */
export interface FrameCommon {
  toAct: Seat[];
  seats: PublicSeat[];
  deal: DealInfo;
  time: TableTime;
  playtest: boolean;
  /** The seat whose step is the last one in play, when the game has undo and runs: only it may take back. */
  undoSeat: Seat | null;
}

export function frameCommon(table: LiveTable): FrameCommon {
  const { game, match, stored } = table;
  const running = stored.status === 'running';
  let undoSeat: Seat | null = null;
  if (running && table.undo !== undefined) {
    const top = lastStepInPlay(match.record);
    if (top !== undefined) undoSeat = match.record.actions[top - 1]!.seat;
  }
  return {
    toAct: running ? [...toActOf(game, match)] : [],
    seats: publicSeats(table),
    deal: dealOf(stored),
    time: timeFrame(table.time, settingsOf(stored).time, stored.seats.length),
    playtest: isPlaytest(stored),
    undoSeat,
  };
}

/**
 * The frame `viewer` is sent: their own view (built once per state, views.ts) and, if it is their
 * turn, their legal actions. `common` is what the state's frames share (one per publish).
 */
export function frameFor(table: LiveTable, viewer: Viewer, common: FrameCommon = frameCommon(table)): TableFrame {
  const { game, match, stored } = table;
  const you = viewer === 'spectator' ? null : viewer;
  return {
    tableId: stored.id,
    game: stored.game,
    seq: stored.seq,
    status: stored.status,
    seats: common.seats,
    you,
    view: viewOf(game, match, viewer),
    legal: you !== null && common.toAct.includes(you) ? [...game.legalActions(match.state, you)] : [],
    toAct: common.toAct,
    outcome: stored.outcome,
    deal: common.deal,
    time: common.time,
    undo: you !== null && you === common.undoSeat ? undoableStep(match, you, table.undo) : null,
    ...(common.playtest ? { playtest: true as const } : {}),
  };
}
