/**
 * The server's socket.io encoder (src/server/socket-parser.ts) skips the search for binary; what it
 * writes must be, byte for byte, what socket.io's own encoder writes, or stock clients (the web
 * page, `drey play`, other processes' adapters) would misread frames.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { JsonEncoder, jsonParser } from '../src/server/socket-parser.js';

interface StockEncoder {
  encode(packet: unknown): unknown[];
}
const fromSocketIo = createRequire(createRequire(import.meta.url).resolve('socket.io'));
const stock = fromSocketIo('socket.io-parser') as { Encoder: new () => StockEncoder; Decoder: unknown };

const packets = [
  { type: 0, nsp: '/', data: { sid: 'abc' } },
  { type: 1, nsp: '/' },
  { type: 2, nsp: '/', data: ['update', { tableId: 't1', seq: 7, view: { hand: [{ s: '♠', r: 10 }], note: 'quote " and \\ and é' }, lines: [], told: null, undo: null }] },
  { type: 2, nsp: '/admin', data: ['chat', { lines: [{ text: 'hi' }] }] },
  { type: 3, nsp: '/', id: 0, data: [{ ok: true, seq: 3 }] },
  { type: 3, nsp: '/', id: 12345, data: [{ ok: false, error: { code: 'stale', message: 'x' } }] },
  { type: 4, nsp: '/', data: { message: 'refused' } },
];

describe('the JSON-only socket.io encoder', () => {
  it('writes exactly the text socket.io writes for every packet without binary', () => {
    const ours = new JsonEncoder();
    const theirs = new stock.Encoder();
    for (const p of packets) expect(ours.encode(p)).toEqual(theirs.encode(p));
  });

  it('decodes with socket.io’s own decoder', () => {
    expect(jsonParser.Decoder).toBe(stock.Decoder);
  });
});
