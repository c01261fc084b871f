/** `drey tournament` through the real binary (bin/drey.js → dist/, built by the global setup). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function drey(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/drey.js', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const quick = ['tournament', 'autumn-leaves', '--bots', 'heuristic,random', '--seats', '3', '--option', 'hands=1', '--seed', 'cli-t'];

describe('drey tournament', () => {
  it('prints a rating table with intervals and win shares, rounding games up to whole seatings', () => {
    const run = drey([...quick, '--games', '10', '--workers', '1']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/playing 12 games so every bot plays every seat equally/);
    expect(run.stdout).toMatch(/Autumn Leaves tournament: 12 games at 3 seats \(4 deals × 3 seatings\)/);
    expect(run.stdout).toMatch(/bot\s+Elo\s+95% interval\s+win share\s+95% interval/);
    expect(run.stdout).toMatch(/^heuristic\s+\d{4}\s+\d{4}–\d{4}/m);
    expect(run.stdout).toMatch(/an equal bot wins 33\.3%/);
  });

  it('gives the same --json report on one thread and on two', () => {
    const one = drey([...quick, '--games', '6', '--json', '--workers', '1']);
    const two = drey([...quick, '--games', '6', '--json', '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const report = JSON.parse(one.stdout) as { games: number; ratings: { name: string; winShare: number }[] };
    expect(report.games).toBe(6);
    expect(report.ratings.map((r) => r.name).sort()).toEqual(['heuristic', 'random']);
    expect(JSON.parse(two.stdout)).toEqual(report);
  });

  it('refuses unknown bots, a single bot and bad seat counts with one line and exit 2', () => {
    const unknown = drey(['tournament', 'autumn-leaves', '--bots', 'heuristic,grandmaster']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^drey: no bot 'grandmaster' for autumn-leaves/);
    const single = drey(['tournament', 'autumn-leaves', '--bots', 'hard,hard']);
    expect(single.code).toBe(2);
    expect(single.stderr).toMatch(/at least two different bots/);
    const seats = drey(['tournament', 'autumn-leaves', '--bots', 'hard,easy', '--seats', '9']);
    expect(seats.code).toBe(2);
    expect(seats.stderr).toMatch(/takes 3–6 seats/);
  });
});
