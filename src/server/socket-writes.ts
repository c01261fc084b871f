/**
 * One socket write per connection per tick. engine.io sends a packet the moment it is emitted and
 * holds every later one until that write's callback (a later tick), and ws writes each packet as
 * its own frame: so an actor's update (emitted as the step commits) and the ack of its `act` (a few
 * promise hops later, in the same tick) left in two writes, each a `writev` system call, which on
 * loopback and on a busy server is the largest single cost of a publish (issue 24's profile: a
 * sixth of the main thread). Here each connection's flush waits until the event loop has run the
 * I/O callbacks at hand and every tick and promise job they queued (setImmediate: a socket.io
 * handler itself runs in a process.nextTick, so a nextTick would come before its ack), and the
 * packets it sends go out through the corked TCP socket, so they leave in one write. Nothing waits
 * for a timer or for more input, packets keep their order, and the bytes on the wire are the same
 * frames.
 *
 * This reaches into engine.io's socket (its `flush`, `transport`) and ws's (`_socket`): both are
 * pinned dependencies; if their shape changes, a connection is left as engine.io made it.
 */
/** The parts of an engine.io socket this uses (engine.io 6's Socket). */
interface EngineSocket {
  flush(): void;
  /** The packets waiting for the next flush; a flush hands this list to the transport and starts a new one. */
  writeBuffer?: unknown[];
  close(discard?: boolean): unknown;
  readyState: string;
  transport?: { name?: string; socket?: { _socket?: Corkable } };
}

interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/**
 * Where a connection keeps engine.io's own flush (its class's method), and whether its flush
 * waits for this turn already: two properties on the connection instead of a closure or two
 * per connection (what thousands of connections keep alive is what every full GC marks,
 * docs/deploy.md).
 */
const ENGINE_FLUSH = Symbol('drey.engineFlush');
const WAITING = Symbol('drey.flushWaiting');

interface Batched extends EngineSocket {
  [ENGINE_FLUSH]: (this: EngineSocket) => void;
  [WAITING]: boolean;
}

/** Connections whose flush waits for this turn of the event loop's I/O. */
let due: Batched[] = [];

/** Sends one connection's packets through its corked TCP socket. */
function flushOne(socket: Batched): void {
  // The TCP socket under a websocket transport (long-polling answers one HTTP response per flush anyway).
  const raw = socket.transport?.name === 'websocket' ? socket.transport.socket?._socket : undefined;
  const corked = raw !== undefined && raw.destroyed !== true && typeof raw.cork === 'function';
  if (corked) raw.cork();
  const sent = socket.writeBuffer;
  try {
    socket[ENGINE_FLUSH]();
  } finally {
    if (corked) raw.uncork();
  }
  // The list engine.io just handed to the websocket transport (which wrote every packet before
  // returning) is emptied. A connection's list lives from one flush to the next, seconds at a
  // person's pace, so it has reached the old generation by the time packets are put in it; left
  // full, it would hold each packet's text through every scavenge until the next full GC, and
  // the scavenges would promote it ("nepotism": a third of what a busy server promoted,
  // docs/deploy.md). Long-polling's transport is left as it is.
  if (corked && sent !== undefined && socket.writeBuffer !== sent) sent.length = 0;
}

/** What a flush that threw is told to (the server's log); tests replace it. */
let onFlushError = (error: unknown): void => {
  console.error('drey: a connection failed to send and was closed:', error);
};

/** Replaces what a failed flush reports to, and returns the one it replaced (tests). */
export function reportFlushErrorsTo(report: (error: unknown) => void): (error: unknown) => void {
  const before = onFlushError;
  onFlushError = report;
  return before;
}

function flushDue(): void {
  const now = due;
  due = [];
  for (const socket of now) {
    socket[WAITING] = false;
    // One connection's failure is its own: it is closed (its client reconnects and is sent the table
    // afresh), and every other connection due this turn is still flushed, none left waiting forever.
    try {
      flushOne(socket);
    } catch (error) {
      onFlushError(error);
      try {
        socket.close(true);
      } catch {
        // Already broken past closing: engine.io drops it when its transport errors or times out.
      }
    }
  }
}

/** Makes every connection of `engine` send what a tick emitted to it in one write. */
export function batchSocketWrites(engine: { on(event: 'connection', listener: (connection: unknown) => void): unknown }): void {
  engine.on('connection', (connection) => {
    const socket = connection as Batched;
    if (typeof socket.flush !== 'function') return;
    socket[ENGINE_FLUSH] = socket.flush;
    socket[WAITING] = false;
    socket.flush = deferredFlush;
  });
}

/** A connection's flush (engine.io calls it as `this.flush()`): waits for the turn's other writes. */
function deferredFlush(this: Batched): void {
  if (this[WAITING]) return;
  this[WAITING] = true;
  if (due.length === 0) setImmediate(flushDue);
  due.push(this);
}
