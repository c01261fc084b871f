/**
 * Reading typed answers from stdin, one line at a time, for both a terminal and a pipe. End of
 * input (Ctrl-D, or the end of a piped file) reads as null; Ctrl-C as 'interrupt'.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type LineResult = string | null | 'interrupt';

export class LineReader {
  private readonly rl: Interface;
  private readonly terminal: boolean;
  private readonly queue: LineResult[] = [];
  private waiting: ((line: LineResult) => void) | undefined;
  private ended = false;

  constructor(
    input: Readable,
    private readonly output: Writable,
  ) {
    this.terminal = Boolean((input as Readable & { isTTY?: boolean }).isTTY);
    this.rl = createInterface({ input, output: this.terminal ? output : undefined, terminal: this.terminal });
    this.rl.on('line', (line) => this.deliver(line));
    this.rl.on('close', () => {
      this.ended = true;
      this.deliver(null);
    });
    // Without a listener readline would just pause on Ctrl-C.
    this.rl.on('SIGINT', () => this.deliver('interrupt'));
  }

  /**
   * Shows `prompt` and waits for the answer. On a terminal readline draws the prompt (so line
   * editing redraws it properly); from a pipe the answer is echoed, so a transcript reads like
   * a session.
   */
  async ask(prompt: string): Promise<LineResult> {
    if (this.terminal) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    } else {
      this.output.write(prompt);
    }
    const line = await this.next();
    if (!this.terminal) this.output.write(typeof line === 'string' ? `${line}\n` : '\n');
    return line;
  }

  close(): void {
    this.rl.close();
  }

  private next(): Promise<LineResult> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  private deliver(line: LineResult): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting(line);
    } else if (line !== null) {
      this.queue.push(line);
    }
  }
}
