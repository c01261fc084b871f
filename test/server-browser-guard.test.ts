/** Issue 15, item 8: security headers, a Host allowlist, and an Origin check on live tables. */
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import { readConfig } from '../src/server/config.js';
import { defaultHosts, handshakeAllowed, hostName } from '../src/server/origins.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { testRegistry } from './server-helpers.js';

let server: DreyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const make = (hosts?: string[], origins: string[] = []) =>
  createDreyServer({
    store: openSqliteStore(':memory:'),
    registry: testRegistry(),
    bots: createInlineRunner(testRegistry([])),
    webRoot: '/nonexistent',
    origins: { hosts, origins },
  });

/** Whether a socket.io client sending `origin` gets through the handshake. */
function handshake(url: string, origin: string | undefined): Promise<boolean> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, ...(origin ? { extraHeaders: { origin } } : {}) });
  return new Promise((resolve) => {
    socket.once('connect', () => (socket.close(), resolve(true)));
    socket.once('connect_error', () => (socket.close(), resolve(false)));
  });
}

describe('browser hardening', () => {
  it('sends a content security policy without framing, nosniff and no cross-site referrer', async () => {
    server = await make();
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Errors carry them too.
    expect((await server.app.inject({ method: 'GET', url: '/api/nope' })).headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses requests for a host it does not serve (DNS rebinding), in Drey’s error shape', async () => {
    server = await make(['localhost', '127.0.0.1']);
    const evil = await server.app.inject({ method: 'GET', url: '/api/tables', headers: { host: 'rebind.evil.example' } });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual({ error: { code: 'forbidden', message: 'this server does not answer for that host' } });
    expect((await server.app.inject({ method: 'POST', url: '/api/tables', headers: { host: 'evil.example:8080' }, payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] } })).statusCode).toBe(403);
    expect(await server.service.list()).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: '/api/health', headers: { host: '127.0.0.1:8080' } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'LOCALHOST' } })).statusCode).toBe(200);
  });

  it('lets live tables be opened from its own origin and allowed ones only', async () => {
    server = await make(undefined, ['https://drey.example']);
    const { url } = await server.listen(0, '127.0.0.1');
    expect(await handshake(url, undefined)).toBe(true);
    expect(await handshake(url, url)).toBe(true);
    expect(await handshake(url, 'https://drey.example')).toBe(true);
    expect(await handshake(url, 'https://evil.example')).toBe(false);
    expect(await handshake(url, url.replace(/:\d+$/, ':1'))).toBe(false);
    expect(await handshake(url, 'null')).toBe(false);
  });

  it('answers loopback names by default on loopback, and what it is told elsewhere', () => {
    expect(defaultHosts('127.0.0.1', undefined)).toEqual(['localhost', '127.0.0.1', '::1']);
    expect(defaultHosts('0.0.0.0', undefined)).toBeUndefined();
    expect(defaultHosts('0.0.0.0', ['Drey.Example'])).toEqual(['drey.example']);
    expect(hostName('[::1]:8080')).toBe('::1');
    expect(handshakeAllowed({ hosts: ['drey.example'], origins: [] }, { headers: { host: 'other.example' } })).toBe(false);
    const config = readConfig({ HOST: '0.0.0.0', DREY_ALLOWED_HOSTS: 'drey.example, www.drey.example', DREY_ALLOWED_ORIGINS: 'https://drey.example' });
    expect(config.ok && config.value.allowedHosts).toEqual(['drey.example', 'www.drey.example']);
    expect(config.ok && config.value.allowedOrigins).toEqual(['https://drey.example']);
  });
});
