/**
 * socket.io's packet parser, with an encoder that does not look for binary. The stock encoder
 * walks every emitted object, key by key, for Buffers and Blobs before it writes the JSON (to send
 * them as attachments); the server's profile showed that walk at about 2% of the main thread, on
 * frames that never hold binary: everything Drey sends is JSON (docs/protocol.md). The text on the
 * wire is exactly the stock encoder's (packet type, namespace unless "/", ack id, JSON), so
 * clients decode it with the stock parser. Decoding stays socket.io's own.
 *
 * A Buffer emitted regardless would reach clients as its JSON form ({type: 'Buffer', data}), not
 * as binary: the server must not emit binary (nothing does).
 */
import { createRequire } from 'node:module';

/** A socket.io packet as the parser's Encoder is handed it. */
interface Packet {
  type: number;
  nsp: string;
  data?: unknown;
  id?: number;
}

/** socket.io-parser's module, as socket.io itself loads it (its own dependency, so the versions match). */
interface ParserModule {
  protocol: number;
  Decoder: new () => unknown;
}

function stockParser(): ParserModule {
  const fromSocketIo = createRequire(createRequire(import.meta.url).resolve('socket.io'));
  const parser: unknown = fromSocketIo('socket.io-parser');
  const p = parser as Partial<ParserModule> | null;
  if (!p || typeof p.Decoder !== 'function' || typeof p.protocol !== 'number') throw new Error("socket.io-parser has no Decoder: socket.io's parser changed");
  return { protocol: p.protocol, Decoder: p.Decoder };
}

/** Encodes a packet as the one string the stock encoder makes of a packet without binary. */
export class JsonEncoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += packet.nsp + ',';
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    if (packet.data !== undefined && packet.data !== null) text += JSON.stringify(packet.data);
    return [text];
  }
}

const stock = stockParser();

/** The parser for `new Server(…, { parser })`: this encoder, socket.io's decoder. */
export const jsonParser = { protocol: stock.protocol, Encoder: JsonEncoder, Decoder: stock.Decoder };
