/**
 * Live tables over socket.io. A client `watch`es a table (with its seat token, or as a
 * spectator) and gets a snapshot; after every committed change each watcher gets an update with
 * its own view and legal actions, stamped with the table's sequence number. `act` plays an
 * action for the token's seat. Every message is parsed with its schema here, before the service
 * sees it. Errors go to the client that caused them, as the ack of its
 * message (or a `drey-error` event when it sent no ack), and change nothing.
 */
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Seat, Viewer } from '../engine/game.js';
import { describeZodError } from '../engine/schema.js';
import { DEFAULT_LIMITS, TableQuota, TokenBucket, type ServerLimits } from './limits.js';
import { frameCommon, frameFor, type FrameCommon } from './live-table.js';
import {
  CLIENT_EVENTS,
  type ChatEvent,
  type RematchEvent,
  SERVER_EVENTS,
  SyncMessageSchema,
  WatchMessageSchema,
  type LeaveAck,
  type ProtocolError,
  type ServerError,
  type SnapshotMessage,
  type UpdateMessage,
  type WatchAck,
} from './protocol.js';
import { fail, messageOf, thrownAnswer } from './result.js';
import type { TableChange, TableService } from './service.js';
import { OP_RECORDS, type TableOp } from './table-ops.js';

const room = (tableId: string): string => `table:${tableId}`;
/** Everyone watching a table as one viewer: updates go to these rooms, so they reach every process. */
const viewerRoom = (tableId: string, viewer: Viewer): string => `table:${tableId}:${viewer === 'spectator' ? 's' : viewer}`;

interface Watching {
  seat: Seat | null;
}

/** What the server keeps per socket: the tables it watches and as which seat. */
interface SocketData {
  watching: Map<string, Watching>;
  /** The highest `seq` sent to this socket per table (a snapshot must not be older). */
  sent: Map<string, number>;
}

type Ack<T> = (answer: T) => void;

function reply<T extends { ok: boolean }>(socket: Socket, ack: unknown, answer: T): void {
  if (typeof ack === 'function') (ack as Ack<T>)(answer);
  else if (!answer.ok) socket.emit(SERVER_EVENTS.error, (answer as unknown as { error: ProtocolError }).error);
}

const badMessage = (error: z.ZodError): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code: 'bad-request', message: describeZodError(error) },
});

/**
 * What a client event does: `msg` is its payload (undefined when it sent only an ack), `ack` the
 * function its answer goes to (absent: the client asked for none).
 */
type EventHandler = (socket: Socket, msg: unknown, ack?: unknown) => Promise<void> | void;

/**
 * Runs an event's handler so that nothing a client sends can take the server down: a failure (a
 * storage fault, a rules bug) is answered to that client as an error and logged.
 */
function runGuarded(socket: Socket, warn: (m: string) => void, handler: EventHandler, first: unknown, second: unknown): void {
  // `emit('watch', ack)`: an acknowledged message without a payload is answered, not ignored.
  const [msg, ack] = typeof first === 'function' && second === undefined ? [undefined, first] : [first, second];
  Promise.resolve()
    .then(() => (socket.connected ? handler(socket, msg, ack) : undefined))
    .catch((e: unknown) => {
      warn(`a socket message failed: ${messageOf(e)}`);
      reply(socket, ack, { ok: false, error: thrownAnswer(e) });
    });
}

export interface RealtimeOptions {
  warn?: (m: string) => void;
  limits?: Pick<ServerLimits, 'socketMessagesPerSecond' | 'socketBurst'>;
  /** Several processes: rooms span every process, so updates are sent to every viewer's room. */
  cluster?: boolean;
  /** Tables started per address, shared with POST /api/tables: a rematch that starts a table counts. */
  tableQuota?: TableQuota;
  /** Behind a reverse proxy: the client's address is the first of X-Forwarded-For, as for HTTP. */
  trustProxy?: boolean;
}

/** The address a socket's requests come from, as Fastify's `req.ip` sees it (trustProxy: the first forwarded hop). */
function addressOf(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : socket.handshake.address;
}

/** How often a watch asks again for a snapshot that updates overtook on the way. */
const SNAPSHOT_TRIES = 5;

export function attachRealtime(io: Server, service: TableService, opts: RealtimeOptions = {}): void {
  const warn = opts.warn ?? (() => undefined);
  const { socketMessagesPerSecond, socketBurst } = opts.limits ?? DEFAULT_LIMITS;
  const dataOf = (socket: Socket): SocketData => socket.data as SocketData;
  const { tableQuota } = opts;

  // After every committed change: each viewer's own frame, once per viewer, to that viewer's room
  // (with several processes the room spans them all, so every human seat and the spectators get one).
  service.onChange(({ table, entries }: TableChange) => {
    const id = table.stored.id;
    const seats = table.stored.seats;
    const by = entries.at(-1)?.seat ?? null;
    // What the frames share is worked out for the first viewer someone watches as, then reused.
    let common: FrameCommon | undefined;
    for (let v = -1; v < seats.length; v++) {
      if (v >= 0 && seats[v]!.kind !== 'human') continue;
      const viewer: Viewer = v < 0 ? 'spectator' : v;
      const to = viewerRoom(id, viewer);
      if (!opts.cluster && !io.sockets.adapter.rooms.get(to)?.size) continue;
      common ??= frameCommon(table);
      // The lines the step told this viewer (narration-history.ts): the one narration the page shows.
      const step = entries.length === 0 ? undefined : service.histories.stepLines(table, viewer, table.stored.seq);
      // Extends the fresh frame in place rather than copying it into a new object per viewer.
      const frame: UpdateMessage = Object.assign(frameFor(table, viewer, common), {
        by,
        lines: step?.lines ?? [],
        told: entries.length === 0 ? null : (step?.told ?? null),
      });
      io.to(to).emit(SERVER_EVENTS.update, frame);
    }
  });

  const stopWatching = (socket: Socket, tableId: string): void => {
    const data = dataOf(socket);
    const was = data.watching.get(tableId);
    if (!was) return;
    data.watching.delete(tableId);
    void socket.leave(room(tableId));
    void socket.leave(viewerRoom(tableId, was.seat ?? 'spectator'));
    if (was.seat !== null) {
      service.perform<'presence'>({ op: 'presence', tableId, seat: was.seat, delta: -1 }).catch(() => undefined);
    }
  };

  /**
   * Sends the socket a snapshot no older than any update it has been sent. The socket is in the
   * table's rooms already, so updates committed meanwhile reach it; one that overtakes the
   * snapshot (they travel apart between processes) makes it ask again.
   */
  const sendSnapshot = async (socket: Socket, tableId: string, first: SnapshotMessage, seat: Seat | null): Promise<number | undefined> => {
    let snapshot = first;
    for (let i = 0; (dataOf(socket).sent.get(tableId) ?? -1) > snapshot.seq; i++) {
      if (i >= SNAPSHOT_TRIES) return undefined;
      const again = await service.perform<'sync'>({ op: 'sync', tableId, seat });
      if (!again.ok) return undefined;
      snapshot = again.value;
    }
    socket.emit(SERVER_EVENTS.snapshot, snapshot);
    return snapshot.seq;
  };

  // Every client event's handler, made once for the server: a connection carries no closure per
  // event (a socket.io listener per event per connection was about 17 closures and 8 contexts,
  // a sixth of what each of thousands of connections keeps on the heap, which every full GC
  // marks: docs/deploy.md). The connection's one middleware calls them (below).
  const handlers = new Map<string, EventHandler>();

  handlers.set(CLIENT_EVENTS.watch, async (socket, msg, ack) => {
    const parsed = WatchMessageSchema.safeParse(msg);
    if (!parsed.success) return reply<WatchAck>(socket, ack, badMessage(parsed.error));
    const { tableId, token } = parsed.data;
    // Who the token seats, from the process that plays the table; the snapshot is asked for once
    // this socket is in the table's rooms, so no update committed in between can miss it.
    const watched = await service.perform<'watch'>({ op: 'watch', tableId, ...(token === undefined ? {} : { token }) });
    if (!watched.ok) return reply<WatchAck>(socket, ack, watched);
    const { seat } = watched.value;
    if (!socket.connected) return;
    stopWatching(socket, tableId);
    dataOf(socket).watching.set(tableId, { seat });
    await socket.join([room(tableId), viewerRoom(tableId, seat ?? 'spectator')]);
    const synced = await service.perform<'sync'>({ op: 'sync', tableId, seat });
    const seq = synced.ok ? await sendSnapshot(socket, tableId, synced.value, seat) : undefined;
    if (seq === undefined) {
      stopWatching(socket, tableId);
      return reply<WatchAck>(socket, ack, { ok: false, error: { code: 'table-unavailable', message: 'the table is changing too fast to follow; try again' } });
    }
    reply<WatchAck>(socket, ack, { ok: true, seq, you: seat });
    if (seat !== null) await service.perform<'presence'>({ op: 'presence', tableId, seat, delta: 1 });
    // The chat's latest lines, and the rematch if one was started (issue 16). With several
    // processes the chat history is sent by the process that plays the table.
    const local = await service.getTable(tableId);
    const lines = local ? await service.chat.history(local) : [];
    if (lines.length > 0) socket.emit(SERVER_EVENTS.chat, { tableId, lines } satisfies ChatEvent);
    const rematch = await service.rematchOf(tableId);
    if (rematch) socket.emit(SERVER_EVENTS.rematch, { tableId, rematch } satisfies RematchEvent);
  });

  handlers.set(CLIENT_EVENTS.sync, async (socket, msg, ack) => {
    const parsed = SyncMessageSchema.safeParse(msg);
    if (!parsed.success) return reply<WatchAck>(socket, ack, badMessage(parsed.error));
    const { tableId } = parsed.data;
    const watching = dataOf(socket).watching.get(tableId);
    if (!watching) {
      return reply<WatchAck>(socket, ack, { ok: false, error: { code: 'unknown-table', message: 'watch the table before syncing it' } });
    }
    const synced = await service.perform<'sync'>({ op: 'sync', tableId, seat: watching.seat });
    if (!synced.ok) return reply<WatchAck>(socket, ack, synced);
    const seq = await sendSnapshot(socket, tableId, synced.value, watching.seat);
    if (seq === undefined) return reply<WatchAck>(socket, ack, { ok: false, error: { code: 'table-unavailable', message: 'the table is changing too fast to follow; try again' } });
    reply<WatchAck>(socket, ack, { ok: true, seq, you: watching.seat });
  });

  // The operations clients ask for directly (act, undo, chat, rematch): one handler per record
  // of table-ops.ts, from its socket spec. The message is parsed, the operation is routed to the
  // process that plays the table, the room hears what the record says it should, the sender gets its ack.
  for (const record of OP_RECORDS) {
    const spec = record.socket;
    if (!spec) continue;
    handlers.set(spec.event, async (socket, msg, ack) => {
      const parsed = spec.message.safeParse(msg);
      if (!parsed.success) return reply(socket, ack, badMessage(parsed.error));
      const m = parsed.data;
      const tableId = spec.tableId(m);
      // One quota with POST /api/tables: a message that starts a table counts (a rematch's start).
      if (tableQuota && spec.startsTable && (await spec.startsTable(m, (id) => service.rematchOf(id)))) {
        const allowed = tableQuota.take(addressOf(socket, opts.trustProxy ?? false));
        if (!allowed.ok) return reply(socket, ack, fail('rate-limited', `too many tables from your address: try again in ${allowed.retryInSeconds} seconds`));
      }
      const result = await service.performOp({ ...spec.input(m), op: record.op, tableId } as TableOp);
      if (!result.ok) return reply(socket, ack, result);
      const told = spec.tell?.(result.value, tableId);
      if (told) io.to(room(tableId)).emit(told.event, told.payload);
      reply(socket, ack, { ok: true, ...spec.ack(result.value) });
    });
  }

  handlers.set(CLIENT_EVENTS.leave, (socket, msg, ack) => {
    const parsed = SyncMessageSchema.safeParse(msg);
    if (!parsed.success) return reply<LeaveAck>(socket, ack, badMessage(parsed.error));
    stopWatching(socket, parsed.data.tableId);
    reply<LeaveAck>(socket, ack, { ok: true });
  });

  // Anything else is answered too, so a client learns its mistake instead of waiting: the events
  // named are the handlers', the one list of what is dispatched.
  const events = [...handlers.keys()].join(', ');
  const unknownEvent = (socket: Socket, event: unknown, ack: unknown): void => {
    const error: ServerError = { code: 'bad-request', message: `there is no event '${String(event).slice(0, 40)}' (events: ${events})` };
    reply(socket, ack, { ok: false, error });
  };

  // Listeners every connection shares: socket.io calls them with the connection as `this`.
  function noteOutgoing(this: Socket, event: unknown, frame: unknown): void {
    if (event !== SERVER_EVENTS.update && event !== SERVER_EVENTS.snapshot) return;
    const { tableId, seq } = frame as { tableId: string; seq: number };
    const sent = dataOf(this).sent;
    if ((sent.get(tableId) ?? -1) < seq) sent.set(tableId, seq);
  }

  function leaveAll(this: Socket): void {
    for (const tableId of [...dataOf(this).watching.keys()]) stopWatching(this, tableId);
  }

  io.on('connection', connected);

  /** A new connection: its state, and the one middleware that limits and dispatches what it sends. */
  function connected(socket: Socket): void {
    dataOf(socket).watching = new Map();
    dataOf(socket).sent = new Map();
    socket.onAnyOutgoing(noteOutgoing);

    // Each connection may send so many messages a second; past that they are refused (and a
    // connection that keeps on regardless is closed), so no client can make the server work, or
    // push frames to others, in proportion to what it sends.
    const bucket = new TokenBucket(socketMessagesPerSecond, socketBurst);
    // Refusals count until the connection has been quiet (nothing refused) for a second: a flood
    // that still gets a message through whenever the bucket refills is a flood all the same (on a
    // slow, busy server it refills between every few messages, so "refused in a row" never grew).
    let refused = 0;
    let lastRefusal = 0;
    // Every event a client sends comes through here: refused past the rate, else handed to its
    // handler (or answered as unknown). Nothing is registered per event, so socket.io's own
    // dispatch of the event (`next()`) is never asked for.
    socket.use((packet) => {
      const ack: unknown = packet[packet.length - 1];
      if (bucket.take()) {
        const [event, first, second] = packet as unknown[];
        const handler = typeof event === 'string' ? handlers.get(event) : undefined;
        if (handler) runGuarded(socket, warn, handler, first, second);
        else unknownEvent(socket, event, ack);
        return;
      }
      const now = Date.now();
      if (now - lastRefusal > 1_000) refused = 0;
      lastRefusal = now;
      const error: ServerError = { code: 'rate-limited', message: `too many messages: at most ${socketMessagesPerSecond} a second` };
      if (typeof ack === 'function') (ack as Ack<{ ok: false; error: ServerError }>)({ ok: false, error });
      else if (refused === 0) socket.emit(SERVER_EVENTS.error, error);
      if (++refused > socketBurst * 5) socket.disconnect(true);
    });

    socket.on('disconnect', leaveAll);
  }
}
