/** Runs the built `drey` binary (bin/drey.js) as a child process and collects what it prints. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `drey …args`; the child goes into `track` (when given) so a test can kill what is left. */
export function dreyRun(args: string[], track?: ChildProcess[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/drey.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    track?.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
