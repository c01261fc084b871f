/**
 * The attacker of the connection-flood campaign, in its own process so that its work does not
 * stall the honest client's clock: slow requests, idle connections and idle socket.io clients to
 * the server at argv[2], as many as argv[3] (JSON) says. It prints `started` once they are under
 * way, and after `ms` what is still open (one JSON line), then exits.
 */
import { connect, type Socket as NetSocket } from 'node:net';
import { io } from 'socket.io-client';

const url = process.argv[2]!;
const opts = JSON.parse(process.argv[3]!) as { idle: number; sockets: number; slow: number; ms: number; idleGraceMs: number };
const port = Number(new URL(url).port);

const slowOpen = new Set<NetSocket>();
for (let i = 0; i < opts.slow; i++) {
  const s = connect(port, '127.0.0.1');
  s.on('error', () => undefined);
  s.once('connect', () => {
    slowOpen.add(s);
    s.write(`POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
  });
  s.once('close', () => slowOpen.delete(s));
}
const drip = setInterval(() => {
  for (const s of slowOpen) if (s.writable) s.write(' ');
}, 200);
// Counted once connected (a connection still waiting in the kernel's queue holds nothing of the
// server's), with the time it connected: on a loaded machine a refused SYN is retried a second or
// three later, so a connection may only just have begun when the attack ends.
const idleOpen = new Map<NetSocket, number>();
for (let i = 0; i < opts.idle; i++) {
  const s = connect(port, '127.0.0.1');
  s.on('error', () => undefined);
  s.once('connect', () => idleOpen.set(s, performance.now()));
  s.once('close', () => idleOpen.delete(s));
}
let socketsConnected = 0;
for (let i = 0; i < opts.sockets; i++) {
  const c = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  c.on('connect', () => socketsConnected++);
  c.on('connect_error', () => undefined);
}
process.stdout.write('started\n');
setTimeout(() => {
  clearInterval(drip);
  // Open past the grace (the server's request timeout and a margin) after they connected: these the server should have closed.
  const overdue = [...idleOpen.values()].filter((at) => performance.now() - at > opts.idleGraceMs).length;
  process.stdout.write(`${JSON.stringify({ idleOpen: idleOpen.size, idleStillOpen: overdue, socketsConnected, slowStillOpen: slowOpen.size })}\n`);
  process.exit(0);
}, opts.ms);
