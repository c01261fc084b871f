import { describe, expect, it } from 'vitest';
import { emptyNarration, extendNarration, NARRATED_LINES, type NarratedLine } from './narrated.js';
import { append, bounded } from './narration-history.js';

describe('a kept narrated history', () => {
  it('grown in place reads exactly as the bounded copy rule the web keeps (extendNarration) past the bound', () => {
    const kept = { lines: [] as NarratedLine[], dropped: 0 };
    let copied = emptyNarration();
    let n = 0;
    // Batches of 0–7 lines until well past twice the bound, compared after every batch.
    for (let batch = 0; n < 3 * NARRATED_LINES; batch++) {
      const lines = Array.from({ length: batch % 8 }, () => ({ seq: batch, seat: batch % 3, text: `line ${n++}` }));
      append(kept, lines);
      copied = extendNarration(copied, lines);
      expect(bounded(kept)).toEqual(copied);
    }
    expect(copied.dropped).toBeGreaterThan(NARRATED_LINES);
    expect(kept.lines.length).toBeLessThanOrEqual(2 * NARRATED_LINES);
  });
});
