/**
 * The headless client store of one table: connection, the latest frame, the log, pending
 * actions and errors. It owns the socket and knows nothing of rendering; React subscribes to it
 * (useSyncExternalStore), and tests drive it directly in Node.
 *
 * Reconnection: socket.io reconnects by itself; on every (re)connect the store watches the table
 * again and gets a fresh snapshot. Updates carry the table's sequence number: an update that
 * skips a number means something was missed, and the store asks for a snapshot (sync).
 *
 * Narration (issue 14, issue 24): the server is the one narrator. Each snapshot brings the lines
 * it told this viewer up to its `seq`, each update the lines its step told and how many lines the
 * viewer has been told with them; the store only keeps them (bounded as the server bounds them)
 * and narrates nothing. An update whose count does not follow on from the store's makes it sync.
 *
 * With several server processes a table's lease may be moving to another process for a few
 * seconds (docs/deploy.md); a watch refused then with `table-unavailable` is asked again after a
 * growing pause (`WATCH_RETRY_MS`, bounded), the store saying "reconnecting" meanwhile, and only
 * a refusal past the last pause is shown as an error.
 */
import type { Socket } from 'socket.io-client';
import { emptyNarration, extendNarration, toldCount, type Narration } from '../../../src/server/narrated.js';
import type {
  ActAck,
  ChatAck,
  ChatEvent,
  ChatLine,
  RematchAck,
  RematchEvent,
  UndoAck,
  ProtocolError,
  SnapshotMessage,
  TableFrame,
  UpdateMessage,
  WatchAck,
} from '../../../src/server/protocol.js';

export type Connection = 'connecting' | 'connected' | 'reconnecting';

export interface TableState {
  connection: Connection;
  frame: TableFrame | null;
  /** An action is on its way and not yet acknowledged. */
  pending: boolean;
  /** The last refusal or failure, for the UI to show; cleared by the next success. */
  error: ProtocolError | null;
  /** How many times the store had to resync after a gap (shown in tests, not to players). */
  resyncs: number;
  /** The table chat, oldest first (the latest lines the server keeps, then every new one). */
  chat?: ChatLine[];
  /** The rematch someone started of this (finished) table. */
  rematch?: RematchEvent['rematch'] | null;
  /** The lines the server told this viewer, from the start of the game (the oldest let go beyond a bound). */
  narration: Narration;
}

export interface TableStore {
  getState(): TableState;
  subscribe(listener: () => void): () => void;
  /** Sends an action for the seat; resolves when the server has committed or refused it. */
  act(action: unknown): Promise<ActAck>;
  /** Takes back the seat's last step (the frame's `undo`). */
  undo(step: number): Promise<UndoAck>;
  /** Writes a chat line. */
  say(text: string): Promise<ChatAck>;
  /** Starts (or joins) the rematch of this finished table. */
  rematch(): Promise<RematchAck>;
  /** Asks for a fresh snapshot. */
  sync(): void;
  clearError(): void;
  close(): void;
}

export interface TableStoreOptions {
  socket: Socket;
  tableId: string;
  /** The seat token, when this client holds a seat. */
  token?: string;
  /** The pauses before each new watch after a `table-unavailable` refusal (default `WATCH_RETRY_MS`). */
  watchRetryMs?: readonly number[];
}

/**
 * Pauses before watching again while a table is unavailable: about 30 s in all, several times a
 * cluster's lease time (5 s by default), so a takeover is waited out and a dead table is not.
 */
export const WATCH_RETRY_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000];

/** Refusals of a watch that pass by themselves: the table's process is changing hands. */
const isPassing = (e: ProtocolError): boolean => e.code === 'table-unavailable';

const noError = (e: ProtocolError | null): boolean => e === null;

export function createTableStore({ socket, tableId, token, watchRetryMs = WATCH_RETRY_MS }: TableStoreOptions): TableStore {
  let state: TableState = { connection: 'connecting', frame: null, narration: emptyNarration(), pending: false, error: null, resyncs: 0 };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<TableState>): void => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  let syncing = false;

  /** Watches refused in a row while the table was unavailable, and the pending new try. */
  let refusals = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const cancelRetry = (): void => {
    if (retry !== undefined) clearTimeout(retry);
    retry = undefined;
  };

  const watch = (): void => {
    cancelRetry();
    const msg = token === undefined ? { tableId } : { tableId, token };
    socket.emit('watch', msg, (ack: WatchAck) => {
      if (closed) return;
      if (ack.ok) {
        refusals = 0;
        return;
      }
      const pause = watchRetryMs[refusals];
      if (!isPassing(ack.error) || pause === undefined) {
        refusals = 0;
        set({ error: ack.error });
        return;
      }
      refusals++;
      set({ connection: 'reconnecting' });
      retry = setTimeout(() => {
        retry = undefined;
        if (socket.connected) watch(); // else the next connect watches again
      }, pause);
    });
  };

  const sync = (): void => {
    if (syncing) return;
    syncing = true;
    socket.emit('sync', { tableId }, (ack: WatchAck) => {
      syncing = false;
      if (!ack.ok) watch();
    });
  };

  const onSnapshot = (m: SnapshotMessage): void => {
    if (m.tableId !== tableId) return;
    const { narration, ...frame } = m;
    syncing = false;
    // Without a history (the server could not tell it) the page keeps the lines it has.
    set({ frame, connection: 'connected', ...(narration ? { narration } : {}) });
  };

  const onUpdate = (m: UpdateMessage): void => {
    if (m.tableId !== tableId || !state.frame) return;
    const { lines, told, ...frame } = m;
    const have = state.frame.seq;
    if (frame.seq < have) return; // old news (it crossed a snapshot on the wire)
    if (frame.seq === have) {
      set({ frame }); // seats or presence changed
      return;
    }
    // A step missed, or lines this page cannot place after its own: the snapshot brings both.
    if (frame.seq > have + 1 || told === null || told !== toldCount(state.narration) + lines.length) {
      set({ resyncs: state.resyncs + 1 });
      sync();
      return;
    }
    set({ frame, narration: extendNarration(state.narration, lines) });
  };

  const onError = (e: ProtocolError): void => set({ error: e });
  const onChat = (m: ChatEvent): void => {
    if (m.tableId !== tableId) return;
    const have = state.chat ?? [];
    const last = have.at(-1)?.n ?? 0;
    // History on (re)watch overlaps what this page has: keep each line once, in order.
    set({ chat: [...have, ...m.lines.filter((l) => l.n > last)].slice(-200) });
  };
  const onRematch = (m: RematchEvent): void => {
    if (m.tableId === tableId) set({ rematch: m.rematch });
  };
  /** Sends a message that needs the seat token and answers with an ack (timeouts made errors). */
  const send = <A extends { ok: boolean }>(event: string, body: Record<string, unknown>): Promise<A | { ok: false; error: ProtocolError }> => {
    if (token === undefined) {
      const error: ProtocolError = { code: 'bad-token', message: 'spectators cannot do that' };
      set({ error });
      return Promise.resolve({ ok: false, error });
    }
    return new Promise((resolve) => {
      socket.timeout(10_000).emit(event, { tableId, token, ...body }, (timeout: Error | null, ack?: A) => {
        const answer = timeout || !ack ? { ok: false as const, error: { code: 'timeout' as const, message: 'the server did not answer in time' } } : ack;
        if (!answer.ok) set({ error: (answer as unknown as { error: ProtocolError }).error });
        resolve(answer);
      });
    });
  };
  const onConnect = (): void => {
    // A table still unavailable keeps saying "reconnecting" until its watch is answered.
    set({ connection: refusals > 0 ? 'reconnecting' : 'connected' });
    watch();
  };
  const onDisconnect = (): void => set({ connection: 'reconnecting' });

  socket.on('snapshot', onSnapshot);
  socket.on('update', onUpdate);
  socket.on('drey-error', onError);
  socket.on('chat', onChat);
  socket.on('rematch', onRematch);
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  if (socket.connected) onConnect();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    act(action) {
      if (token === undefined) {
        const ack: ActAck = { ok: false, error: { code: 'bad-token', message: 'spectators cannot act' } };
        set({ error: ack.error });
        return Promise.resolve(ack);
      }
      set({ pending: true });
      return new Promise<ActAck>((resolve) => {
        // The frame the action was chosen in: an old message the server sees again is refused as stale.
        const seq = state.frame?.seq ?? 0;
        socket.timeout(10_000).emit('act', { tableId, token, seq, action }, (timeout: Error | null, ack?: ActAck) => {
          const answer: ActAck =
            timeout || !ack ? { ok: false, error: { code: 'timeout', message: 'the server did not answer in time' } } : ack;
          set({ pending: false, error: answer.ok ? null : answer.error });
          resolve(answer);
        });
      });
    },
    undo: (step) => send<UndoAck>('undo', { step }) as Promise<UndoAck>,
    say: (text) => send<ChatAck>('chat', { text }) as Promise<ChatAck>,
    rematch: () => send<RematchAck>('rematch', {}) as Promise<RematchAck>,
    sync,
    clearError: () => {
      if (!noError(state.error)) set({ error: null });
    },
    close() {
      closed = true;
      cancelRetry();
      socket.off('snapshot', onSnapshot);
      socket.off('update', onUpdate);
      socket.off('drey-error', onError);
      socket.off('chat', onChat);
      socket.off('rematch', onRematch);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.emit('leave', { tableId });
      listeners.clear();
    },
  };
}
