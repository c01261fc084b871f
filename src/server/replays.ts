/**
 * Replays of finished matches: every step as one viewer saw it, rebuilt from the table's record by
 * the engine's `matchFromRecord`. Once a game is over every log line is public, so each frame
 * carries its step's full line.
 *
 * Rebuilding a long match takes a while (a 1,180-action game: ~180 ms and 2 MB of frames), so the
 * frames are built off the event loop (a `replay` task on the worker pool, see `replayFramesJson`)
 * as JSON text, and kept in a small cache by table, viewer and length: a finished match never
 * changes, so a second request costs nothing.
 */
import type { AnyGame, Viewer } from '../engine/game.js';
import { cancelledSteps, matchFromRecord, type MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { summarize, type LiveTable } from './live-table.js';
import type { ReplayFrame } from './protocol.js';
import { fail, type ServiceResult } from './result.js';
import { storedContentOf } from './table-content.js';

/** What a worker needs to build the frames: plain data. */
export interface ReplayTask {
  game: string;
  record: MatchRecord;
  viewer: Viewer;
  /** The content hash the table was played with: a builder with other content refuses. */
  content?: string;
}

/** The pool's task kind for replays. */
export type ReplayTasks = { replay: { input: ReplayTask; output: string } };

/** Every frame of a finished match as `viewer` saw it, as JSON text (a `ReplayFrame[]`). */
export function replayFramesJson(game: AnyGame, record: MatchRecord, viewer: Viewer): Result<string, GameError> {
  const frames: ReplayFrame[] = [];
  const rebuilt = matchFromRecord(game, record, {
    start: (m) => frames.push({ seq: 0, entry: null, view: game.view(m.state, viewer) }),
    // The game is over: every line is public (as entryFor says for a finished table).
    step: (step, m) => {
      const marks = step.undo === undefined ? {} : { undo: step.undo };
      frames.push({ seq: step.seq, entry: { seq: step.seq, seat: step.seat, text: step.description, ...marks }, view: game.view(m.state, viewer) });
    },
  });
  // Steps a later undo step took back stay in the replay, marked (issue 16).
  const cancelled = cancelledSteps(record);
  for (const f of frames) if (f.entry && cancelled.has(f.entry.seq)) f.entry.undone = true;
  if (!rebuilt.ok) return err({ code: 'replay-failed', message: `the match does not replay: ${rebuilt.error.message}` });
  return ok(JSON.stringify(frames));
}

/** Builds frames (in a worker, or on this thread for games a worker does not know). */
export type FramesBuilder = (task: ReplayTask) => Promise<Result<string, GameError>>;

export interface ReplayCacheOptions {
  build: FramesBuilder;
  /** The most bytes of frames kept (default 32 MB); the least recently used go first. */
  maxBytes?: number;
}

/** Replays as JSON text, built once per table, viewer and length, shared by concurrent requests. */
export class ReplayCache {
  private readonly kept = new Map<string, Promise<Result<string, GameError>>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  /** Frames built so far (not served from the cache): for tests and benches. */
  built = 0;

  constructor(private readonly opts: ReplayCacheOptions) {}

  async replay(table: LiveTable, viewer: Viewer): Promise<ServiceResult<string>> {
    if (table.stored.status !== 'finished') return fail('not-finished', 'a match can be replayed once it is over');
    if (viewer !== 'spectator' && (viewer < 0 || viewer >= table.stored.seats.length)) {
      return fail('bad-seat', `there is no seat ${viewer + 1}`);
    }
    const frames = await this.frames(table, viewer);
    if (!frames.ok) return fail('internal-error', frames.error.message);
    // The frames go out as the text the worker made; only the small parts are serialised here.
    // The record carries the content it was played with, like lab and `drey play` records (record-file.ts).
    const contentHash = storedContentOf(table.stored)?.hash;
    const record = contentHash === undefined ? table.match.record : { ...table.match.record, contentHash };
    const head = JSON.stringify({ table: summarize(table), viewer, record });
    return { ok: true, value: `${head.slice(0, -1)},"frames":${frames.value}}` };
  }

  private frames(table: LiveTable, viewer: Viewer): Promise<Result<string, GameError>> {
    const key = `${table.stored.id}:${String(viewer)}:${table.stored.seq}`;
    const hit = this.kept.get(key);
    if (hit) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    this.built++;
    const content = storedContentOf(table.stored)?.hash;
    const building = this.opts.build({ game: table.game.id, record: table.match.record, viewer, ...(content === undefined ? {} : { content }) });
    this.kept.set(key, building);
    void building.then((r) => {
      if (!r.ok) return this.drop(key);
      if (!this.kept.has(key)) return;
      this.sizes.set(key, r.value.length);
      this.bytes += r.value.length;
      this.trim();
    });
    return building;
  }

  private drop(key: string): void {
    this.kept.delete(key);
    this.bytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  private trim(): void {
    const max = this.opts.maxBytes ?? 32 * 1024 * 1024;
    for (const key of this.kept.keys()) {
      if (this.bytes <= max) return;
      if (this.sizes.has(key)) this.drop(key);
    }
  }
}
