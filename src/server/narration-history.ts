/**
 * A table's narrated history for each viewer (issue 14): the lines the game's narrator told that
 * viewer from the first step on, so a page that arrives late (a reload, a late join, a reconnect
 * after a long gap) reads the same log as one that watched from the start. A view only carries
 * a tail of recent events, so the history cannot be read off the current view: it is told by
 * replaying the table's record step by step and feeding each step's view for that viewer to the
 * narrator, as the replay viewer does, and only ever from that viewer's views (a seat's history
 * names its own cards and nobody else's).
 *
 * The server is the one narrator of a live table (issue 24, item 1): every line a page shows is
 * told here, once per viewer per step, and sent as it is (narrated.ts says what a line carries:
 * the step and the seat that acted, so no client reads the words). A game without a narrator is
 * told by its log lines (live-table.ts `entryFor`), so every game has a history.
 *
 * Cost: the first request for a (table, viewer) replays the record, off the event loop on the
 * worker pool when the record is long (a `narration` task), and from then on the history is kept
 * current: every committed step extends each kept history with one view. Steps committed while
 * the worker builds wait in a queue and are told when it answers, so the history is exactly as of
 * the table's `seq` whenever it is read. Histories live as long as the table stays in memory
 * (a WeakMap on the live table) and hold at most NARRATION_HISTORY_LINES lines.
 */
import type { AnyGame, Seat, Viewer } from '../engine/game.js';
import { matchFromRecord, type MatchRecord, type ReplayStep } from '../engine/match.js';
import { readOn, type AnyNarrator } from '../engine/narration.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { entryFor, publicSeats, type KeptEntry, type LiveTable } from './live-table.js';
import { NARRATED_LINES, toldCount, type NarratedLine, type Narration } from './narrated.js';
import { seatLabels } from './seat-label.js';
import { viewOf, work } from './views.js';

/** What a worker needs to tell a record: plain data. */
export interface NarrationTask {
  game: string;
  record: MatchRecord;
  viewer: Viewer;
  /** The seats' names as the table shows them (seat-label.ts). */
  names: string[];
}

/** A history told up to step `seq`, and the number of the first event not yet told. */
export interface ToldHistory {
  history: Narration;
  next: number;
  seq: number;
}

/** The pool's task kind for histories. */
export type NarrationTasks = { narration: { input: NarrationTask; output: ToldHistory } };

/** Tells a history (in a worker, or on this thread). */
export type NarrationBuilder = (task: NarrationTask) => Promise<Result<ToldHistory, GameError>>;

/**
 * What an undo step reads as for `viewer` while the game runs, as the table's log line says it
 * (live-table.ts `entryFor`): the seat that took it back reads what it took back, the others only
 * that a step was taken back (it may have been secret).
 */
const undoLine = (seat: Seat, viewer: Viewer, description: string, names: readonly string[]): string =>
  viewer === seat ? description : `${names[seat] ?? `Seat ${seat + 1}`} took back a step.`;

interface Told {
  history: Narration;
  next: number;
}

/**
 * A kept history grows in place: copying its (up to 500) lines on every step, for every viewer,
 * would be the commit path's cost. It holds up to twice the bound and is trimmed back to the bound
 * in one go; `bounded` hands out the newest NARRATED_LINES as a copy.
 */
export function append(history: Narration, lines: readonly NarratedLine[]): void {
  if (lines.length === 0) return;
  history.lines.push(...lines);
  if (history.lines.length > 2 * NARRATED_LINES) {
    const over = history.lines.length - NARRATED_LINES;
    history.lines.splice(0, over);
    history.dropped += over;
  }
}

export const bounded = (history: Narration): Narration => {
  const over = Math.max(0, history.lines.length - NARRATED_LINES);
  return { lines: history.lines.slice(over), dropped: history.dropped + over };
};

/** The step a line belongs to: its number and the seat that acted (null: the game's start). */
interface StepOf {
  seq: number;
  seat: Seat | null;
}

/**
 * One step told (in place): the undo's line first (as the live page says it), then the view's new
 * events. Returns the lines it added.
 */
function tell(narrator: AnyNarrator, told: Told, view: unknown, viewer: Viewer, names: readonly string[], step: StepOf, undo: string | null): NarratedLine[] {
  work.narrationsTold++;
  const read = readOn(narrator, view, told.next, { viewer, names });
  const texts = undo === null ? read.lines : [undo, ...read.lines];
  const lines = texts.map((text) => ({ seq: step.seq, seat: step.seat, text }));
  append(told.history, lines);
  told.next = read.next;
  return lines;
}

/**
 * One step of a told record, for a caller that keeps more than the history (the replay's frames,
 * replays.ts): the step (null: the game's start), the view `viewer` saw after it, and the lines it
 * told them, exactly as the live table's log told them.
 */
export interface ToldStep {
  step: ReplayStep | null;
  view: unknown;
  lines: NarratedLine[];
  /** The seats to act after the step (the match's, as the engine's step yielded them). */
  toAct: readonly Seat[];
}

/** Replays `record` and tells every step as `viewer` saw it. Pure: the worker's task. */
export function tellRecord(game: AnyGame, narrator: AnyNarrator, task: NarrationTask, onStep?: (told: ToldStep) => void): Result<ToldHistory, GameError> {
  const { viewer, names } = task;
  const told: Told = { history: { lines: [], dropped: 0 }, next: 0 };
  let seq = 0;
  const rebuilt = matchFromRecord(game, task.record, {
    start: (m) => {
      const view = game.view(m.state, viewer);
      const lines = tell(narrator, told, view, viewer, names, { seq: 0, seat: null }, null);
      onStep?.({ step: null, view, lines, toAct: m.toAct });
    },
    step: (step, m) => {
      const undo = step.undo === undefined ? null : undoLine(step.seat, viewer, step.description, names);
      const view = game.view(m.state, viewer);
      const lines = tell(narrator, told, view, viewer, names, { seq: step.seq, seat: step.seat }, undo);
      onStep?.({ step, view, lines, toAct: m.toAct });
      seq = step.seq;
    },
  });
  if (!rebuilt.ok) return err({ code: 'replay-failed', message: `the table's record does not replay: ${rebuilt.error.message}` });
  return ok({ history: bounded(told.history), next: told.next, seq });
}

/** A game without a narrator is told by its log lines, each as `viewer` may read it. */
const logLine = (table: LiveTable, entry: KeptEntry, viewer: Viewer): NarratedLine => ({ seq: entry.seq, seat: entry.seat, text: entryFor(table, entry, viewer).text });

/** A step committed while the history was being built, waiting to be told. */
interface Waiting {
  view: unknown;
  undo: string | null;
  names: string[];
  step: StepOf;
}

interface Kept {
  told: (Told & { seq: number }) | null;
  waiting: Waiting[];
  ready: Promise<boolean>;
  /** The lines the last committed step added (what that step's update sends this viewer). */
  last: { seq: number; lines: NarratedLine[] } | null;
}

/** A step's lines for one viewer, and how many lines that viewer has been told from the start with them. */
export interface StepLines {
  lines: NarratedLine[];
  told: number;
}

export interface NarrationHistoriesOptions {
  /** The game's narrator (absent: the game is told by its log lines). */
  narrator(gameId: string): AnyNarrator | undefined;
  /** Tells a long record off the event loop. */
  build: NarrationBuilder;
  /** Records up to this many steps are told on the calling thread (default 64): cheaper than a worker's round trip. */
  inlineSteps?: number;
  warn(message: string): void;
}

export class NarrationHistories {
  private readonly tables = new WeakMap<LiveTable, Map<string, Kept>>();
  /** Histories told from a record (not extended from one kept): for tests. */
  built = 0;

  constructor(private readonly opts: NarrationHistoriesOptions) {}

  /**
   * Makes sure `viewer`'s history at this table is told up to the table's `seq`; false when the
   * record could not be told. Read it with `current` right after, in the same synchronous run: it
   * stays current from then on as steps are committed.
   */
  async prepare(table: LiveTable, viewer: Viewer): Promise<boolean> {
    let byViewer = this.tables.get(table);
    if (!byViewer) this.tables.set(table, (byViewer = new Map()));
    const key = String(viewer);
    let kept = byViewer.get(key);
    if (!kept) {
      kept = this.start(table, viewer, this.opts.narrator(table.game.id));
      byViewer.set(key, kept);
    }
    return kept.ready;
  }

  /** The history `viewer` has been told so far, if it is ready. */
  current(table: LiveTable, viewer: Viewer): Narration | undefined {
    const told = this.tables.get(table)?.get(String(viewer))?.told;
    return told && told.seq === table.stored.seq ? bounded(told.history) : undefined;
  }

  /**
   * The lines step `seq` added to `viewer`'s history, for that step's update; undefined when no
   * history of that viewer is kept here or it is still being told (the page then asks for a sync).
   */
  stepLines(table: LiveTable, viewer: Viewer, seq: number): StepLines | undefined {
    const kept = this.tables.get(table)?.get(String(viewer));
    if (!kept?.told || kept.told.seq !== seq || kept.last?.seq !== seq) return undefined;
    return { lines: kept.last.lines, told: toldCount(kept.told.history) };
  }

  /** A step was committed at this table: every kept history tells it, from the view that viewer's frame carries. */
  stepCommitted(table: LiveTable, entry: KeptEntry): void {
    const byViewer = this.tables.get(table);
    if (!byViewer) return;
    const narrator = this.opts.narrator(table.game.id);
    const names = seatLabels(publicSeats(table));
    const step: StepOf = { seq: entry.seq, seat: entry.seat };
    for (const [key, kept] of byViewer) {
      const viewer: Viewer = key === 'spectator' ? 'spectator' : Number(key);
      if (!narrator) {
        if (!kept.told) continue; // told from the log when it is ready, this step included
        const lines = [logLine(table, entry, viewer)];
        append(kept.told.history, lines);
        kept.told.seq = entry.seq;
        kept.last = { seq: entry.seq, lines };
        continue;
      }
      // The undo's line as this viewer reads it (the log line's words).
      const undo = entry.undo === undefined ? null : entryFor(table, entry, viewer).text;
      // The same view the viewer's frame carries (views.ts): built once per step.
      const view = viewOf(table.game, table.match, viewer);
      if (kept.told) {
        kept.last = { seq: entry.seq, lines: tell(narrator, kept.told, view, viewer, names, step, undo) };
        kept.told.seq = entry.seq;
      } else kept.waiting.push({ view, undo, names, step });
    }
  }

  private start(table: LiveTable, viewer: Viewer, narrator: AnyNarrator | undefined): Kept {
    this.built++;
    const kept: Kept = { told: null, waiting: [], ready: Promise.resolve(false), last: null };
    if (!narrator) {
      // Told from the table's log lines, at once: they are kept in memory already.
      const history: Narration = { lines: [], dropped: 0 };
      append(history, table.log.map((e) => logLine(table, e, viewer)));
      kept.told = { history, next: 0, seq: table.stored.seq };
      kept.ready = Promise.resolve(true);
      return kept;
    }
    // A copy as of now: the live record grows with every step, and a queued task is sent later.
    const record: MatchRecord = { ...table.match.record, actions: table.match.record.actions.slice() };
    const task: NarrationTask = { game: table.game.id, record, viewer, names: seatLabels(publicSeats(table)) };
    const inline = record.actions.length <= (this.opts.inlineSteps ?? 64);
    const here = (): Result<ToldHistory, GameError> => tellRecord(table.game, narrator, task);
    // A pool that cannot tell it (closed, a worker lost) leaves it to this thread: every page
    // shows the server's lines only, so a history must be told somewhere.
    const building = inline
      ? Promise.resolve(here())
      : this.opts.build(task).then(
          (r) => (r.ok ? r : (this.opts.warn(`table ${table.stored.id}: the pool did not tell the history (${r.error.message}); telling it here`), here())),
          (e: unknown) => (this.opts.warn(`table ${table.stored.id}: the pool did not tell the history (${String(e)}); telling it here`), here()),
        );
    kept.ready = building.then(
      (r) => this.settle(table, viewer, narrator, kept, r),
      (e: unknown) => this.settle(table, viewer, narrator, kept, err({ code: 'internal-error', message: String(e) })),
    );
    return kept;
  }

  private settle(table: LiveTable, viewer: Viewer, narrator: AnyNarrator, kept: Kept, r: Result<ToldHistory, GameError>): boolean {
    const byViewer = this.tables.get(table);
    if (!r.ok || r.value.seq !== (kept.waiting[0]?.step.seq ?? table.stored.seq + 1) - 1) {
      // Asked again, the history is built afresh.
      if (byViewer?.get(String(viewer)) === kept) byViewer.delete(String(viewer));
      this.opts.warn(`table ${table.stored.id}: the narrated history could not be told: ${r.ok ? `it ends at step ${r.value.seq}` : r.error.message}`);
      return false;
    }
    const told = r.value;
    for (const w of kept.waiting) {
      kept.last = { seq: w.step.seq, lines: tell(narrator, told, w.view, viewer, w.names, w.step, w.undo) };
      told.seq = w.step.seq;
    }
    kept.waiting = [];
    kept.told = told;
    return true;
  }
}
