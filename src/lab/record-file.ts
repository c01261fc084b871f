/**
 * Match records on disk: what `drey sim --record` and `drey play --record` write and
 * `drey replay` reads. A file is a MatchRecord plus, optionally, what the writer saw at the end
 * (outcome and final state hash) so a replay can check it reaches the same place.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Outcome } from '../engine/game.js';
import type { MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';

export interface RecordFile extends MatchRecord {
  /** Bot name per seat, when bots played (for people reading the file). */
  bots?: string[];
  /** The outcome the writer saw. */
  outcome?: Outcome;
  /** The final state's stable hash the writer saw. */
  hash?: string;
  /**
   * The hash of the content the game was played with (GameContent.hash); `drey replay` needs that
   * content. Records written before content files have none and replay as builtin.
   */
  contentHash?: string;
}

const actionSchema = z.looseObject({ type: z.string() });
const recordSchema = z.looseObject({
  game: z.string().min(1),
  seats: z.number().int(),
  seed: z.string(),
  options: z.unknown(),
  arrangement: z.unknown().optional(),
  actions: z.array(z.object({ seat: z.number().int(), action: actionSchema })),
  bots: z.array(z.string()).optional(),
  outcome: z.unknown().optional(),
  hash: z.string().regex(/^[0-9a-f]{32}$/, 'a hash is 32 hex digits').optional(),
  contentHash: z.string().regex(/^[0-9a-f]{64}$/, 'a content hash is 64 hex digits').optional(),
});

/** Parses untrusted JSON text into a record file, or says what is wrong with it. */
export function parseRecordFile(text: string, source: string): Result<RecordFile, GameError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ code: 'bad-record', message: `${source} is not JSON (${(e as Error).message})` });
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return err({ code: 'bad-record', message: `${source} is not a Drey match record: ${issue.message}${where}` });
  }
  return ok(parsed.data as RecordFile);
}

export function readRecordFile(path: string): Result<RecordFile, GameError> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    return err({ code: 'unreadable', message: `cannot read ${path}: ${why}` });
  }
  return parseRecordFile(text, path);
}

/** Keeps a file name portable: letters, digits, dot, dash and underscore. */
const safe = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_');

/** The file name of game `index` of a sim: sorts by index, and names the seed. */
export function recordFileName(index: number, seed: string, totalGames: number): string {
  const width = Math.max(4, String(Math.max(0, totalGames - 1)).length);
  return `${String(index).padStart(width, '0')}-seed-${safe(seed)}.json`;
}

export function writeRecordFile(dir: string, name: string, file: RecordFile): string {
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(file)}\n`);
  return path;
}
