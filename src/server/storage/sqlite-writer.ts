/**
 * The SQLite store's writer thread (sqlite.ts starts it): owns its own better-sqlite3 connection to
 * the store's file and runs every write there, in the order the main thread posted them, so that
 * a commit's work and its WAL sync (about 1.5 ms with synchronous=FULL, docs/deploy.md) never
 * block the server's event loop. It answers each request only after its transaction committed:
 * the main thread acknowledges an action only then.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { configureConnection, sqliteWrites, toWire, type ConnectionSettings, type WireError, type WriteOp } from './sqlite-writes.js';

export interface WriterOptions extends ConnectionSettings {
  file: string;
}

export interface WriteRequest {
  id: number;
  /** `ping` is answered at once (the thread is up); `close` closes the connection and ends the thread. */
  op: WriteOp | 'close' | 'ping';
  args: unknown[];
}

export type WriteReply =
  | { id: number; ok: true; value: unknown }
  /** For `appendBatch`: one entry per append, null when saved. */
  | { id: number; ok: true; batch: (WireError | null)[] }
  | { id: number; ok: false; error: WireError };

const opts = workerData as WriterOptions;
const db = new Database(opts.file);
configureConnection(db, opts);
const writes = sqliteWrites(db);
const port = parentPort!;

port.on('message', (req: WriteRequest) => {
  if (req.op === 'close') {
    db.close();
    port.postMessage({ id: req.id, ok: true, value: undefined } satisfies WriteReply);
    port.close();
    return;
  }
  if (req.op === 'ping') {
    port.postMessage({ id: req.id, ok: true, value: undefined } satisfies WriteReply);
    return;
  }
  let reply: WriteReply;
  try {
    if (req.op === 'appendBatch') {
      const failures = writes.appendBatch(req.args[0] as Parameters<typeof writes.appendBatch>[0]);
      reply = { id: req.id, ok: true, batch: failures.map((f) => (f ? toWire(f) : null)) };
    } else {
      const method = writes[req.op] as (...args: unknown[]) => unknown;
      reply = { id: req.id, ok: true, value: method(...req.args) };
    }
  } catch (e) {
    reply = { id: req.id, ok: false, error: toWire(e) };
  }
  port.postMessage(reply);
});
