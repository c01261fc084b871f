/**
 * The designer's workbench (`drey lab`, issue 17): paired intervals, pairing of variants on the
 * same seeds (checked from the records), figures on small hand-checked runs, the Acorn Run probe,
 * the HTML page in Chromium (charts present, links resolve, no external request), the replay
 * server, and the CLI.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labReportHtml, sweepTicks } from '../src/cli/lab-html.js';
import { parseLabReport } from '../src/cli/lab-file.js';
import { serveLabReport } from '../src/cli/lab-serve.js';
import { BUILTINS, createRegistry } from '../src/games/index.js';
import { playVariants, runCompare, type CompareReport } from '../src/lab/compare.js';
import { DetailFold, gameFigures } from '../src/lab/figures.js';
import type { GameResult } from '../src/lab/play.js';
import { playGame } from '../src/lab/play.js';
import { probeRecord } from '../src/lab/probe.js';
import { resolveRun } from '../src/lab/resolve.js';
import { medianWithInterval, pairedDifference, proportionDifference, unpairedDifference } from '../src/lab/stats.js';
import { parseSweepValues, parseTarget, runSweep } from '../src/lab/sweep.js';
import { ok } from '../src/engine/result.js';
import { launchBrowser } from './browser-helpers.js';
import { tinyRacePackage } from './fixtures/tiny-race.js';
import { runCli } from './cli-helpers.js';

const tiny = createRegistry([tinyRacePackage]);

describe('paired interval arithmetic', () => {
  it('pairedDifference is the mean of per-pair differences ± z·sd/√n (hand-checked)', () => {
    // d = 1, 2, 2: mean 5/3, sd √(1/3), half-width 1.96·√(1/3)/√3 = 0.65332.
    const d = pairedDifference([
      [1, 2],
      [2, 4],
      [3, 5],
    ]);
    expect(d.n).toBe(3);
    expect(d.mean).toBeCloseTo(5 / 3, 12);
    expect(d.interval[0]).toBeCloseTo(5 / 3 - 0.653320, 5);
    expect(d.interval[1]).toBeCloseTo(5 / 3 + 0.653320, 5);
  });

  it('pairing cancels what the deal adds to both sides; unpaired does not', () => {
    // Each deal adds a big common term; the variant is always exactly 1 more.
    const base = [10, 50, 20, 80, 30, 60];
    const pairs = base.map((b) => [b, b + 1] as [number, number]);
    const paired = pairedDifference(pairs);
    const unpaired = unpairedDifference(base, base.map((b) => b + 1));
    expect(paired.mean).toBe(1);
    expect(paired.interval).toEqual([1, 1]);
    expect(unpaired.mean).toBeCloseTo(1, 12);
    expect(unpaired.interval[1] - unpaired.interval[0]).toBeGreaterThan(40);
  });

  it("proportionDifference is Newcombe's hybrid score interval (his 1998 example 56/70 − 48/80: 0.0524 to 0.3339)", () => {
    const d = proportionDifference(56, 70, 48, 80);
    expect(d.mean).toBeCloseTo(0.2, 12);
    expect(d.interval[0]).toBeCloseTo(0.0524, 3);
    expect(d.interval[1]).toBeCloseTo(0.3339, 3);
  });

  it('medianWithInterval: order statistics around n/2', () => {
    const m = medianWithInterval([9, 1, 8, 2, 7, 3, 6, 4, 5]);
    expect(m.median).toBe(5);
    // n = 9: ranks 4.5 ∓ 2.94 → the 2nd and 8th smallest.
    expect(m.interval).toEqual([2, 8]);
  });
});

const result = (over: Partial<GameResult>): GameResult => ({ index: 0, seed: 's.0', scores: [0, 0], ranks: [1, 2], winners: [0], rounds: 10, actions: 40, ...over });

describe('figures on hand-made games', () => {
  it('gameFigures: shares, length, stats, start groups, probe values and card buys', () => {
    const r = result({
      winners: [0, 1],
      ranks: [1, 1],
      stats: { finishers: 2, winnerLane: 'green' },
      facts: {
        streaks: [
          { noChoice: 0, repeat: 1 },
          { noChoice: 0, repeat: 1 },
        ],
        seats: [
          { groups: { lane: 'g1' }, values: { raceVp: 10 }, cards: { dash: { bought: [2, 4], offered: true, uses: {} } } },
          { groups: { lane: 'y1' }, values: { raceVp: 6 }, cards: {} },
        ],
      },
    });
    const f = gameFigures(r, ['a', 'b']);
    expect(f.get('win-seat|0')).toBe(0.5);
    expect(f.get('win-seat|1')).toBe(0.5);
    expect(f.get('win-bot|a')).toBe(0.5);
    expect(f.get('win-group|lane|g1')).toBe(0.5);
    expect(f.get('rounds')).toBe(10);
    expect(f.get('stat|finishers')).toBe(2);
    expect(f.has('stat|winnerLane')).toBe(false);
    expect(f.get('value|raceVp')).toBe(8);
    expect(f.get('card-buys|dash')).toBe(1); // two copies over two seats
    expect(f.get('card-round|dash')).toBe(3);
  });

  it('DetailFold: bought vs offered-and-passed win shares, rounds bought, uses, places, and flags', () => {
    const fold = new DetailFold({ dash: 'Dash' });
    const streaks = [
      { noChoice: 0, repeat: 1 },
      { noChoice: 20, repeat: 15 },
    ];
    // Game 0: seat 0 buys Dash in round 3 and wins; seat 1 passes it and loses.
    // Game 1: seat 0 buys Dash in round 5 and loses; seat 1 passes it and wins.
    // Game 2: seat 0 buys Dash in round 1 and wins; seat 1 never sees it.
    const games = [
      { winners: [0], s0: [3], s1: true },
      { winners: [1], s0: [5], s1: true },
      { winners: [0], s0: [1], s1: false },
    ];
    games.forEach((g, index) => {
      fold.add(
        result({
          index,
          seed: `s.${index}`,
          winners: g.winners,
          rounds: 10 + index,
          facts: {
            streaks,
            flags: index === 2 ? [{ kind: 'round-limit', message: 'sunset' }] : [],
            seats: [
              { cards: { dash: { bought: g.s0, offered: true, uses: { sprint: 2 } } }, places: { 'lane g1': 4 } },
              { cards: g.s1 ? { dash: { bought: [], offered: true, uses: {} } } : {}, places: { 'lane g1': 0 } },
            ],
          },
        }),
        { index, group: index, seed: `s.${index}`, lineup: ['a', 'b'] },
      );
    });
    const [dash] = fold.cardFigures();
    expect(dash!.name).toBe('Dash');
    expect(dash!.boughtIn.x).toBe(3);
    expect(dash!.boughtIn.n).toBe(6);
    expect(dash!.round.mean).toBe(3);
    expect(dash!.round.sd).toBe(2);
    expect(dash!.winBought.rate).toBeCloseTo(2 / 3, 12);
    expect(dash!.winPassed.rate).toBe(0.5);
    expect(dash!.improvement.mean).toBeCloseTo(2 / 3 - 0.5, 12);
    expect(dash!.uses.sprint!.mean).toBe(2);
    expect(dash!.few).toBe(true);
    expect(dash!.sample).toBe(0);
    const [lane] = fold.placeFigures();
    expect(lane!.used.x).toBe(3);
    expect(lane!.rounds.mean).toBe(4);
    const { flags, counts } = fold.flags();
    expect(counts).toEqual({ 'no-choice': 3, repeating: 3, 'round-limit': 1 });
    expect(flags.find((f) => f.kind === 'round-limit')).toMatchObject({ index: 2, seed: 's.2' });
    expect(flags.find((f) => f.kind === 'no-choice')!.message).toContain('seat 2 had no choice for 20 decisions');
  });
});

describe('the Acorn Run lab probe', () => {
  it("adds up to the outcome: race VP + combo VP is each seat's score; starts are four lanes; buys are rounds of the race", () => {
    const run = resolveRun({ game: 'acorn-run', seats: 4, games: 1, seed: 'probe', probe: true }, () => ok(['heuristic']));
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    const played = playGame(run.value, { index: 0, group: 0, seed: 'probe.0', lineup: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] });
    expect(played.ok).toBe(true);
    if (!played.ok) return;
    const { result, record } = played.value;
    const facts = { ...result.facts!, seats: result.facts!.seats ?? [] };
    expect(facts.seats).toHaveLength(4);
    facts.seats.forEach((s, seat) => expect(s.values!.raceVp! + s.values!.comboVp!).toBe(result.scores[seat]));
    expect(new Set(facts.seats.map((s) => s.groups!.lane)).size).toBe(4);
    const buys = facts.seats.flatMap((s) => Object.values(s.cards!).flatMap((c) => c.bought));
    expect(buys.length).toBeGreaterThan(0);
    for (const r of buys) expect(r).toBeGreaterThanOrEqual(1), expect(r).toBeLessThanOrEqual(result.rounds);
    // A card bought was offered first (a legal buy), and starter cards are not counted.
    for (const s of facts.seats) for (const [id, c] of Object.entries(s.cards!)) {
      if (c.bought.length > 0) expect(c.offered).toBe(true);
      expect(id.startsWith('s-')).toBe(false);
    }
    // Probing the record again gives the same facts: it only reads the record.
    const again = probeRecord(run.value.pkg, record);
    expect(again.ok && again.value).toEqual(facts);
  });
});

describe('compare: every variant on the same schedule', () => {
  it('plays the same seeds with the seats rotated in every variant (verified from the records)', async () => {
    const spec = { game: 'tiny-race', seats: 3, games: 7, seed: 'pair', bots: ['random', 'heuristic'] };
    const played = await playVariants(spec, [{ name: 'base', source: 'builtin' }, { name: 'long', source: 'builtin, rounds=5', options: { rounds: 5 } }], { workers: 1, registry: tiny });
    expect(played.ok).toBe(true);
    if (!played.ok) return;
    const { runs, schedule } = played.value;
    // Whole deals: every rotation of (random, heuristic, random) → 3 lineups per deal, 9 games.
    expect(schedule).toHaveLength(9);
    expect(new Set(schedule.slice(0, 3).map((g) => g.seed))).toEqual(new Set(['pair.0']));
    expect(schedule.slice(0, 3).map((g) => g.lineup.join())).toEqual(['random,heuristic,random', 'random,random,heuristic', 'heuristic,random,random']);
    expect(runs[0]!.results.map((r) => r.seed)).toEqual(runs[1]!.results.map((r) => r.seed));
    const report = await runCompare(spec, [{ name: 'base', source: 'builtin' }, { name: 'long', source: 'builtin, rounds=5', options: { rounds: 5 } }], { workers: 1, registry: tiny });
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    const byIndex = (v: string): Map<number, string> => new Map(report.value.replays.filter((r) => r.variant === v).map((r) => [r.index, `${r.record.seed}|${r.lineup.join()}`]));
    const base = byIndex('base');
    const long = byIndex('long');
    expect(base.size).toBeGreaterThan(0);
    // Each variant embeds its own figure rows' games too (issue 26): the games both embed (the
    // first three at least) are the same deal and lineup.
    expect([0, 1, 2].every((i) => base.has(i) && long.has(i))).toBe(true);
    for (const [i, key] of base) if (long.has(i)) expect(long.get(i)).toBe(key);
    // The records differ only by the variant's options.
    const b0 = report.value.replays.find((r) => r.variant === 'base' && r.index === 0)!;
    const l0 = report.value.replays.find((r) => r.variant === 'long' && r.index === 0)!;
    expect((l0.record.options as { rounds: number }).rounds).toBe(5);
    expect(b0.record.seed).toBe(l0.record.seed);
    const rounds = report.value.figures.find((f) => f.key === 'rounds')!;
    expect(rounds.diffs[0]!.n).toBe(3);
    expect(rounds.values[1]!.mean).toBe(5);
  });
});

describe('sweep', () => {
  it('parses values and targets', () => {
    expect(parseSweepValues('10..14:2')).toEqual(ok([10, 12, 14]));
    expect(parseSweepValues('1,3,2')).toEqual(ok([1, 3, 2]));
    expect(parseSweepValues('3..1').ok).toBe(false);
    expect(parseTarget('median rounds 14-18')).toEqual(ok({ text: 'median rounds 14-18', stat: 'median', figure: 'rounds', low: 14, high: 18 }));
    expect(parseTarget('seat1 23%-27%')).toMatchObject({ ok: true, value: { stat: 'mean', figure: 'seat1', low: 0.23, high: 0.27 } });
    expect(parseTarget('rounds about 14').ok).toBe(false);
  });

  it('reports the figure per value and marks those meeting the target', async () => {
    const values = [2, 3, 4];
    const report = await runSweep(
      { game: 'tiny-race', seats: 2, games: 4, seed: 'sw', bots: ['random'] },
      {
        field: 'options.rounds',
        values: values.map((v) => ({ value: v, variant: { name: `rounds=${v}`, source: `rounds=${v}`, options: { rounds: v } } })),
        figure: 'rounds',
        stat: 'median',
        target: { text: 'median rounds 3-4', stat: 'median', figure: 'rounds', low: 3, high: 4 },
      },
      { workers: 1, registry: tiny },
    );
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.value.points.map((p) => [p.value, p.estimate, p.meets])).toEqual([
      [2, 2, false],
      [3, 3, true],
      [4, 4, true],
    ]);
    // The page names the statistic once, and each value's interval is a capped bar.
    const page = labReportHtml({ ...report.value, stat: 'mean', label: 'mean combo VP per seat' }, () => undefined);
    expect(page).toContain('Sweep of options.rounds: mean combo VP per seat');
    expect(page).not.toContain('mean mean');
    const chart = page.slice(page.indexOf('Sweep of'), page.indexOf('<table', page.indexOf('Sweep of')));
    expect(chart.match(/aria-label="rule"/g)?.length).toBe(3);
    // The x axis is labelled at the swept values, whole numbers for a whole-number field (no "2.5").
    const xLabels = chart.slice(chart.indexOf('aria-label="x-axis tick label"'), chart.indexOf('aria-label="x-axis label"'));
    expect([...xLabels.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['2', '3', '4']);
  });

  it("thins a long sweep's ticks to a dozen, keeping its first and last value", () => {
    expect(sweepTicks([3, 1, 2])).toEqual([1, 2, 3]);
    const many = Array.from({ length: 40 }, (_, i) => 10 + i);
    const ticks = sweepTicks(many);
    expect(ticks.length).toBeLessThanOrEqual(12);
    expect([ticks[0], ticks.at(-1)]).toEqual([10, 49]);
    expect(ticks.every((t) => many.includes(t))).toBe(true);
  });
});

describe('the HTML report and the replay server', () => {
  let report: CompareReport;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'drey-lab-'));
    const r = await runCompare(
      { game: 'acorn-run', seats: 2, games: 2, seed: 'html', bots: ['heuristic'], options: { trees: 3 } },
      [{ name: 'base', source: 'builtin' }, { name: 'early', source: 'builtin, roundLimit=5', options: { roundLimit: 5 } }],
      { workers: 1 },
    );
    if (!r.ok) throw new Error(r.error.message);
    report = r.value;
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives the JSON round trip (drey lab report reads what --json wrote)', () => {
    const parsed = parseLabReport(JSON.stringify(report), 'run.json');
    expect(parsed.ok && parsed.value.replays.length).toBe(report.replays.length);
    const bad = parseLabReport(JSON.stringify({ ...report, replays: [{ id: '../x' }] }), 'run.json');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.message).toContain('run.json is not a saved lab run');
  });

  it('opens in Chromium with its charts, every replay link resolves, nothing is fetched', async () => {
    const file = join(dir, 'report.html');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, labReportHtml(report, (name) => (name ? BUILTINS.get('acorn-run') : undefined)));
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const external: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith('file:')) external.push(req.url());
      });
      await page.goto(`file://${file}`);
      expect(await page.locator('figure.chart svg').count()).toBeGreaterThanOrEqual(3);
      // The legend reads as one sentence on the screen: "too few:" with no gap before its colon.
      const legend = await page.locator('p.legend').first().innerText();
      expect(legend).toContain('too few: fewer than 30 samples, so the interval means little.');
      expect(legend).not.toMatch(/\s:/);
      // Nor on the screen: the curves' swatch spacing (a right margin) must not reach the marker.
      expect(await page.locator('p.legend span.few').first().evaluate((el) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { marginRight: string } }).getComputedStyle(el).marginRight)).toBe('0px');
      // At a phone's width the page never scrolls sideways: a wide table scrolls in its own box, a
      // content hash wraps (the tension table and the hashes made it twice the phone's width).
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth), 'the page scrolls sideways').toBe(0);
      expect(await page.locator('table').evaluateAll((ts) => ts.some((t) => t.scrollWidth > t.clientWidth)), 'no table is wider than a phone').toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });
      const links = await page.locator('a.replay').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect(await page.locator(href.replace(/^#/, '#')).count(), href).toBe(1);
      // Following a link lands on the replay, whose narrated log tells the game.
      await page.locator('a.replay').first().click();
      const target = new URL(page.url()).hash;
      await page.locator(`${target} summary`).click();
      expect(await page.locator(`${target} pre`).innerText()).toMatch(/round|sprint|Seat 1/i);
      expect(external).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('drey lab serve: the report at /, each embedded game as the web replay viewer reads it', async () => {
    const server = await serveLabReport(report, new Map([['base', BUILTINS.get('acorn-run')!], ['early', BUILTINS.get('acorn-run')!]]), { port: 0, host: '127.0.0.1' });
    try {
      const page = await fetch(`${server.url}/`);
      expect(await page.text()).toContain('<svg');
      const entry = report.replays[0]!;
      const res = await fetch(`${server.url}/api/tables/lab-${entry.id}/replay?viewer=spectator`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { table: { status: string; game: string }; frames: unknown[] };
      expect(body.table).toMatchObject({ status: 'finished', game: 'acorn-run' });
      expect(body.frames).toHaveLength(entry.record.actions.length + 1);
      expect((await fetch(`${server.url}/api/tables/lab-nope/replay`)).status).toBe(404);
      // The viewer's question of which games are played here has an answer: none (no 404 in its console).
      const games = await fetch(`${server.url}/api/games`);
      expect(games.status).toBe(200);
      expect(await games.json()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('drey lab (CLI)', () => {
  const run = (argv: string[]): ReturnType<typeof runCli> => runCli(argv, { registry: tiny });


  it('compare prints the paired table and writes JSON that `lab report` turns into HTML', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-lab-cli-'));
    try {
      const json = join(dir, 'run.json');
      const html = join(dir, 'run.html');
      const r = await run(['lab', 'compare', 'tiny-race', 'base=builtin', 'long=builtin,rounds=5', '--games', '6', '--seats', '2', '--bots', 'random', '--workers', '1', '--json', json]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain('long − base (paired 95%)');
      expect(r.out).toMatch(/game length \(rounds\)\s+3\.00\s+5\.00\s+\+2\.00/);
      // Six games: a difference that excludes 0 is marked "*", and every figure says its interval means little.
      expect(r.out).toMatch(/game length \(rounds\)\s+3\.00\s+5\.00\s+\+2\.00 \[2\.00, 2\.00\] \* \(n=\d+, too few\)/);
      // The legend says the rule once, plainly (not "too few: n < 30: too few samples").
      expect(r.out).toContain('\ntoo few: fewer than 30 samples, so the interval means little\n');
      expect(r.out).not.toMatch(/too few\s*:.*too few/);
      // Win shares and their paired differences stay within ±100% however few the games.
      for (const m of r.out.matchAll(/(-?\d+\.\d)%/g)) expect(Math.abs(Number(m[1]))).toBeLessThanOrEqual(100);
      const back = await run(['lab', 'report', json, '--html', html]);
      expect(back.code).toBe(0);
      const page = readFileSync(html, 'utf8');
      expect(page).toContain('<svg');
      // Significance is marked, not coloured as good: the legend says so, and nothing is green.
      expect(page).toContain('◆ bold</b>: the 95% interval excludes 0');
      expect(page).toContain('◆ +2.00');
      expect(page).not.toMatch(/color:#064|color:green/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad variants and values with one line and exit 2', async () => {
    expect((await run(['lab', 'compare', 'tiny-race', 'base=builtin'])).code).toBe(2);
    const bad = await run(['lab', 'compare', 'tiny-race', 'base=builtin', '9x=builtin']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^drey: a variant is written name=builtin/);
    const values = await run(['lab', 'sweep', 'tiny-race', '--field', 'options.rounds', '--values', '5..1', '--figure', 'rounds']);
    expect(values.code).toBe(2);
    expect(values.err).toContain('a range goes from low to high');
  });
});

describe('a content field to sweep', () => {
  it('setNumberAt changes one number by key and by id, and refuses what is not there', async () => {
    const { setNumberAt } = await import('../src/lab/sweep.js');
    const doc = { cheap: [{ id: 'g-dash', cost: 2 }, { id: 'y-dash', cost: 2 }], race: { roundLimit: 16 } };
    expect(setNumberAt(doc, ['cheap', 'y-dash', 'cost'], 1)).toEqual(ok({ cheap: [{ id: 'g-dash', cost: 2 }, { id: 'y-dash', cost: 1 }], race: { roundLimit: 16 } }));
    expect(setNumberAt(doc, ['race', 'roundLimit'], 14)).toMatchObject({ ok: true, value: { race: { roundLimit: 14 } } });
    expect(doc.race.roundLimit).toBe(16);
    expect(setNumberAt(doc, ['cheap', 'x-dash', 'cost'], 1)).toMatchObject({ ok: false, error: { message: "no element 'x-dash' at cheap.x-dash" } });
    expect(setNumberAt(doc, ['cheap', 'g-dash', 'id'], 1)).toMatchObject({ ok: false, error: { message: 'cheap.g-dash.id is not a number' } });
  });
});

describe('content variants (content files)', () => {
  it('a content field sweep builds one package per value; the built-in value is the built-in package', async () => {
    const { contentFieldVariants } = await import('../src/cli/lab-variants.js');
    const builtin = BUILTINS.get('acorn-run')!;
    const limit = (builtin.content.builtin.race as { roundLimit: number }).roundLimit;
    const variants = await contentFieldVariants(BUILTINS, 'acorn-run', 'race.roundLimit', [5, limit]);
    expect(variants.map((v) => v.variant.name)).toEqual(['roundLimit=5', `roundLimit=${limit}`]);
    const five = variants[0]!.variant;
    expect(five.registry!.get('acorn-run')!.content.hash).not.toBe(builtin.content.hash);
    expect(five.hash).toBe(five.registry!.get('acorn-run')!.content.hash);
    expect(variants[1]!.variant.registry).toBeUndefined();
    expect(variants[1]!.variant.hash).toBe(builtin.content.hash);
    await expect(contentFieldVariants(BUILTINS, 'acorn-run', 'race.nope', [1])).rejects.toThrow('race.json has no field nope');
    await expect(contentFieldVariants(BUILTINS, 'acorn-run', 'market-cards.cheap.g-dash.cost', [9])).rejects.toThrow(/market-cards/);
  });

  it('drey lab compare refuses a bad content directory naming the file and the path (exit 2)', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'drey-lab-content-'));
    try {
      const market = structuredClone(BUILTINS.get('acorn-run')!.content.builtin['market-cards']) as { cheap: { cost: unknown }[] };
      market.cheap[0]!.cost = 'cheap';
      writeFileSync(join(dir, 'market-cards.json'), JSON.stringify(market));
      const { code, err } = await runCli(['lab', 'compare', 'acorn-run', 'base=builtin', `bad=${dir}`, '--games', '1']);
      expect(code).toBe(2);
      expect(err).toMatch(/^drey: content .*market-cards.*cheap\[0\]\.cost/);
      expect(err).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A content directory holding only market-cards.json, with the three Dash cards one acorn cheaper. */
function cheaperDashDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'drey-lab-dash-'));
  const market = structuredClone(BUILTINS.get('acorn-run')!.content.builtin['market-cards']) as { cheap: { id: string; cost: number }[] };
  for (const card of market.cheap) if (card.id.endsWith('-dash')) card.cost -= 1;
  writeFileSync(join(dir, 'market-cards.json'), JSON.stringify(market));
  return dir;
}

/** What a run measured, without how long it took and on how many threads. */
const figuresOf = (report: CompareReport): unknown => ({ ...report, variants: report.variants.map(({ seconds: _s, workers: _w, ...v }) => v) });


describe('content variants on the worker pool', () => {
  let dir: string;
  beforeAll(() => {
    dir = cheaperDashDir();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const spec = { game: 'acorn-run', seats: 2, games: 6, seed: 'pool', bots: ['heuristic'], options: { trees: 3 } };

  it('a content directory variant gives the same report on one worker and on two, plays on both, and reports progress', async () => {
    const { registryWithContent } = await import('../src/content/files.js');
    const dash = { name: 'dash', source: dir, content: dir, registry: await registryWithContent(BUILTINS, 'acorn-run', dir) };
    const variants = [{ name: 'base', source: 'builtin' }, dash];
    const one = await runCompare(spec, variants, { workers: 1 });
    const seen: [number, number][] = [];
    const two = await runCompare(spec, variants, { workers: 2, onProgress: (d, t) => seen.push([d, t]) });
    if (!one.ok) throw new Error(one.error.message);
    if (!two.ok) throw new Error(two.error.message);
    expect(two.value.variants.map((v) => v.workers)).toEqual([2, 2]);
    // The progress bar's feed counts every game of both variants, rising, while the variant plays on workers.
    expect(seen.at(-1)).toEqual([12, 12]);
    expect(seen.every(([d, t], i) => t === 12 && (i === 0 || d > seen[i - 1]![0]))).toBe(true);
    expect(seen.some(([d]) => d > 6 && d < 12)).toBe(true);
    expect(one.value.variants.map((v) => v.workers)).toEqual([1, 1]);
    expect(JSON.stringify(figuresOf(two.value))).toBe(JSON.stringify(figuresOf(one.value)));
    // The variant really is other content: its hash, its changed file, and the Dash cards' cost.
    const summary = two.value.variants[1]!;
    expect(summary.hash).toBe(dash.registry.get('acorn-run')!.content.hash);
    expect(summary.hash).not.toBe(BUILTINS.get('acorn-run')!.content.hash);
    expect(Object.keys(summary.contentFiles ?? {})).toEqual(['market-cards']);
    expect(two.value.variants[0]!.contentFiles).toBeUndefined();
  }, 120_000);

  it('a variant of a game that is not built in falls back to this thread (workers: 1 in its figures)', async () => {
    const played = await playVariants(
      { game: 'tiny-race', seats: 2, games: 4, seed: 'here', bots: ['random'] },
      [
        { name: 'a', source: 'tiny', registry: tiny },
        { name: 'b', source: 'tiny, rounds=4', registry: tiny, options: { rounds: 4 } },
      ],
      { workers: 2, registry: tiny },
    );
    expect(played.ok && played.value.workers).toEqual([1, 1]);
  });

  it('drey lab sweep --content DIR sets the field in that content; the report names DIR and carries each value\'s files', async () => {
    const out = mkdtempSync(join(tmpdir(), 'drey-lab-sweep-'));
    try {
      const json = join(out, 'sweep.json');
      const r = await runCli(['lab', 'sweep', 'acorn-run', '--content', dir, '--field', 'race.roundLimit', '--values', '6,9', '--figure', 'rounds', '--games', '2', '--seats', '2', '--option', 'trees=3', '--workers', '2', '--json', json]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`sweep of race.roundLimit in the content of ${dir}`);
      const report = JSON.parse(readFileSync(json, 'utf8')) as import('../src/lab/sweep.js').SweepReport;
      expect(report.content).toBe(dir);
      expect(report.variants.map((v) => v.source)).toEqual([`${dir}, race.roundLimit=6`, `${dir}, race.roundLimit=9`]);
      expect(report.variants.map((v) => v.workers)).toEqual([2, 2]);
      for (const [i, limit] of [6, 9].entries()) {
        const files = report.variants[i]!.contentFiles as { race: { roundLimit: number }; 'market-cards': { cheap: { id: string; cost: number }[] } };
        // Both the directory's cheaper Dash cards and the swept field.
        expect(files.race.roundLimit).toBe(limit);
        expect(files['market-cards'].cheap.find((c) => c.id === 'g-dash')!.cost).toBe(1);
      }
      // A sweep over the built-in content has the builtin's Dash cost at the same value.
      const { contentFieldVariants } = await import('../src/cli/lab-variants.js');
      const plain = await contentFieldVariants(BUILTINS, 'acorn-run', 'race.roundLimit', [6]);
      expect(plain[0]!.variant.hash).not.toBe(report.variants[0]!.hash);
      const { variantPackages } = await import('../src/cli/lab-file.js');
      const pkgs = await variantPackages(report, BUILTINS);
      expect(report.variants.map((v) => pkgs.get(v.name)!.content.hash)).toEqual(report.variants.map((v) => v.hash));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it("a content variant's replays open with its content in drey lab serve; an exported record replays only with --content", async () => {
    const out = mkdtempSync(join(tmpdir(), 'drey-lab-replay-'));
    try {
      const json = join(out, 'run.json');
      const r = await runCli(['lab', 'compare', 'acorn-run', 'base=builtin', `dash=${dir}`, '--games', '2', '--seats', '2', '--option', 'trees=3', '--workers', '1', '--json', json]);
      expect(r.code).toBe(0);
      const parsed = parseLabReport(readFileSync(json, 'utf8'), json);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const report = parsed.value;
      const { variantPackages } = await import('../src/cli/lab-file.js');
      // The report rebuilds the variant from its own files: the directory may be gone or changed.
      const pkgs = await variantPackages({ ...report, variants: report.variants.map((v) => ({ ...v, content: '/no/such/dir' })) }, BUILTINS);
      const dashHash = report.variants[1]!.hash!;
      expect(pkgs.get('dash')!.content.hash).toBe(dashHash);
      const entry = report.replays.find((e) => e.variant === 'dash')!;
      expect(entry.record.contentHash).toBe(dashHash);
      const server = await serveLabReport(report, pkgs, { port: 0, host: '127.0.0.1' });
      try {
        const res = await fetch(`${server.url}/api/tables/lab-${entry.id}/replay`);
        expect(res.status).toBe(200);
        const body = (await res.json()) as { frames: unknown[] };
        expect(body.frames).toHaveLength(entry.record.actions.length + 1);
      } finally {
        await server.close();
      }
      // Served with the builtin for the variant, the replay is refused rather than told wrong.
      const wrong = await serveLabReport(report, new Map([['dash', BUILTINS.get('acorn-run')!]]), { port: 0, host: '127.0.0.1' });
      try {
        const res = await fetch(`${wrong.url}/api/tables/lab-${entry.id}/replay`);
        expect(res.status).toBe(409);
        expect(((await res.json()) as { message: string }).message).toContain('was played with content');
      } finally {
        await wrong.close();
      }
      // A report whose variant hash does not match its files is refused with a reason.
      const tampered = { ...report, variants: report.variants.map((v) => (v.name === 'dash' ? { ...v, hash: 'f'.repeat(64) } : v)) };
      await expect(variantPackages(tampered, BUILTINS)).rejects.toThrow(/variant dash was played with .* content ffffffffffff/);
      // The record copied out of the report is a record file `drey replay` checks.
      const file = join(out, 'dash-game.json');
      writeFileSync(file, JSON.stringify(entry.record));
      const refused = await runCli(['replay', file]);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(`was played with Acorn Run content ${dashHash}, not the builtin content`);
      expect(refused.err).toContain('--content DIR');
      const replayed = await runCli(['replay', file, '--content', dir]);
      expect(replayed.err).toBe('');
      expect(replayed.code).toBe(0);
      expect(replayed.out).toContain('(as recorded)');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
