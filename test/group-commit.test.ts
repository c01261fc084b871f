/**
 * The group commit itself (src/server/storage/group-commit.ts): a durable batch is answered a
 * slice at a time so the event loop turns between slices, the next batch is written meanwhile, and
 * nothing is answered before the batch holding it is written.
 */
import { describe, expect, it } from 'vitest';
import { CommitBatchError, groupCommit } from '../src/server/storage/group-commit.js';

interface Entry {
  tableId: string;
}

describe('group commit answers', () => {
  it('answers a large batch in slices: sockets get a turn and the next batch is written before its last answer', async () => {
    const events: string[] = [];
    const gc = groupCommit<Entry>(
      (entries) => {
        events.push(`write ${entries.map((e) => e.tableId).join(',')}`);
        return entries.map(() => undefined);
      },
      { tickMs: 0, releaseSlice: 10 },
    );
    const late: Promise<void>[] = [];
    const first = Array.from({ length: 50 }, (_, i) =>
      gc.submit({ tableId: `t${i}` }).then(() => {
        events.push(`answer t${i}`);
        if (i === 0) {
          // What a socket would do between slices: read a message, which submits another action.
          setImmediate(() => {
            events.push('turn');
            late.push(gc.submit({ tableId: 'late' }).then(() => void events.push('answer late')));
          });
        }
      }),
    );
    await Promise.all(first);
    await Promise.all(late);
    await gc.drain();
    const at = (e: string): number => events.indexOf(e);
    // One batch of the fifty, answered in order.
    expect(events[0]).toBe(`write ${Array.from({ length: 50 }, (_, i) => `t${i}`).join(',')}`);
    expect(events.filter((e) => e.startsWith('answer t'))).toEqual(Array.from({ length: 50 }, (_, i) => `answer t${i}`));
    // The event loop turned before the batch was fully answered, and the next batch was written then.
    expect(at('turn')).toBeGreaterThan(at('answer t0'));
    expect(at('turn')).toBeLessThan(at('answer t49'));
    expect(at('write late')).toBeLessThan(at('answer t49'));
    // Answers keep their order across batches, and come only after the write.
    expect(at('answer late')).toBeGreaterThan(at('answer t49'));
    expect(at('answer late')).toBeGreaterThan(at('write late'));
    expect(gc.stats()).toEqual({ batches: 2, appends: 51, largest: 50 });
  });

  it('answers nothing before its batch is durable, even while an earlier batch is still being answered', async () => {
    const events: string[] = [];
    const gc = groupCommit<Entry>(
      async (entries) => {
        const names = entries.map((e) => e.tableId).join(',');
        events.push(`begin ${names}`);
        await new Promise((r) => setTimeout(r, 20));
        events.push(`durable ${names}`);
        return entries.map(() => undefined);
      },
      { tickMs: 0, releaseSlice: 1 },
    );
    const a = Array.from({ length: 5 }, (_, i) => gc.submit({ tableId: `a${i}` }).then(() => void events.push(`answer a${i}`)));
    // Submitted while the first batch is in flight: it waits for the next batch.
    await new Promise((r) => setTimeout(r, 5));
    const b = gc.submit({ tableId: 'b' }).then(() => void events.push('answer b'));
    await Promise.all([...a, b]);
    expect(events.indexOf('answer a0')).toBeGreaterThan(events.indexOf('durable a0,a1,a2,a3,a4'));
    expect(events.indexOf('answer b')).toBeGreaterThan(events.indexOf('durable b'));
  });

  it('a failed batch answers each of its appends with a retryable error, and drain still settles', async () => {
    const gc = groupCommit<Entry>(
      () => {
        throw new Error('disk full');
      },
      { tickMs: 0, releaseSlice: 2 },
    );
    const answers = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => gc.submit({ tableId: `t${i}` })));
    for (const a of answers) {
      expect(a.status).toBe('rejected');
      if (a.status === 'rejected') {
        expect(a.reason).toBeInstanceOf(CommitBatchError);
        expect((a.reason as Error).message).toMatch(/5 action\(s\) failed.*try again \(disk full\)/);
      }
    }
    await gc.drain();
  });

  it("answers people's appends before bots' once durable, keeping a quarter of each slice for the bots (issue 24)", async () => {
    const order: string[] = [];
    const gc = groupCommit<Entry & { bot?: boolean }>((entries) => entries.map(() => undefined), {
      tickMs: 0,
      releaseSlice: 8,
      later: (e) => e.bot === true,
    });
    // Bots' appends first in the batch, then people's: 12 bots, 30 people, all in one batch.
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => gc.submit({ tableId: `b${i}`, bot: true }).then(() => void order.push(`b${i}`))),
      ...Array.from({ length: 30 }, (_, i) => gc.submit({ tableId: `p${i}` }).then(() => void order.push(`p${i}`))),
    ]);
    await gc.drain();
    expect(gc.stats().batches).toBe(1);
    // Slices of 8: six people's answers and two bots' while both wait, then the bots left.
    const people = (from: number): string[] => Array.from({ length: 6 }, (_, i) => `p${from + i}`);
    const bots = (...i: number[]): string[] => i.map((k) => `b${k}`);
    expect(order).toEqual([
      ...people(0), ...bots(0, 1),
      ...people(6), ...bots(2, 3),
      ...people(12), ...bots(4, 5),
      ...people(18), ...bots(6, 7),
      ...people(24), ...bots(8, 9),
      ...bots(10, 11),
    ]);
  });

  it('without `later` every append is answered in the order of its batch', async () => {
    const order: string[] = [];
    const gc = groupCommit<Entry & { bot?: boolean }>((entries) => entries.map(() => undefined), { tickMs: 0, releaseSlice: 3 });
    await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => gc.submit({ tableId: `b${i}`, bot: true }).then(() => void order.push(`b${i}`))),
      ...Array.from({ length: 4 }, (_, i) => gc.submit({ tableId: `p${i}` }).then(() => void order.push(`p${i}`))),
    ]);
    expect(order).toEqual(['b0', 'b1', 'b2', 'b3', 'p0', 'p1', 'p2', 'p3']);
  });
});
