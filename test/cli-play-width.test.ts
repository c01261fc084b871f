/**
 * `drey play` through a pipe (issue 25): the table's "Recent" lines were cut at 80 columns when
 * stdout was not a terminal ("… a cold snap! Everyone plays on their own pi"). A pipe has no width:
 * lines come whole; COLUMNS, when the caller sets it, is the width used.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PIPE_COLS, PIPE_ROWS, playSize } from '../src/cli/term-size.js';

/** The source `drey play`, run as a child with piped stdin and stdout (no build needed). */
function playPiped(env: Record<string, string | undefined>, game = "'autumn-leaves', '--seats', '4'"): string {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', `import('./src/cli/main.ts').then(async (m) => { process.exitCode = await m.main(['play', ${game}, '--seed', 'cli-wide', '--bots', 'random']) })`],
    { input: '#1\n'.repeat(300), encoding: 'utf8', env: childEnv, timeout: 60_000 },
  );
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The lines under "Recent:" on every screen printed. */
const recentLines = (out: string): string[] =>
  out.split('\n=').flatMap((screen) => {
    const lines = screen.split('\n');
    const at = lines.indexOf('Recent:');
    return at < 0 ? [] : lines.slice(at + 1).filter((l) => l.startsWith('  '));
  });

describe('drey play through a pipe', () => {
  it('prints the Recent lines whole, not cut at 80 columns', { timeout: 90_000 }, () => {
    const recent = recentLines(playPiped({ COLUMNS: undefined, LINES: undefined }));
    expect(recent.length).toBeGreaterThan(10);
    // This seed's first cold snap is told in one 100-character line, its last words included.
    const snap = recent.find((l) => l.includes('a cold snap!'));
    expect(snap).toBe('  Revealed: you 8, Pip 10, Nutmeg 9 and Bramble 9 — a cold snap! Everyone plays on their own pile.');
    expect(Math.max(...recent.map((l) => l.length))).toBeGreaterThan(80);
  });

  it('draws each screen\'s separator as wide as that screen\'s widest line, not 200 columns', { timeout: 90_000 }, () => {
    const out = playPiped({ COLUMNS: undefined, LINES: undefined });
    const screens = out.split(/^(?==+$)/m).filter((s) => s.startsWith('='));
    expect(screens.length).toBeGreaterThan(10);
    for (const screen of screens) {
      const [rule, ...lines] = screen.replace(/\n$/, '').split('\n');
      const widest = Math.max(...lines.map((l) => [...l].length));
      expect([...rule!].length, screen).toBe(widest);
    }
  });

  it('packs its move menus into 80 columns (whole sentences, but no 200-column menu rows)', { timeout: 90_000 }, () => {
    // Acorn Run offers a dozen moves at once: packed into 200 columns they sat four abreast, 179 wide.
    const out = playPiped({ COLUMNS: undefined, LINES: undefined }, "'acorn-run', '--seats', '2'");
    const menu = out.split('\n').filter((l) => /^\s*\d+\) /.test(l));
    expect(menu.length).toBeGreaterThan(10);
    for (const l of menu) expect(l.length, l).toBeLessThanOrEqual(80);
    // And every screen still lists its moves by number, however many there are.
    expect(out).not.toContain('possible moves: type yours');
    const first = out.split(/^(?==+$)/m).find((screen) => screen.startsWith('='))!;
    expect(first).toMatch(/^ *1\) /m);
    expect(first).toMatch(/^ *11\) /m);
  });

  it('keeps to the COLUMNS it is given', { timeout: 90_000 }, () => {
    const out = playPiped({ COLUMNS: '60', LINES: undefined });
    const recent = recentLines(out);
    expect(recent.length).toBeGreaterThan(10);
    for (const l of out.split('\n')) expect(l.length, l).toBeLessThanOrEqual(60);
  });

  it('reads a terminal its own size, and a pipe COLUMNS × LINES or whole lines', () => {
    expect(playSize({ isTTY: true, columns: 132, rows: 50 }, { COLUMNS: '60' })).toEqual({ cols: 132, rows: 50 });
    expect(playSize({ isTTY: false }, {})).toEqual({ cols: PIPE_COLS, rows: PIPE_ROWS });
    expect(playSize({ isTTY: false }, { COLUMNS: '100', LINES: '40' })).toEqual({ cols: 100, rows: 40 });
    expect(playSize({ isTTY: false }, { COLUMNS: 'wide' })).toEqual({ cols: PIPE_COLS, rows: PIPE_ROWS });
  });
});
