/**
 * A probe for the server bench (issue 24): preloaded into each server process with
 *   DREY_SERVER_NODE_OPTIONS='--import ./bench/probes/event-loop-lag.mjs' npm run bench:server
 * it measures how late a 5 ms timer runs on the main thread (a stall: a long turn of the event
 * loop, a GC pause, or the thread waiting for a core) and notes every GC from perf_hooks. When the
 * server is told to stop it prints, on stderr, the stalls over 30 ms after LAG_FROM_MS (default
 * 30000: past the bench's set-up) and how many ms of GC each held.
 */
import { isMainThread } from 'node:worker_threads';
import { PerformanceObserver, performance } from 'node:perf_hooks';

if (isMainThread) {
  const stalls = [];
  const gcs = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.duration]);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    if (late > 30) stalls.push([last, late]);
    last = now;
  }, 5).unref();
  process.on('SIGTERM', () => {
    const from = Number(process.env.LAG_FROM_MS ?? 30000);
    const worst = stalls.filter(([t]) => t > from).sort((a, b) => b[1] - a[1]);
    const gcIn = (t, d) => gcs.filter(([g, gd]) => g + gd > t && g < t + d + 5).reduce((a, [, gd]) => a + gd, 0);
    console.error(`event loop stalls > 30 ms: ${worst.length}; longest: ${worst.slice(0, 15).map(([t, d]) => `${d.toFixed(0)} ms (GC ${gcIn(t, d).toFixed(0)} ms)`).join(', ')}`);
  });
}
