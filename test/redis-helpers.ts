/**
 * Redis for tests: REDIS_URL_TEST (default redis://127.0.0.1:6379, what .ci/run starts). When it
 * cannot be reached the tests skip with the reason printed, but only outside CI: with CI set
 * they run and fail.
 */
import { Socket } from 'node:net';

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
