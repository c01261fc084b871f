/**
 * Redis for tests: REDIS_URL_TEST (default redis://127.0.0.1:6379, what .ci/run starts). When it
 * cannot be reached the tests skip with the reason printed, but only outside CI: with CI set
 * they run and fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket, type AddressInfo } from 'node:net';

export const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

/** Why Redis tests cannot run here (undefined: they can, or CI is set and they must). */
export async function redisSkipReason(): Promise<string | undefined> {
  const url = new URL(REDIS_URL);
  const answer = await new Promise<string>((resolve) => {
    const socket = new Socket();
    const done = (text: string): void => {
      socket.destroy();
      resolve(text);
    };
    socket.setTimeout(3000, () => done('no answer in 3 s'));
    socket.once('error', (e) => done(e.message));
    socket.connect(Number(url.port || 6379), url.hostname, () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().trim()));
  });
  // An authenticated Redis answers -NOAUTH: reachable, and BullMQ will log in with the URL's password.
  if (answer === '+PONG' || answer.startsWith('-NOAUTH')) return undefined;
  if (process.env.CI) return undefined;
  const reason = `Redis at ${REDIS_URL} is not reachable (${answer})`;
  console.warn(`skipping Redis tests: ${reason}; set REDIS_URL_TEST or source scripts/test-services.sh (npm test does)`);
  return reason;
}

/** A port free on 127.0.0.1 right now (the kernel's choice), for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether Debian's `redis-server` binary is here, for tests that start a Redis of their own. */
export const hasRedisServer = (): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const p = spawn('redis-server', ['--version'], { stdio: 'ignore' });
    p.once('error', () => resolve(false));
    p.once('exit', (code) => resolve(code === 0));
  });

/**
 * A redis-server of the test's own on 127.0.0.1:`port`, without persistence (a restart loses
 * everything, as a crashed Redis without AOF would); resolves once it accepts connections. The
 * caller kills it (SIGKILL in afterEach).
 */
export async function startPrivateRedis(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)}): ${out}`)));
  });
  return proc;
}
