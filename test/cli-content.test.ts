/**
 * `drey content export|check` and `--content DIR` through the real binary (bin/drey.js → dist/,
 * built by the global setup): a designer exports Acorn Run, makes the Dash cards one cheaper,
 * sims the variant on workers, and cannot replay its records without the content.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_FILES } from '../src/games/acorn-run/content/files.js';

const tmp = mkdtempSync(join(tmpdir(), 'drey-cli-content-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function drey(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/drey.js', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('drey content and --content', () => {
  const exported = join(tmp, 'exported');
  const variant = join(tmp, 'dash-cheaper');

  it('exports, refuses a non-empty directory without --force, and checks a variant', () => {
    const out = drey(['content', 'export', 'acorn-run', exported]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/Acorn Run content \([0-9a-f]{12}\): 12 files in /);
    expect(readdirSync(exported).sort()).toContain('market-cards.schema.json');
    const again = drey(['content', 'export', 'acorn-run', exported]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is not empty \(use --force/);
    expect(drey(['content', 'export', 'acorn-run', exported, '--force']).code).toBe(0);

    const market = JSON.parse(readFileSync(join(exported, 'market-cards.json'), 'utf8')) as { cheap: { id: string; cost: number }[] };
    for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost -= 1;
    rmSync(variant, { recursive: true, force: true });
    drey(['content', 'export', 'acorn-run', variant]);
    for (const f of readdirSync(variant)) if (f !== 'market-cards.schema.json') rmSync(join(variant, f));
    writeFileSync(join(variant, 'market-cards.json'), JSON.stringify(market, null, 2));
    const check = drey(['content', 'check', 'acorn-run', variant]);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/valid variant 'dash-cheaper' of Acorn Run, content [0-9a-f]{64}\n {2}changed: market-cards/);
    expect(drey(['content', 'check', 'acorn-run', exported]).stdout).toMatch(/the same as the builtin content/);
  });

  it('refuses a bad file with its name, the path inside it and why, and no stack trace', () => {
    const bad = join(tmp, 'bad');
    drey(['content', 'export', 'acorn-run', bad]);
    const race = JSON.parse(readFileSync(join(bad, 'race.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(bad, 'race.json'), JSON.stringify({ ...race, roundLimit: 'late' }));
    for (const args of [['content', 'check', 'acorn-run', bad], ['sim', 'acorn-run', '--games', '2', '--content', bad]]) {
      const r = drey(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^drey: content .*bad: race\.json at roundLimit: .*expected number/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('refuses boards the rules cannot race on (issue 26): exit 2 naming the lane and why, for check, sim and lab alike', () => {
    const board = JSON.parse(JSON.stringify(BUILTIN_FILES.board)) as { trees: { lanes: string[] }[] };
    const cases: [name: string, tree: number, row: number, lane: string, why: RegExp][] = [
      ['ends-in-gap', 2, 4, 'o.o.o.o.o.o~~', /board\.json at trees\[2\]\.lanes\[4\]: tree 2 \(Chestnut\), green upper lane g2: a lane must end with a space/],
      ['one-space', 3, 0, 'o', /board\.json at trees\[3\]\.lanes\[0\]: tree 3 \(Walnut\), red upper lane r2: a lane needs at least two spaces/],
      ['wide-gap', 2, 4, 'o.o.~~~~o.o.o', /board\.json at trees\[2\]\.lanes\[4\]: .*a foliage gap needs 2 or 3 cards, not 4/],
    ];
    for (const [i, [name, tree, row, lane, why]] of cases.entries()) {
      // A variant directory holds only the file it changes.
      const dir = join(tmp, name);
      mkdirSync(dir, { recursive: true });
      const trees = board.trees.map((t, k) => (k === tree ? { ...t, lanes: t.lanes.map((l, r) => (r === row ? lane : l)) } : t));
      writeFileSync(join(dir, 'board.json'), JSON.stringify({ trees }));
      const runs = [['content', 'check', 'acorn-run', dir], ['sim', 'acorn-run', '--games', '2', '--content', dir]];
      if (i === 0) runs.push(['lab', 'compare', 'acorn-run', 'base=builtin', `v=${dir}`, '--games', '2']);
      for (const args of runs) {
        const r = drey(args);
        expect(r.code, `${name}: ${args.join(' ')}`).toBe(2);
        expect(r.stderr).toMatch(why);
        expect(r.stderr).not.toMatch(/internal error/);
      }
    }
  }, 300_000);

  it('sims a variant on workers and on one thread alike; reports and records carry its hash; replay needs the content', () => {
    const records = join(tmp, 'records');
    const args = ['sim', 'acorn-run', '--seats', '2', '--games', '6', '--bots', 'heuristic', '--seed', 'cc', '--json'];
    const base = JSON.parse(drey(args).stdout) as { contentHash: string; summary: { digest: string } };
    const one = JSON.parse(drey([...args, '--content', variant, '--workers', '1', '--record', records]).stdout) as typeof base & { variant: string };
    const two = JSON.parse(drey([...args, '--content', variant, '--workers', '2']).stdout) as typeof one;
    expect(one.variant).toBe('dash-cheaper');
    expect(one.contentHash).not.toBe(base.contentHash);
    expect(one.summary.digest).not.toBe(base.summary.digest);
    expect(two.summary.digest).toBe(one.summary.digest);
    const text = drey(['sim', 'acorn-run', '--games', '2', '--content', variant]);
    expect(text.stdout).toMatch(/content: variant dash-cheaper [0-9a-f]{12}/);

    const record = join(records, readdirSync(records)[0]!);
    expect((JSON.parse(readFileSync(record, 'utf8')) as { contentHash: string }).contentHash).toBe(one.contentHash);
    const refused = drey(['replay', record]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`was played with Acorn Run content ${one.contentHash}, not the builtin content`);
    expect(refused.stderr).toContain('--content DIR');
    expect(drey(['replay', record, '--content', variant]).code).toBe(0);
    // A record from before content hashes replays as builtin.
    const old = JSON.parse(readFileSync(record, 'utf8')) as Record<string, unknown>;
    delete old.contentHash;
    const oldFile = join(tmp, 'old.json');
    writeFileSync(oldFile, JSON.stringify(old));
    expect(drey(['replay', oldFile, '--content', variant]).stderr).toMatch(/was played with Acorn Run content [0-9a-f]{64}, not the content in/);
    // Eight runs of the CLI, two with worker threads: on a loaded machine (a run of the whole suite) over a minute.
  }, 300_000);
});
