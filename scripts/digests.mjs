#!/usr/bin/env node
// Refactor check: plays a fixed set of sims and tournaments on fixed seeds and prints one line per
// run with its digest. Run it before and after a change that must not change any game (after
// `npm run build`); equal output means the same games were played with the same results.
//
//   node scripts/digests.mjs > before.txt   …change…   npm run build && node scripts/digests.mjs | diff before.txt -
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const drey = (args) => {
  const r = spawnSync(process.execPath, ['bin/drey.js', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`drey ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
};

const SIMS = [
  ['autumn-leaves', '--games', '300', '--seed', 'dg-al'],
  ['autumn-leaves', '--seats', '5', '--games', '200', '--bots', 'heuristic,random,random,random,random', '--seed', 'dg-al5'],
  ['autumn-leaves', '--seats', '3', '--games', '12', '--bots', 'medium,easy,easy', '--seed', 'dg-alm'],
  ['acorns', '--games', '200', '--seed', 'dg-ac'],
  ['acorns', '--games', '100', '--bots', 'heuristic', '--seed', 'dg-ach'],
  ['acorns', '--seats', '4', '--partners', '--games', '100', '--bots', 'heuristic,random,heuristic,random', '--seed', 'dg-acp'],
  ['acorns', '--games', '6', '--bots', 'medium,easy,easy,easy', '--seed', 'dg-acm'],
  ['acorn-run', '--seats', '2', '--games', '40', '--seed', 'dg-ar'],
  ['acorn-run', '--games', '100', '--bots', 'heuristic', '--seed', 'dg-arh'],
  ['acorn-run', '--seats', '1', '--dummies', '3', '--difficulty', 'normal', '--games', '200', '--bots', 'heuristic', '--seed', 'dg-ard1'],
  ['acorn-run', '--seats', '2', '--dummies', '2', '--difficulty', 'expert', '--games', '100', '--bots', 'heuristic', '--seed', 'dg-ard2'],
  ['acorn-run', '--seats', '1', '--dummies', '2', '--difficulty', 'easy', '--option', 'start=last', '--games', '100', '--bots', 'heuristic', '--seed', 'dg-ard3'],
  ['acorn-run', '--games', '4', '--bots', 'hard,medium,easy,easy', '--seed', 'dg-arm'],
];

const TOURNAMENTS = [
  ['autumn-leaves', '--bots', 'easy,random', '--seats', '3', '--games', '24', '--seed', 'dg-tal'],
  ['acorns', '--bots', 'easy,random', '--games', '16', '--seed', 'dg-tac'],
  ['acorn-run', '--bots', 'easy,random', '--seats', '3', '--games', '12', '--seed', 'dg-tar'],
];

const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
// Wall-clock figures differ from run to run; everything else must not. The content hash names the
// content played (it changes only when the content does) and is left out so that reports from
// before reports carried it compare equal.
const TIMING = new Set(['seconds', 'gamesPerSecond', 'workers', 'elapsedMs', 'contentHash']);
const stable = (value) =>
  JSON.stringify(value, (key, v) => (TIMING.has(key) ? undefined : v));

for (const args of SIMS) {
  const report = JSON.parse(drey(['sim', ...args, '--json']));
  console.log(`sim ${args.join(' ')}  digest ${report.summary.digest}  report ${sha(stable(report))}`);
}
for (const args of TOURNAMENTS) {
  const report = JSON.parse(drey(['tournament', ...args, '--json']));
  console.log(`tournament ${args.join(' ')}  report ${sha(stable(report))}`);
}
// The action lists themselves: records of a few games of each game.
for (const [game, extra] of [
  ['autumn-leaves', ['--bots', 'heuristic,random,random,random']],
  ['acorns', ['--seats', '6', '--partners', '--bots', 'heuristic,random,heuristic,random,heuristic,random']],
  ['acorn-run', ['--seats', '1', '--dummies', '3', '--difficulty', 'hard', '--bots', 'heuristic']],
]) {
  const dir = mkdtempSync(join(tmpdir(), 'drey-digests-'));
  drey(['sim', game, ...extra, '--games', '6', '--seed', `dg-rec-${game}`, '--record', dir, '--json']);
  const files = readdirSync(dir).sort();
  const actions = files.map((f) => JSON.stringify(JSON.parse(readFileSync(join(dir, f), 'utf8')).actions));
  console.log(`records ${game} ${extra.join(' ')}  ${files.length} files  actions ${sha(actions.join('\n'))}`);
  rmSync(dir, { recursive: true, force: true });
}
