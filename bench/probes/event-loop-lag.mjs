/**
 * A probe for the server bench (issue 24): preloaded into each server process with
 *   DREY_SERVER_NODE_OPTIONS='--import ./bench/probes/event-loop-lag.mjs' npm run bench:server
 * it measures how late a 5 ms timer runs on the main thread (a stall: a long turn of the event
 * loop, a GC pause, or the thread waiting for a core) and notes every GC from perf_hooks. When the
 * server is told to stop it prints, on stderr, the stalls over 30 ms after LAG_FROM_MS (default
 * 30000: past the bench's set-up), or after a SIGUSR2 when one was sent (send it to the server
 * when the bench prints "playing…"), their total and how many ms of GC each held.
 *
 * On Linux it also says where the main thread was during each stall, from the kernel's scheduler
 * statistics (/proc/…/schedstat): running, or runnable but waiting for a core. With LAG_THREADS=1
 * it reads every thread of the server and of the load generator (the bench, its parent) at each
 * tick and names the threads that ran during the longest stalls: V8's helper threads ("node",
 * the ids just after the main thread's), the bot and SQLite workers, the load generator. That
 * costs a few per cent of a core, so it is off by default.
 */
import { isMainThread } from 'node:worker_threads';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** [ns on a core, ns runnable but waiting for one] of a thread, or null off Linux. */
function schedstat(path) {
  try {
    const [run, wait] = readFileSync(path, 'utf8').split(' ').map(Number);
    return [run, wait];
  } catch {
    return null;
  }
}

/** Every thread of the server and of its parent (the bench's load generator): their schedstat paths and names. */
function threadsOf(pids) {
  const out = [];
  for (const [label, pid] of pids) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      let comm = '';
      try {
        comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      } catch {}
      out.push({ name: `${label} ${comm} ${tid}`, path: `/proc/${pid}/task/${tid}/schedstat` });
    }
  }
  return out;
}

if (isMainThread) {
  const stalls = [];
  const gcs = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.duration]);
  }).observe({ entryTypes: ['gc'] });
  let mainPath = null;
  try {
    mainPath = `/proc/${readlinkSync('/proc/thread-self')}/schedstat`;
  } catch {}
  const perThread = process.env.LAG_THREADS === '1' && mainPath !== null;
  // Threads start after the probe (workers, V8's helpers): listed again every second.
  let threads = [];
  let listedAt = -Infinity;
  const readAll = () => threads.map((t) => schedstat(t.path));
  let last = performance.now();
  let lastMain = mainPath && schedstat(mainPath);
  let lastAll = [];
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 5;
    const main = mainPath && schedstat(mainPath);
    const all = perThread ? readAll() : [];
    if (late > 30) {
      const stall = { at: last, late, main: main && lastMain ? [(main[0] - lastMain[0]) / 1e6, (main[1] - lastMain[1]) / 1e6] : null, others: [] };
      threads.forEach((t, i) => {
        const a = all[i];
        const b = lastAll[i];
        if (a && b && a[0] - b[0] > 5e6 && t.path !== mainPath) stall.others.push(`${t.name} ran ${((a[0] - b[0]) / 1e6).toFixed(0)}`);
      });
      stalls.push(stall);
    }
    if (perThread && now - listedAt > 1000) {
      threads = threadsOf([['server', process.pid], ['load generator', process.ppid]]);
      listedAt = now;
      lastAll = readAll();
    } else lastAll = all;
    last = now;
    lastMain = main;
  }, 5).unref();
  // SIGUSR2 marks the start of play: only stalls after it count (else after LAG_FROM_MS).
  let playFrom = null;
  process.on('SIGUSR2', () => (playFrom = performance.now()));
  process.on('SIGTERM', () => {
    const from = playFrom ?? Number(process.env.LAG_FROM_MS ?? 30000);
    const worst = stalls.filter((s) => s.at > from).sort((a, b) => b.late - a.late);
    const gcIn = (t, d) => gcs.filter(([g, gd]) => g + gd > t && g < t + d + 5).reduce((a, [, gd]) => a + gd, 0);
    const where = (s) => (s.main ? `, ran ${s.main[0].toFixed(0)}, waited for a core ${s.main[1].toFixed(0)}` : '');
    console.error(`event loop stalls > 30 ms: ${worst.length} (${worst.reduce((a, s) => a + s.late, 0).toFixed(0)} ms in all); longest: ${worst.slice(0, 15).map((s) => `${s.late.toFixed(0)} ms (GC ${gcIn(s.at, s.late).toFixed(0)} ms${where(s)})`).join(', ')}`);
    if (perThread) for (const s of worst.slice(0, 5)) console.error(`  the ${s.late.toFixed(0)} ms stall: ${s.others.join('; ') || 'no other thread ran over 5 ms'}`);
  });
}
