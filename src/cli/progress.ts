/**
 * A one-line progress bar for long work, drawn on stderr only when stderr is a terminal (piped
 * output stays clean). Redraws at most ten times a second.
 */
import { performance } from 'node:perf_hooks';
import type { WriteStream } from 'node:tty';

export interface Progress {
  update(done: number, total: number): void;
  /** Erases the bar. */
  done(): void;
}

const silent: Progress = { update: () => {}, done: () => {} };

export function progressBar(stream: NodeJS.WriteStream | WriteStream, label: string): Progress {
  if (!stream.isTTY) return silent;
  const start = performance.now();
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = performance.now();
      if (now - last < 100 && done < total) return;
      last = now;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50));
      const fraction = total > 0 ? done / total : 1;
      const filled = Math.round(fraction * width);
      const seconds = (now - start) / 1000;
      const rate = seconds > 0 ? done / seconds : 0;
      const eta = rate > 0 ? (total - done) / rate : 0;
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      const line = `${label} ${bar} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${Math.round(rate).toLocaleString('en-US')}/s ETA ${eta.toFixed(0)}s`;
      stream.write(`\r${line}\x1b[K`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
