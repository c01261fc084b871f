/**
 * What one client may take of the server: connections per address and in total, how long a
 * request may take to arrive, how often tables may be created and seats claimed, how many socket
 * messages per second. Defaults are meant for a server on the internet (docs/deploy.md);
 * config.ts reads each from the environment.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Open TCP connections (HTTP and socket.io) from one address. */
  connectionsPerAddress: number;
  /** Open TCP connections in all. */
  connections: number;
  /** The time a whole HTTP request (headers and body) may take to arrive; a connection that sends nothing at all is closed after it too. */
  requestTimeoutMs: number;
  /** A connection with nothing going on is closed after this long (socket.io pings every 25 s). */
  idleTimeoutMs: number;
  /** Tables one address may create per minute. */
  tablesPerMinute: number;
  /** Seats one address may claim per minute. */
  seatsPerMinute: number;
  /** An open table that nobody has joined or left for this long is deleted. */
  openTableTtlMs: number;
  /** Socket messages one connection may send per second, on average… */
  socketMessagesPerSecond: number;
  /** …and at once after a quiet while. */
  socketBurst: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  connectionsPerAddress: 64,
  connections: 4_000,
  requestTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  tablesPerMinute: 10,
  seatsPerMinute: 10,
  openTableTtlMs: 30 * 60_000,
  socketMessagesPerSecond: 20,
  socketBurst: 40,
};

/** The one clock every connection's bucket reads (a default of its own was a closure per connection). */
const monotonicNow = (): number => performance.now();

/**
 * A token bucket: `take()` says whether one more message fits, refilling `perSecond` tokens a
 * second up to `burst`.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = monotonicNow,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * The HTTP server Fastify runs on: requests that take longer than the limit to arrive (slow
 * headers or a dribbled body) are answered 408 and closed, checked every second.
 */
export function limitedHttpServer(limits: ServerLimits, handler: Parameters<typeof createServer>[1]): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    },
    handler,
  );
  server.setTimeout(limits.idleTimeoutMs, (socket: Socket) => socket.destroy());
  return server;
}

/** Counts of what the connection limits did, for tests and benches. */
export interface ConnectionCounts {
  open: number;
  refused: number;
  /** Connections closed because they sent nothing within `requestTimeoutMs`. */
  silent: number;
}

/**
 * Closes a new connection at once when its address already has `connectionsPerAddress` open, or
 * the server has `connections` open. Counts before the HTTP parser sees a byte.
 *
 * A connection that never sends a byte has no request for Node's header and request timeouts to
 * time, and the idle timeout is not armed before one: left alone it stays open for good, holding
 * a slot of the per-address and total limits. So one sweep, a few times per `requestTimeoutMs`
 * while any connection is that young, closes those that have read nothing once the limit has
 * passed (`bytesRead` counts what the HTTP parser consumed too, so a connection in the middle of
 * anything is left alone). One timer and one shared close listener for the server, where a timer,
 * a close listener and their closures per connection were kept alive as long as it was open.
 */
export function limitConnections(server: Server, limits: ServerLimits): ConnectionCounts {
  const perAddress = new Map<string, number>();
  const counts: ConnectionCounts = { open: 0, refused: 0, silent: 0 };
  /** Every open connection counted here, with its address. */
  const addresses = new Map<Socket, string>();
  /** Connections younger than the limit, oldest first, with when they opened. */
  const young = new Map<Socket, number>();
  const sweepMs = Math.max(25, Math.min(250, Math.floor(limits.requestTimeoutMs / 4)));
  let sweeper: NodeJS.Timeout | undefined;

  const sweep = (): void => {
    const now = performance.now();
    for (const [socket, at] of young) {
      if (socket.bytesRead > 0) {
        young.delete(socket);
        continue;
      }
      if (now - at < limits.requestTimeoutMs) break;
      young.delete(socket);
      counts.silent++;
      socket.destroy();
    }
    if (young.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };

  function closed(this: Socket): void {
    young.delete(this);
    const address = addresses.get(this);
    if (address === undefined) return;
    addresses.delete(this);
    counts.open--;
    const n = (perAddress.get(address) ?? 1) - 1;
    if (n <= 0) perAddress.delete(address);
    else perAddress.set(address, n);
  }

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = perAddress.get(address) ?? 0;
    if (mine >= limits.connectionsPerAddress || counts.open >= limits.connections) {
      counts.refused++;
      socket.destroy();
      return;
    }
    perAddress.set(address, mine + 1);
    counts.open++;
    addresses.set(socket, address);
    young.set(socket, performance.now());
    if (!sweeper) {
      sweeper = setInterval(sweep, sweepMs);
      sweeper.unref();
    }
    socket.on('close', closed);
  });
  server.on('close', () => {
    if (sweeper) clearInterval(sweeper);
    sweeper = undefined;
  });
  return counts;
}

/**
 * Tables one address may start per minute, counted alike for `POST /api/tables` and for rematches
 * started over a socket (a rematch is a new table too: before, it skipped the quota). A fixed
 * window per address, as the HTTP rate limiter counts; windows that ended are dropped as they are
 * met, and at most `maxAddresses` are kept (the oldest go first), so a spread of addresses cannot
 * grow it without bound.
 */
export class TableQuota {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = 100_000,
  ) {}

  /** Counts one table for `address`; when over the quota, answers how many seconds until it may again. */
  take(address: string): { ok: true } | { ok: false; retryInSeconds: number } {
    const now = this.now();
    let w = this.windows.get(address);
    if (w && now - w.start >= 60_000) {
      this.windows.delete(address);
      w = undefined;
    }
    if (!w) {
      if (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value!);
      w = { start: now, used: 0 };
      this.windows.set(address, w);
    }
    if (w.used >= this.perMinute) return { ok: false, retryInSeconds: Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000)) };
    w.used++;
    return { ok: true };
  }
}
