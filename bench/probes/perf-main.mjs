/**
 * Where a server's main thread spends its CPU, from Linux `perf` (issue 24, server-cpu). V8's own
 * profiler (`--cpu-prof`) samples by the wall clock: a thread that waits for a core is charged to
 * whatever it was doing, and on a busy 2-core machine that is mostly the calls that wake another
 * thread or process (`postMessage`, a loopback `writev`), which it showed about twice their CPU.
 * `perf record -t` samples the thread only while it runs, kernel included.
 *
 *   DREY_SERVER_NODE_OPTIONS='--perf-basic-prof-only-functions --no-compact-code-space' \
 *     THINK_MS=3000 BOTS=2 TABLES=800 DREY_BENCH_SECONDS=40 npm run bench:server &
 *   # once it prints "playing…":
 *   node bench/probes/perf-main.mjs $(pgrep -n -f dist/server/start.js) 25
 *
 * The node flags name JavaScript functions in perf's samples (a map file per process in /tmp) and
 * keep compiled code where it was, so a sample is not named after code that used to live at its
 * address (a name can still be stale where freed code's address was reused). Prints the share of samples by kind (JSON, GC, system calls, …) and by innermost and
 * enclosing JavaScript function. Needs `perf` and permission to trace the process (root here).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [pid, seconds = '20', top = '30'] = process.argv.slice(2);
if (!pid) {
  console.error('usage: node bench/probes/perf-main.mjs SERVER_PID [SECONDS] [TOP]');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'perf-main-'));
const data = join(dir, 'perf.data');
// The main thread's id is the process id.
execFileSync('perf', ['record', '-F', '1999', '-g', '-t', pid, '-o', data, '--', 'sleep', seconds], { stdio: ['ignore', 'ignore', 'inherit'] });
const script = execFileSync('perf', ['script', '-i', data, '-F', 'ip,sym'], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
rmSync(dir, { recursive: true, force: true });

/** Each sample's frames, innermost first, without addresses. */
const samples = script
  .split(/\n\s*\n/)
  .map((s) => s.trim().split('\n').map((l) => l.trim().replace(/^[0-9a-f]+ /, '')))
  .filter((s) => s[0]);

/** A sample's kind: the first of these its stack holds; else JavaScript or the runtime. */
const KINDS = [
  ['garbage collection', /CollectGarbage|Scavenge|MarkCompact|IncrementalMarking|MinorGC/],
  ['writev (socket writes, kernel included)', /StreamBase::Writev|__GI___writev/],
  ['postMessage (to worker threads)', /MessagePort::PostMessage/],
  ['messages from threads, deserialised', /Message::Deserialize|ValueDeserializer/],
  ['JSON.stringify', /JsonStringify/],
  ['JSON.parse', /JsonParse|JsonParser/],
  ['other system calls (epoll, reads)', /do_syscall_64/],
];
const kinds = new Map();
const innermost = new Map();
const enclosing = new Map();
const jsName = (f) => f.replace(/^JS:[*^~]?/, '').replace(/file:\/\/\S*\/dist\//, '').replace(/\S*node_modules\//, '');
for (const s of samples) {
  const kind = KINDS.find(([, re]) => s.some((f) => re.test(f)))?.[0] ?? (s[0].startsWith('JS:') || s[0].startsWith('Builtins_') ? 'JavaScript' : 'runtime (V8, node, libc)');
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const js = s.filter((f) => f.startsWith('JS:')).map(jsName);
  if (js[0]) innermost.set(js[0], (innermost.get(js[0]) ?? 0) + 1);
  for (const f of new Set(js)) enclosing.set(f, (enclosing.get(f) ?? 0) + 1);
}
const show = (title, counts, n) => {
  console.log(`--- ${title}`);
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${((100 * v) / samples.length).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`${samples.length} samples of thread ${pid} in ${seconds} s`);
show('by kind', kinds, KINDS.length + 2);
show('innermost JavaScript function (with what it calls outside JavaScript)', innermost, Number(top));
show('enclosing JavaScript function (every function on the stack)', enclosing, Number(top));
