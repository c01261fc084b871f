/**
 * A probe for the server bench (issue 24): which allocation sites made the objects that outlive
 * the young generation. Preloaded into each server process with
 *   DREY_SERVER_NODE_OPTIONS='--import ./bench/probes/live-heap.mjs' npm run bench:server
 * it starts V8's sampling heap profiler HS_DELAY_MS after start (default 40000: during play),
 * HS_WINDOW_MS later (default 1500) runs a full GC and writes the sampled objects still alive to
 * HS_OUT (default live-heap.json, a .heapprofile: open it in Chrome's DevTools, Memory tab). Those
 * are the objects allocated in the window that survived: what scavenges copy and promote.
 * With HS_COLLECTED=1 it also keeps those a mark-compact collected (promoted, then dead).
 */
import { Session } from 'node:inspector';
import { isMainThread } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';

if (isMainThread) {
  const session = new Session();
  session.connect();
  const delay = Number(process.env.HS_DELAY_MS ?? 40000);
  const windowMs = Number(process.env.HS_WINDOW_MS ?? 1500);
  // HS_COLLECTED=1 keeps the objects a mark-compact collected too (those a scavenge collected are
  // still left out): everything that reached the old generation, long-lived or not.
  const collected = process.env.HS_COLLECTED === '1' ? { includeObjectsCollectedByMajorGC: true } : {};
  setTimeout(() => {
    session.post('HeapProfiler.enable', () =>
      session.post('HeapProfiler.startSampling', { samplingInterval: 4096, ...collected }, () => {
        setTimeout(() => {
          session.post('HeapProfiler.collectGarbage', () =>
            session.post('HeapProfiler.getSamplingProfile', (error, result) => {
              if (error) console.error(`live-heap probe: ${error.message}`);
              else writeFileSync(process.env.HS_OUT ?? 'live-heap.json', JSON.stringify(result.profile));
              session.post('HeapProfiler.stopSampling');
            }),
          );
        }, windowMs).unref();
      }),
    );
  }, delay).unref();
}
