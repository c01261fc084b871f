/**
 * The lab's curves and tension figures (issue 26 item 3): aggregation and tension metrics on
 * hand-made game traces, each game's per-round sample against its own outcome, a compare run
 * whose report (JSON, text, HTML) carries the curves, and the same report on one worker and two.
 */
import { describe, expect, it } from 'vitest';
import { dealsPhrase, labReportHtml } from '../src/cli/lab-html.js';
import { curvesAndTensionLines } from '../src/cli/commands/lab.js';
import { BUILTINS } from '../src/games/index.js';
import { runCompare, type CompareReport } from '../src/lab/compare.js';
import { summarizeCurves, valueAt, type GameTrace } from '../src/lab/curves.js';
import { playGame } from '../src/lab/play.js';
import { resolveRun } from '../src/lab/resolve.js';
import { gameRefs, gameTension, tensionFigures, TensionFold, winnerSides } from '../src/lab/tension.js';
import { ok } from '../src/engine/result.js';

const seats = (n: number): GameTrace['participants'] => Array.from({ length: n }, (_, s) => ({ name: `seat ${s + 1}`, seat: s, side: s }));
/** A trace of one measure 'vp', given per round as one value per participant. */
const trace = (rounds: number[][], participants = seats(rounds[0]!.length)): GameTrace => ({ participants, samples: rounds.map((vp) => ({ vp })) });
const rule = { lead: 'vp', close: 2 };

describe('tension on hand-made traces', () => {
  it('counts lead changes between sole leaders; a tie at the top changes nothing', () => {
    // Leaders: A, B, tie (A=B), B, A, A → changes A→B, B→A: 2 (the tie then B again is no change).
    const t = gameTension(trace([[3, 1], [3, 5], [6, 6], [6, 8], [12, 8], [15, 9]]), [0], rule)!;
    expect(t.leadChanges).toBe(2);
    // The sole leader won after rounds 1, 5, 6; lost after rounds 2 and 4; round 3 was a tie.
    expect(t.leaderWon).toEqual([true, false, null, false, true, true]);
    // A leads (alone or tied) from the end of round 5 to the end: leads for good from round 5.
    expect(t.leadsFrom).toBe(5);
    expect(t.margin).toBe(6);
    expect(t.close).toBe(false);
    expect(t.rounds).toBe(6);
  });

  it('a winner ahead from round 1 leads for good from round 1, with no lead change; a 2-point margin is close', () => {
    const t = gameTension(trace([[2, 0, 1], [4, 3, 1], [7, 5, 6]]), [0], rule)!;
    expect(t).toEqual({ leadChanges: 0, leadsFrom: 1, margin: 1, close: true, rounds: 3, leaderWon: [true, true, true] });
  });

  it('lower is better (Autumn Leaves): the lowest side leads, and the margin is the next one minus it', () => {
    const t = gameTension(trace([[0, 0], [5, 2], [6, 9]]), [0], { lead: 'vp', close: 2, lowerIsBetter: true })!;
    // Round 1 tie, round 2 B (lower), round 3 A: one change, A leads for good from round 3.
    expect(t.leadChanges).toBe(1);
    expect(t.leadsFrom).toBe(3);
    expect(t.margin).toBe(3);
  });

  it('partners are one side: they never "change the lead" between themselves; a shared win has no leads-for-good', () => {
    const partners = seats(4).map((p) => ({ ...p, side: p.seat! >> 1 }));
    const t = gameTension(trace([[4, 4, 1, 1], [4, 4, 6, 6], [9, 9, 6, 6]], partners), winnerSides(trace([[0, 0, 0, 0]], partners), [0, 1]), rule)!;
    expect(t.leadChanges).toBe(2);
    expect(t.leadsFrom).toBe(3);
    const shared = gameTension(trace([[1, 2], [3, 3]]), [0, 1], rule)!;
    expect(shared.leadsFrom).toBeNull();
    expect(shared.margin).toBe(0);
  });

  it('a racer at no seat that won is found by name', () => {
    const t: GameTrace = { participants: [{ name: 'seat 1', seat: 0, side: 0 }, { name: 'Twinkle', seat: null, side: 1 }], samples: [{ vp: [1, 2] }] };
    expect(winnerSides(t, [], [{ name: 'Twinkle', rank: 1 }])).toEqual([1]);
    expect(winnerSides(t, [0], [{ name: 'Twinkle', rank: 2 }])).toEqual([0]);
  });

  it('the fold summarises with intervals and names the games nearest the mean, lowest and highest', () => {
    const fold = new TensionFold({ ...rule, closeWhy: 'test', secondsPerAction: 6, secondsWhy: 'test' });
    // Added out of order: the summary is by schedule index.
    fold.add(2, trace([[1, 0], [0, 1], [1, 0], [0, 1]]), [1], 100); // 3 changes, margin 1
    fold.add(0, trace([[1, 0], [2, 0]]), [0], 40); // 0 changes, margin 2
    fold.add(1, trace([[0, 1], [2, 1]]), [0], 70); // 1 change, margin 1
    const s = fold.summary()!;
    const changes = s.figures.find((f) => f.key === 'leadChanges')!;
    expect(changes.mean.mean).toBeCloseTo(4 / 3, 12);
    expect(changes.mean.interval[0]).toBeLessThan(4 / 3);
    expect(changes.refs).toEqual({ nearest: 1, min: 0, max: 2 });
    expect(s.figures.find((f) => f.key === 'minutes')!.mean.mean).toBeCloseTo((210 * 6) / 60 / 3, 12);
    expect(s.close.x).toBe(3);
    expect(s.close.rate).toBe(1);
    expect(s.close.interval[1]).toBe(1);
    // Round 1 (games 0, 1, 2): leaders A, B, A; winners A, A, B → the leader won 1 of 3. Round 2:
    // leaders A, A, B all won. Rounds 3 and 4: only game 2 is still being played (A leads and loses, then B).
    expect(s.leaderWins.map((w) => [w.x, w.n])).toEqual([[1, 3], [3, 3], [0, 1], [1, 1]]);
  });

  it('with two games, intervals stay within what each figure can be (issue 26: no negative lead changes, no share over 100%)', () => {
    const fold = new TensionFold({ ...rule, closeWhy: 'test', secondsPerAction: 6, secondsWhy: 'test' });
    fold.add(0, trace([[1, 0], [2, 0], [3, 0]]), [0], 40); // no lead change, leads from round 1 of 3
    fold.add(1, trace([[0, 1], [2, 1], [3, 1]]), [0], 40); // one change, leads from round 2 of 3
    const s = fold.summary()!;
    const of = (key: string) => s.figures.find((f) => f.key === key)!.mean;
    expect(of('leadChanges').interval[0]).toBe(0);
    expect(of('leadsFromShare').interval[0]).toBeGreaterThanOrEqual(0);
    expect(of('leadsFromShare').interval[1]).toBeLessThanOrEqual(1);
    for (const f of s.figures) expect(f.mean.interval[0], f.key).toBeGreaterThanOrEqual(0);
  });

  it("a game's tension as paired figures: no leads-for-good figure for a shared win", () => {
    const won = tensionFigures(gameTension(trace([[1, 0], [2, 5], [9, 5]]), [0], rule), 120, 5);
    expect(Object.fromEntries(won)).toEqual({ 'tension|leadChanges': 2, 'tension|leadsFrom': 3, 'tension|margin': 4, 'tension|close': 0, 'tension|minutes': 10 });
    const shared = tensionFigures(gameTension(trace([[1, 1]]), [0, 1], rule), 60, 5);
    expect(shared.has('tension|leadsFrom')).toBe(false);
    expect(shared.get('tension|close')).toBe(1);
  });

  it('gameRefs picks the earliest game on ties', () => {
    expect(gameRefs([{ index: 4, value: 2 }, { index: 1, value: 2 }, { index: 3, value: 5 }, { index: 0, value: 1 }])).toEqual({ nearest: 1, min: 0, max: 3 });
    expect(gameRefs([])).toBeUndefined();
  });
});

describe('curves on hand-made traces', () => {
  it('a game that ended counts with its final value; the band is the interquartile range; nulls are left out', () => {
    const a = trace([[1], [2], [3]]);
    const b = trace([[3], [5]]);
    const c: GameTrace = { participants: seats(1), samples: [{ vp: [2] }, { vp: [null] }] };
    expect(valueAt(b, 'vp', 0, 3)).toBe(5);
    const s = summarizeCurves([a, b, c], [{ key: 'vp', label: 'VP' }]);
    expect(s.running).toEqual([3, 3, 1]);
    const points = s.curves[0]!.points;
    expect(points.map((p) => p.mean)).toEqual([2, 3.5, 4]);
    expect(points.map((p) => p.n)).toEqual([3, 2, 2]);
    expect(points[0]!.q1).toBe(1.5);
    expect(points[0]!.q3).toBe(2.5);
    expect(points[0]!.interval[0]).toBeLessThan(2);
    expect(points[0]!.interval[1]).toBeGreaterThan(2);
  });
});

describe('each game samples its rounds', () => {
  const cases = [
    { game: 'acorn-run', seats: 2, bots: ['heuristic'], options: { trees: 3 } },
    { game: 'acorn-run', seats: 1, bots: ['heuristic'], options: { trees: 3, dummies: 2 } },
    { game: 'acorns', seats: 4, bots: ['random'], options: { partners: true } },
    { game: 'autumn-leaves', seats: 4, bots: ['random'], options: { hands: 2 } },
  ];
  for (const c of cases) {
    it(`${c.game} ${JSON.stringify(c.options)}: one sample per round, and the last one's lead measure is the outcome's scores`, () => {
      const run = resolveRun({ game: c.game, seats: c.seats, games: 1, seed: 'curves', options: c.options, probe: true }, () => ok(new Array<string>(c.seats).fill(c.bots[0]!)));
      if (!run.ok) throw new Error(run.error.message);
      const played = playGame(run.value, { index: 0, seed: 'curves.0', lineup: new Array<string>(c.seats).fill(c.bots[0]!), group: 0 });
      if (!played.ok) throw new Error(played.error.message);
      const { result } = played.value;
      const t = result.facts!.curves!;
      const lead = BUILTINS.get(c.game)!.lab!.curves!.lead;
      // Rounds in the outcome; a game cut short mid-round has one sample more (its final state).
      expect(t.samples.length - result.rounds).toBeGreaterThanOrEqual(0);
      expect(t.samples.length - result.rounds).toBeLessThanOrEqual(1);
      const last = t.samples.at(-1)![lead]!;
      t.participants.forEach((p, i) => {
        const score = p.seat !== null ? result.scores[p.seat] : result.racers!.find((r) => r.name === p.name)!.score;
        expect(last[i], p.name).toBe(score);
      });
    }, 60_000);
  }
});

/** What a run measured, without how long it took and on how many threads. */
const measured = (report: CompareReport): unknown => ({ ...report, variants: report.variants.map(({ seconds: _s, workers: _w, ...v }) => v) });
/** The HTML from the figures on (the header names seconds and threads). */
const fromFigures = (html: string): string => html.slice(html.indexOf('<h2>Figures</h2>'));

describe('a compare run with curves', () => {
  const spec = { game: 'acorns', seats: 4, games: 8, seed: 'curves', bots: ['random'], options: {} };
  const variants = [
    { name: 'base', source: 'builtin' },
    { name: 'partners', source: 'builtin, partners', options: { partners: true } },
  ];

  it('reports curves and tension for both variants, the same on one worker and two, drawn overlaid in the HTML', async () => {
    const one = await runCompare(spec, variants, { workers: 1 });
    const two = await runCompare(spec, variants, { workers: 2 });
    if (!one.ok) throw new Error(one.error.message);
    if (!two.ok) throw new Error(two.error.message);
    expect(JSON.stringify(measured(two.value))).toBe(JSON.stringify(measured(one.value)));
    // Tension figures are paired between the variants, deal by deal, like every other figure.
    const changes = one.value.figures.find((f) => f.key === 'tension|leadChanges')!;
    expect(changes.label).toBe('lead changes per game');
    expect(changes.diffs[0]!.n).toBe(8);
    expect(changes.values[0]!.mean).toBeCloseTo(one.value.variants[0]!.tension!.figures.find((f) => f.key === 'leadChanges')!.mean.mean, 12);
    expect(one.value.figures.find((f) => f.key === 'tension|close')!.unit).toBe('share');
    for (const v of one.value.variants) {
      expect(v.curves!.measures.map((m) => m.key)).toEqual(['score', 'claimed', 'hand']);
      expect(v.curves!.participants).toEqual(['seat 1', 'seat 2', 'seat 3', 'seat 4']);
      expect(v.curves!.curves).toHaveLength(12);
      expect(v.curves!.running[0]).toBe(8);
      expect(v.tension!.games).toBe(8);
    }
    const html = labReportHtml(one.value, (name) => (name === 'base' || name === 'partners' ? BUILTINS.get('acorns') : undefined));
    expect(fromFigures(labReportHtml(two.value, () => BUILTINS.get('acorns')))).toBe(fromFigures(labReportHtml(one.value, () => BUILTINS.get('acorns'))));
    // One bot in every seat: each deal was played once, and the header does not claim rotations.
    expect(html).toContain('8 deals, one game each: every seat has the same bot');
    const section = html.slice(html.indexOf('<h2 id="curves">'));
    expect(section).toContain('lead changes per game');
    expect(section).toContain('close finishes (margin ≤ 2)');
    // One chart per measure, each an accessible image naming both variants.
    for (const m of ['score if it ended now', 'acorns on claimed trees', 'cards in hand']) expect(section).toContain(`<h4>${m}</h4>`);
    expect(section.match(/<svg role="img" aria-labelledby="curve-[a-z]+-t curve-[a-z]+-d"/g)).toHaveLength(3);
    expect(section).toMatch(/<desc id="curve-score-d">Mean score if it ended now per round for each of seat 1, seat 2, seat 3, seat 4, variants base and partners overlaid/);
    // Every replay link of the figure rows and the tension table resolves to an embedded replay.
    const anchors = [...html.matchAll(/href="#(replay-[^"]+)"/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThan(20);
    for (const a of anchors) expect(html).toContain(`id="${a}"`);
    const figures = html.slice(html.indexOf('<h2>Figures</h2>'), html.indexOf('<h3>Game length'));
    expect(figures).toMatch(/<td>game length \(rounds\)<\/td>.*base: <a class="replay" href="#replay-base-\d+">near mean<\/a>/);
    // In words, too.
    const text = curvesAndTensionLines(one.value).join('\n');
    expect(text).toMatch(/tension, partners \(lead measure: score\):\n {2}lead changes per game: \d+\.\d \[/);
    expect(text).toMatch(/score if it ended now, seat 1: round \d+ -?\d+\.\d/);
  }, 180_000);
});

describe("the report header's deals", () => {
  it('names the games per deal when a lineup was rotated, and one game a deal when every seat had the same bot', () => {
    expect(dealsPhrase({ games: 40, blocks: 40 })).toBe('40 deals, one game each: every seat has the same bot, so a rotation would repeat it');
    expect(dealsPhrase({ games: 1, blocks: 1 })).toMatch(/^1 deal, one game each/);
    // hard against three heuristic bots at 4 seats: four distinct rotations a deal.
    expect(dealsPhrase({ games: 200, blocks: 50 })).toBe('50 deals, each played in every distinct rotation of the lineup, 4 games a deal');
  });
});
