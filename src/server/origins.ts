/**
 * Which hosts and origins the server answers. A browser page from another site must not drive a
 * live table (socket.io has no same-origin rule of its own), and a DNS name rebound to this
 * server's address must not reach it: requests whose Host is not allowed are refused, and
 * socket.io handshakes whose Origin is neither this server's own nor an allowed one.
 */
import type { IncomingMessage } from 'node:http';

export interface OriginPolicy {
  /** Host names (without port) the server answers; undefined answers any. */
  hosts: readonly string[] | undefined;
  /** Extra origins (`https://drey.example`) that may open live tables besides the server's own. */
  origins: readonly string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/**
 * The hosts to allow: the configured list, or on a loopback address the loopback names; a server
 * on a public address with no list answers any host (the caller warns).
 */
export function defaultHosts(listenHost: string, configured: readonly string[] | undefined): readonly string[] | undefined {
  if (configured && configured.length > 0) return configured.map((h) => h.toLowerCase());
  return LOOPBACK.includes(listenHost.replace(/^\[|\]$/g, '')) ? LOOPBACK : undefined;
}

/** The host name of a Host header (no port, no brackets), lower case. */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::\d+)?$/.exec(header.trim().toLowerCase());
  return m ? (m[1] ?? m[2]) : undefined;
}

export function hostAllowed(policy: OriginPolicy, header: string | undefined): boolean {
  if (!policy.hosts) return true;
  const name = hostName(header);
  return name !== undefined && policy.hosts.includes(name);
}

/**
 * A socket.io handshake: its Host must be allowed, and a browser's Origin must be this server
 * (the same host and port the request went to) or an allowed origin. Clients that are not
 * browsers send no Origin and pass.
 */
export function handshakeAllowed(policy: OriginPolicy, req: Pick<IncomingMessage, 'headers'>): boolean {
  if (!hostAllowed(policy, req.headers.host)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (policy.origins.includes(url.origin)) return true;
  return url.host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
}
