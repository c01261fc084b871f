/**
 * The serving process turns V8's allocation-site pretenuring off (src/server/heap-tuning.ts,
 * issue 24): a server's short-lived states, views and frames were being made straight in the old
 * generation, and every mark-compact they forced was a stall at every table. Checked in a child
 * process, where V8 reports pretenuring feedback (--trace-pretenuring-statistics) only while it
 * is on: the same workload reports it without the tuning and reports none with it.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { servingV8Flags } from '../src/server/heap-tuning.js';

/** Objects from one literal site that outlive a scavenge: what V8 pretenures when it may. */
const workload = (tune: string): string => `
${tune}
const keep = new Array(50000);
for (let i = 0; i < 2000000; i++) keep[i % 50000] = { i, pair: [i, i + 1] };
console.log('done', keep.length);
`;

function pretenuringReports(tune: string): { reports: number; out: string } {
  const r = spawnSync(process.execPath, ['--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', workload(tune)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return { reports: (r.stdout.match(/pretenuring:/g) ?? []).length, out: r.stdout };
}

describe('heap tuning for serving', () => {
  it('turns allocation-site pretenuring off: V8 reports no pretenuring feedback after it, and does without it (run in a child: it changes the whole process)', () => {
    const without = pretenuringReports('');
    expect(without.out).toContain('done 50000');
    expect(without.reports).toBeGreaterThan(0);
    const withTuning = pretenuringReports(
      "const { tuneHeapForServing } = await import('./src/server/heap-tuning.ts'); if (tuneHeapForServing({}).length !== 1) throw new Error('no flag set');",
    );
    expect(withTuning.out).toContain('done 50000');
    expect(withTuning.reports).toBe(0);
  });

  it('keeps V8’s default when DREY_V8_PRETENURING=on, and names the flags it sets otherwise', () => {
    expect(servingV8Flags({ DREY_V8_PRETENURING: 'on' })).toEqual([]);
    expect(servingV8Flags({})).toEqual(['--no-allocation-site-pretenuring']);
  });
});
