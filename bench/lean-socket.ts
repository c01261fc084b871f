/**
 * A minimal socket.io client for the load generator (bench/server.ts): the socket.io v5 / engine.io
 * v4 wire protocol spoken directly over a `ws` WebSocket, only the part the bench uses — connect to
 * the default namespace, receive events, emit events with or without an ack, answer pings.
 *
 * Why: with one socket.io-client per seat the load generator took about a third of a core at 1,500
 * human-pace tables, on the same two cores as the server it measures. socket.io-client decodes each
 * message through engine.io-client's and socket.io-parser's layers (and an event emitter per layer),
 * and keeps reconnection and ping timers per socket; here a message is one `JSON.parse` and one
 * handler call, and the server's pings are answered as they come. What is measured is unchanged:
 * the server sees the same frames on the same transport (WebSocket only, as the web app uses), and
 * the bench times the same events.
 *
 * Not a general client: no reconnection, no long-polling, no binary attachments, no namespaces but
 * "/" (Drey sends JSON only, docs/protocol.md). `ws` is socket.io's (engine.io's) own dependency.
 */
import WebSocket from 'ws';

/** engine.io v4 packet types (the first character of a text frame). */
const ENGINE = { open: '0', close: '1', ping: '2', pong: '3', message: '4' } as const;
/** socket.io v5 packet types (the character after engine.io's `4`). */
const SOCKET = { connect: '0', disconnect: '1', event: '2', ack: '3', connectError: '4' } as const;

type Handler = (data: never) => void;

export class LeanSocket {
  #ws: WebSocket | undefined;
  #handlers = new Map<string, Handler>();
  #acks = new Map<number, (answer: never) => void>();
  #nextAck = 0;
  connected = false;

  /**
   * `decoders`: events whose payload is handed to the handler as `decode(json)` of its JSON text
   * instead of `JSON.parse` of it (the bench reads only a few fields of each frame: server.ts).
   */
  constructor(
    private readonly url: string,
    private readonly decoders: Readonly<Record<string, (json: string) => unknown>> = {},
  ) {}

  /** One handler per event (the bench needs no more): `connect`, or a server event's name. */
  on(event: string, handler: (data: never) => void): void {
    this.#handlers.set(event, handler);
  }

  connect(): void {
    const u = new URL(this.url);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    u.pathname = '/socket.io/';
    u.search = '?EIO=4&transport=websocket';
    const ws = new WebSocket(u, { perMessageDeflate: false });
    this.#ws = ws;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) this.#receive(data.toString());
    });
    ws.on('close', () => (this.connected = false));
    // A refused or broken connection is the bench's to notice (its tables stop moving), not a crash.
    ws.on('error', () => undefined);
  }

  /** Sends an event; with `ack`, the server's answer is handed to it. */
  emit(event: string, data: unknown, ack?: (answer: never) => void): void {
    let id = '';
    if (ack) {
      const n = this.#nextAck++;
      this.#acks.set(n, ack);
      id = String(n);
    }
    this.#ws?.send(ENGINE.message + SOCKET.event + id + JSON.stringify([event, data]));
  }

  close(): void {
    this.connected = false;
    this.#ws?.close();
  }

  #receive(text: string): void {
    switch (text[0]) {
      case ENGINE.open:
        // The handshake (sid, ping interval): join the default namespace.
        this.#ws?.send(ENGINE.message + SOCKET.connect);
        return;
      case ENGINE.ping:
        this.#ws?.send(ENGINE.pong);
        return;
      case ENGINE.message:
        return this.#packet(text);
      default:
        return;
    }
  }

  #packet(text: string): void {
    switch (text[1]) {
      case SOCKET.connect:
        this.connected = true;
        return this.#handlers.get('connect')?.(undefined as never);
      case SOCKET.event: {
        // `42["event",payload]`: the event's name is read first, so its decoder sees only the payload.
        const name = /^42\["((?:[^"\\]|\\.)*)",/.exec(text);
        const decode = name ? this.decoders[name[1]!] : undefined;
        if (name && decode) return this.#handlers.get(name[1]!)?.(decode(text.slice(name[0].length, -1)) as never);
        const [event, data] = JSON.parse(text.slice(text.indexOf('['))) as [string, never];
        return this.#handlers.get(event)?.(data);
      }
      case SOCKET.ack: {
        const open = text.indexOf('[');
        const id = Number(text.slice(2, open));
        const ack = this.#acks.get(id);
        this.#acks.delete(id);
        return ack?.((JSON.parse(text.slice(open)) as never[])[0]!);
      }
      case SOCKET.disconnect:
      case SOCKET.connectError:
        this.connected = false;
        return;
      default:
        return;
    }
  }
}
