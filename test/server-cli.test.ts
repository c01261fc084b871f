/** `drey serve` starts the whole server from the command line and stops cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';

describe('drey serve', () => {
  it('serves the lobby API on the port it was given and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-serve-'));
    const proc = spawn(process.execPath, ['bin/drey.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'x.sqlite')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        proc.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /serving on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        proc.once('exit', (code) => reject(new Error(`exited ${String(code)}`)));
      });
      const games = (await (await fetch(`${url}/api/games`)).json()) as { id: string }[];
      expect(games.map((g) => g.id)).toContain('autumn-leaves');
      const exited = new Promise<number | null>((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad port with a usage error', async () => {
    const proc = spawn(process.execPath, ['bin/drey.js', 'serve', '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('PORT');
  });

  it('refuses bad content with one line naming the setting, the file, the path inside it and why (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-serve-bad-'));
    try {
      const bad = join(dir, 'late');
      mkdirSync(bad);
      const race = BUILTINS.get('acorn-run')!.content.builtin.race as Record<string, unknown>;
      writeFileSync(join(bad, 'race.json'), JSON.stringify({ ...race, roundLimit: 'late' }));
      const run = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; err: string }> => {
        const proc = spawn(process.execPath, ['bin/drey.js', 'serve', '--port', '0', '--db', join(dir, 'x.sqlite'), ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...env },
        });
        let err = '';
        proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
        const code = await new Promise<number | null>((r) => proc.once('exit', r));
        return { code, err };
      };
      const flag = await run(['--content', `acorn-run=${bad}`]);
      expect(flag.code).toBe(2);
      expect(flag.err).toMatch(new RegExp(`^drey serve: content acorn-run=${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: race\\.json at roundLimit: .*expected number`));
      expect(flag.err).not.toMatch(/\n\s+at /);
      const env = await run([], { DREY_CONTENT: `acorn-run=${bad}` });
      expect(env.code).toBe(2);
      expect(env.err).toContain('race.json at roundLimit');
      const shape = await run(['--content', bad]);
      expect(shape.code).toBe(2);
      expect(shape.err).toContain('expected GAME=DIR');
      const unknown = await run(['--content', `chess=${bad}`]);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain("unknown game 'chess'");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('plays a variant given with --content GAME=DIR, and says so at start and in /api/games', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-serve-variant-'));
    const dash = join(dir, 'dash');
    mkdirSync(dash);
    const market = structuredClone(BUILTINS.get('acorn-run')!.content.builtin['market-cards']) as { cheap: { id: string; cost: number }[] };
    for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost = 1;
    writeFileSync(join(dash, 'market-cards.json'), JSON.stringify(market));
    const proc = spawn(process.execPath, ['bin/drey.js', 'serve', '--port', '0', '--db', join(dir, 'x.sqlite'), '--content', `acorn-run=${dash}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        proc.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /serving on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        proc.once('exit', (code) => reject(new Error(`exited ${String(code)}`)));
      });
      expect(out).toMatch(/Acorn Run plays variant 'dash' \(content [0-9a-f]{12}\)/);
      const games = (await (await fetch(`${url}/api/games`)).json()) as { id: string; content: { variant?: string } }[];
      expect(games.find((g) => g.id === 'acorn-run')?.content.variant).toBe('dash');
      const exited = new Promise<number | null>((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
