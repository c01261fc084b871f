/**
 * Human move times (issue 26 item 3, issue 27): how long people take per action, measured from the
 * `at` times of the actions a finished web table stored, for the lab's minutes-of-play estimate
 * (tension.ts), which otherwise multiplies actions by a per-game guess (GamePackage.lab.curves).
 *
 * A human move's time is the time from the table's previous action (anyone's) to the move: the
 * player's reading of what just happened and deciding. Its first action has no previous one and
 * is not counted. Web tables have long pauses (a player away, a chat, a break), so each action
 * kind (the action's `type`) is summarised by its MEDIAN, which a few pauses do not move; the
 * seconds per action the estimate uses are the kinds' medians weighted by how often people took
 * each kind: Σ_k share_k · median_k. Weighting per kind keeps a game of many quick moves (an
 * "end") and a few slow ones (a "buy") from being read at one middle speed.
 *
 * Undo steps are not moves of the game and are left out, and so are the moves a bot made for an
 * absent player: the table's notes say when a seat was handed to a bot (`takeover`, absence.ts)
 * and when its player came back (`returned`), and a move of that seat between the two is the bot's.
 */
import type { Store, StoredAction, StoredTable, TableNote } from '../server/storage/types.js';

/** The notes that say when a bot played a person's seat (absence.ts). */
export const ABSENCE_NOTE_KINDS = ['takeover', 'returned'] as const;

/**
 * Whether a move of the seat, by its sequence number, was a bot's: each takeover and return note
 * keeps the table's action count when it was written (`data.seq`, absence.ts), so the moves after a
 * takeover up to the seat's next return are the bot's.
 */
function playedByBot(notes: readonly TableNote[]): (seat: number, seq: number) => boolean {
  const spans = new Map<number, [after: number, upTo: number][]>();
  for (const n of [...notes].sort((x, y) => x.n - y.n)) {
    const seq = (n.data as { seq?: unknown } | null)?.seq;
    if (n.seat === null || typeof seq !== 'number') continue;
    const list = spans.get(n.seat) ?? [];
    const open = list.length > 0 && list[list.length - 1]![1] === Number.POSITIVE_INFINITY;
    if (n.kind === 'takeover' && !open) list.push([seq, Number.POSITIVE_INFINITY]);
    else if (n.kind === 'returned' && open) list[list.length - 1]![1] = seq;
    spans.set(n.seat, list);
  }
  return (seat, seq) => (spans.get(seat) ?? []).some(([after, upTo]) => seq > after && seq <= upTo);
}

/** One action kind's measured times. */
export interface KindTime {
  kind: string;
  /** Human moves of this kind measured. */
  moves: number;
  /** Median seconds. */
  median: number;
}

export interface MoveTimes {
  game: string;
  /** Finished tables with at least one measured human move. */
  tables: number;
  /** Human moves measured. */
  moves: number;
  /** Per action kind, most frequent first (ties by name). */
  kinds: KindTime[];
  /** Σ share_k · median_k over the kinds (seconds). */
  secondsPerAction: number;
  /** "measured from N human moves at M tables …", for the reports. */
  why: string;
}

/** Fewer human moves than this and the measured times are not used (the guess stays). */
export const MIN_MOVES = 20;

const median = (sorted: readonly number[]): number => {
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
};

/** The measured times of `tables` (finished, of one game); undefined with no human move. */
export function measureMoveTimes(game: string, tables: readonly { stored: StoredTable; actions: readonly StoredAction[]; notes?: readonly TableNote[] }[]): MoveTimes | undefined {
  const byKind = new Map<string, number[]>();
  let used = 0;
  for (const { stored, actions, notes } of tables) {
    const byBot = playedByBot(notes ?? []);
    let counted = false;
    const ordered = [...actions].sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < ordered.length; i++) {
      const a = ordered[i]!;
      const seat = typeof a.seat === 'number' ? stored.seats[a.seat] : undefined;
      if (seat?.kind !== 'human') continue;
      const kind = typeof a.action === 'object' && a.action !== null && typeof (a.action as { type?: unknown }).type === 'string' ? (a.action as { type: string }).type : '?';
      if (kind === 'undo' || byBot(a.seat as number, a.seq)) continue;
      const seconds = (Date.parse(a.at) - Date.parse(ordered[i - 1]!.at)) / 1000;
      if (!Number.isFinite(seconds) || seconds < 0) continue;
      const list = byKind.get(kind);
      if (list) list.push(seconds);
      else byKind.set(kind, [seconds]);
      counted = true;
    }
    if (counted) used++;
  }
  const moves = [...byKind.values()].reduce((s, l) => s + l.length, 0);
  if (moves === 0) return undefined;
  const kinds = [...byKind.entries()]
    .map(([kind, list]) => ({ kind, moves: list.length, median: median([...list].sort((x, y) => x - y)) }))
    .sort((a, b) => b.moves - a.moves || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  const secondsPerAction = kinds.reduce((s, k) => s + (k.moves / moves) * k.median, 0);
  return {
    game,
    tables: used,
    moves,
    kinds,
    secondsPerAction,
    why: `measured from ${moves} human moves at ${used} table${used === 1 ? '' : 's'} (median seconds per action kind, weighted by how often people took each kind)`,
  };
}

/** Finished tables of `game` in the store, oldest first, with their actions (paged through). */
export async function finishedTables(store: Store, game: string, keep: (t: StoredTable) => boolean = () => true): Promise<{ stored: StoredTable; actions: StoredAction[] }[]> {
  const out: { stored: StoredTable; actions: StoredAction[] }[] = [];
  const page = 500;
  let before: string | undefined;
  for (;;) {
    const tables = await store.listTables({ statuses: ['finished'], limit: page, ...(before !== undefined ? { before } : {}) });
    for (const t of tables) if (t.game === game && keep(t)) out.push({ stored: t, actions: await store.getActions(t.id) });
    if (tables.length < page) break;
    before = tables[tables.length - 1]!.id;
  }
  return out.sort((a, b) => (a.stored.createdAt < b.stored.createdAt ? -1 : a.stored.createdAt > b.stored.createdAt ? 1 : a.stored.id < b.stored.id ? -1 : 1));
}

/** The move times of every finished table of `game` with a human seat (playtests or not). */
export async function readMoveTimes(store: Store, game: string): Promise<MoveTimes | undefined> {
  const tables = await finishedTables(store, game, (t) => t.seats.some((s) => s.kind === 'human'));
  const withNotes = [];
  for (const t of tables) withNotes.push({ ...t, notes: await store.getNotes(t.stored.id, { kinds: ABSENCE_NOTE_KINDS }) });
  return measureMoveTimes(game, withNotes);
}

/** What the minutes-of-play estimate uses: the measured times when there are enough, else nothing (the game's guess). */
export function paceOf(times: MoveTimes | undefined): { secondsPerAction: number; why: string; measured: { moves: number; tables: number } } | undefined {
  return times && times.moves >= MIN_MOVES ? { secondsPerAction: times.secondsPerAction, why: times.why, measured: { moves: times.moves, tables: times.tables } } : undefined;
}
