/**
 * Summarises a server's `--trace-gc --trace-gc-nvp` output (issue 24: where the human-pace p99
 * stalls come from). Run the server bench with the trace on and its stdout kept:
 *
 *   DREY_SERVER_NODE_OPTIONS='--trace-gc --trace-gc-nvp' DREY_SERVER_LOG=/tmp/gc \
 *     THINK_MS=3000 BOTS=2 TABLES=1000 DREY_BENCH_SECONDS=40 npm run bench:server
 *   node --import tsx bench/gc-trace.ts /tmp/gc.0 40
 *
 * Only the main thread's isolate is counted (the first isolate in the file; bot workers and the
 * SQLite writer have their own isolates and tiny heaps), over the last SECONDS of the trace (the
 * bench's play; the trace ends when the server stops). Prints the scavenges (how many, their
 * pauses, what survived and was promoted each time) and every mark-compact's atomic pause by
 * phase, with its incremental marking beforehand.
 */
import { readFileSync } from 'node:fs';

const [file, secondsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/gc-trace.ts TRACE_FILE [SECONDS]');
  process.exit(2);
}
const seconds = Number(secondsArg ?? 40);

type Event = { t: number } & Record<string, string | number>;

const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.includes(' pause='));
const isolate = /^\[(\d+:0x[0-9a-f]+)\]/.exec(lines[0] ?? '')?.[1];
if (!isolate) {
  console.error(`${file}: no --trace-gc-nvp lines`);
  process.exit(1);
}
const events: Event[] = [];
for (const line of lines) {
  if (!line.startsWith(`[${isolate}]`)) continue;
  const m = /\]\s+(\d+) ms: (.*)$/.exec(line);
  if (!m) continue;
  const e: Event = { t: Number(m[1]) };
  for (const kv of m[2]!.split(' ')) {
    const i = kv.indexOf('=');
    // Some names repeat (a background phase after the main one): the first is the main thread's.
    if (i > 0 && !(kv.slice(0, i) in e)) e[kv.slice(0, i)] = kv.slice(i + 1);
  }
  events.push(e);
}
const end = events.at(-1)!.t;
const inWindow = events.filter((e) => e.t > end - seconds * 1000);
const num = (e: Event, k: string): number => Number(e[k] ?? 0);
const total = (es: Event[], k: string): number => es.reduce((a, e) => a + num(e, k), 0);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);

const scavenges = inWindow.filter((e) => e.gc === 's');
const pauses = scavenges.map((e) => num(e, 'pause')).sort((a, b) => a - b);
const at = (q: number): number => pauses[Math.min(pauses.length - 1, Math.floor(q * pauses.length))] ?? NaN;
const n = Math.max(1, scavenges.length);
console.log(`main isolate ${isolate}, last ${seconds} s of the trace`);
console.log(
  `scavenges: ${scavenges.length} (${(scavenges.length / seconds).toFixed(1)}/s), pauses ${total(scavenges, 'pause').toFixed(0)} ms in all` +
    ` (mean ${(total(scavenges, 'pause') / n).toFixed(1)}, p50 ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)} ms);` +
    ` each: ${mb(total(scavenges, 'allocated') / n)} MB allocated since the last, ${mb(total(scavenges, 'new_space_survived') / n)} MB survived,` +
    ` ${mb(total(scavenges, 'promoted') / n)} MB promoted (${mb(total(scavenges, 'promoted'))} MB promoted in all)`,
);
for (const e of inWindow.filter((x) => x.gc !== 's')) {
  console.log(
    `mark-compact at ${(e.t / 1000).toFixed(1)} s: pause ${num(e, 'pause')} ms (mark ${num(e, 'mark')}, clear ${num(e, 'clear')}` +
      ` of which weak collections ${num(e, 'clear.weak_collections')}, evacuate ${num(e, 'evacuate')}, sweep ${num(e, 'sweep')}, finish ${num(e, 'finish')});` +
      ` incremental marking before it ${num(e, 'incremental')} ms in ${num(e, 'incremental.steps_count') || '?'} steps (longest ${num(e, 'incremental_longest_step')} ms);` +
      ` heap ${mb(num(e, 'total_size_before'))} → ${mb(num(e, 'total_size_after'))} MB`,
  );
}
