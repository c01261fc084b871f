/** Acorns through the real `drey` binary (bin/drey.js → dist/, built by the global setup). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'drey-acorns-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * `drey play` through a pipe draws for COLUMNS × LINES when given (else wide, so lines come whole):
 * these runs stand for the classic 80×24 terminal whose screens they check.
 */
const TERM_80x24 = { ...process.env, COLUMNS: '80', LINES: '24' };

function drey(args: string[], input = '') {
  const r = spawnSync(process.execPath, ['bin/drey.js', ...args], { input, encoding: 'utf8', timeout: 30_000, env: TERM_80x24 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('drey play acorns', () => {
  it('takes typed moves at a 5-seat table and explains a refused one', () => {
    const run = drey(['play', 'acorns', '--seats', '5', '--seed', 'x'], 'plant t9\nhop\ndraw\nquit\n');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Acorns · round 1 · draw pile 48 · your turn');
    expect(run.stdout).toContain('! you have no 9-acorn tree (your hand: ');
    expect(run.stdout).toContain("! I don't understand 'hop'");
    expect(run.stdout).toContain('You draw a card.');
    expect(run.stdout).toContain('You left the game after');
  });

  it('plays a whole partner game from menu numbers, and its record replays', () => {
    const file = join(tmp, 'partners.json');
    const run = drey(['play', 'acorns', '--seats', '4', '--partners', '--seed', 'y', '--record', file], '1\n'.repeat(600));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Acorns (partners)');
    expect(run.stdout).toMatch(/won together|shared the win/);
    const screens = run.stdout.slice(0, run.stdout.indexOf('Record saved'));
    for (const line of screens.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const replayed = drey(['replay', file]);
    expect(replayed.code).toBe(0);
  });

  it('refuses the partner game at 5 seats with the reason', () => {
    const run = drey(['play', 'acorns', '--seats', '5', '--partners', '--seed', 'z']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('the partner game needs 4, 6 or 8 seats (teams of two), not 5');
  });
});
