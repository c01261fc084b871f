import { describe, expect, it } from 'vitest';
import { emptyHistory, extendHistory, NARRATION_HISTORY_LINES } from '../engine/narration.js';
import { append, bounded } from './narration-history.js';

describe('a kept narrated history', () => {
  it('grown in place reads exactly as the bounded copy rule (extendHistory) past the bound', () => {
    const kept = { lines: [] as string[], dropped: 0 };
    let copied = emptyHistory();
    let n = 0;
    // Batches of 0–7 lines until well past twice the bound, compared after every batch.
    for (let batch = 0; n < 3 * NARRATION_HISTORY_LINES; batch++) {
      const lines = Array.from({ length: batch % 8 }, () => `line ${n++}`);
      append(kept, lines);
      copied = extendHistory(copied, lines);
      expect(bounded(kept)).toEqual(copied);
    }
    expect(copied.dropped).toBeGreaterThan(NARRATION_HISTORY_LINES);
    expect(kept.lines.length).toBeLessThanOrEqual(2 * NARRATION_HISTORY_LINES);
  });
});
