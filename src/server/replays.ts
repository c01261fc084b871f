/**
 * Replays of finished matches: every step as one viewer saw it, rebuilt from the table's record by
 * the engine's `matchFromRecord`. Once a game is over every log line is public, so each frame
 * carries its step's full line, and the lines the server's narrator told the viewer at that step
 * (issue 24: the browser shows them and narrates nothing).
 *
 * Rebuilding a long match takes a while (a 1,180-action game: ~180 ms and 2 MB of frames), so the
 * frames are built off the event loop (a `replay` task on the worker pool, see `replayFramesJson`)
 * as JSON text, and kept in a small cache by table, viewer and length: a finished match never
 * changes, so a second request costs nothing.
 */
import type { Seat, Viewer } from '../engine/game.js';
import { cancelledSteps, matchFromRecord, type MatchRecord, type ReplayStep } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { AnyGamePackage } from '../games/package.js';
import { summarize, publicSeats, type LiveTable } from './live-table.js';
import type { NarratedLine } from './narrated.js';
import { tellRecord } from './narration-history.js';
import type { ReplayFrame } from './protocol.js';
import { fail, type ServiceResult } from './result.js';
import { seatLabels } from './seat-label.js';
import { storedContentOf } from './table-content.js';

/** What a worker needs to build the frames: plain data. */
export interface ReplayTask {
  game: string;
  record: MatchRecord;
  viewer: Viewer;
  /** The seats' names as the table shows them (seat-label.ts): the lines name people by them. */
  names: string[];
  /** The content hash the table was played with: a builder with other content refuses. */
  content?: string;
}

/** The pool's task kind for replays. */
export type ReplayTasks = { replay: { input: ReplayTask; output: string } };

/**
 * A step's log line as the replay shows it when the narrator told nothing of the step (a secret
 * choice, a card added to a move) or the game has no narrator: the engine's description names
 * seats by number ("seat 0 chooses …"), the table's names read better. The step's own seat, when it
 * is the viewer, reads "You …" as the live lines say it ("You choose a 7.", "You add Red Leaf."),
 * never its own name in the third person.
 */
export function logLine(description: string, seat: Seat, names: readonly string[], viewer: Viewer = 'spectator'): string {
  if (viewer === seat) return yourLine(description, seat, names);
  const text = description.replace(/\bseat (\d+)\b/g, (whole, n: string) => names[Number(n)] ?? whole);
  const name = names[seat] ?? `Seat ${seat + 1}`;
  return text.startsWith(name) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : `${name}: ${text}`;
}

/** "chooses" → "choose", "finishes" → "finish", "has" → "have": the verb after "You". */
function baseVerb(word: string): string {
  if (word === 'has') return 'have';
  if (word === 'is') return 'are';
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The description of a step of the viewer's own seat, told to that seat: "You …". */
function yourLine(description: string, seat: Seat, names: readonly string[]): string {
  const own = `seat ${seat}`;
  // Without a subject ("adds Red Leaf"), or with the seat as subject ("seat 1 chooses a 7"): the verb follows "You".
  const rest = description.startsWith(`${own} `) ? description.slice(own.length + 1) : description;
  const [verb = '', ...words] = rest.split(' ');
  const text = [baseVerb(verb), ...words]
    .join(' ')
    .replace(new RegExp(`\\b${own}'s\\b`, 'g'), 'your')
    .replace(new RegExp(`\\b${own}\\b`, 'g'), 'you')
    .replace(/\btheir own\b/g, 'your own')
    .replace(/\bseat (\d+)\b/g, (whole, n: string) => names[Number(n)] ?? whole);
  return `You ${text}.`;
}

/**
 * Every frame of a finished match as `viewer` saw it, as JSON text (a `ReplayFrame[]`). Each
 * frame's `lines` are told by the server's narration code (narration-history.ts `tellRecord`, the
 * code that tells the live table's log), so a replay reads the same words as the game did live; a
 * step the narrator told nothing of reads as its log line (`logLine`).
 */
export function replayFramesJson(pkg: Pick<AnyGamePackage, 'game' | 'narrator'>, task: Pick<ReplayTask, 'record' | 'viewer' | 'names'>): Result<string, GameError> {
  const { game, narrator } = pkg;
  const { record, viewer, names } = task;
  const frames: ReplayFrame[] = [];
  const frameOf = (step: ReplayStep | null, view: unknown, told: readonly NarratedLine[], toAct: readonly Seat[]): ReplayFrame => {
    if (!step) return { seq: 0, entry: null, view, lines: told.map((l) => l.text), toAct: [...toAct] };
    // The game is over: every line is public (as entryFor says for a finished table).
    const marks = step.undo === undefined ? {} : { undo: step.undo };
    const lines = told.length > 0 ? told.map((l) => l.text) : [logLine(step.description, step.seat, names, viewer)];
    return { seq: step.seq, entry: { seq: step.seq, seat: step.seat, text: step.description, ...marks }, view, lines, toAct: [...toAct] };
  };
  const rebuilt = narrator
    ? tellRecord(game, narrator, { game: game.id, record, viewer, names }, (t) => frames.push(frameOf(t.step, t.view, t.lines, t.toAct)))
    : matchFromRecord(game, record, {
        start: (m) => frames.push(frameOf(null, game.view(m.state, viewer), [], m.toAct)),
        step: (step, m) => frames.push(frameOf(step, game.view(m.state, viewer), [], m.toAct)),
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
    const names = seatLabels(publicSeats(table));
    const building = this.opts.build({ game: table.game.id, record: table.match.record, viewer, names, ...(content === undefined ? {} : { content }) });
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
