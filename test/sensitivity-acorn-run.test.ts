/**
 * Acorn Run's content-sensitivity suite (issue 23): each content change a designer might try,
 * with the behaviour of the heuristic bots that must follow, measured by a paired lab comparison
 * (builtin against the variant on the same deals) at 95%. A bot that read a constant instead of
 * the content would play the variant as the builtin and fail here; before issue 23 the heuristic
 * played a changed Race Results track move for move as the builtin (every figure but race VP
 * differed by exactly 0), so the last check failed then.
 */
import { describe, expect, it } from 'vitest';
import type { CompareSpec } from '../src/lab/compare.js';
import { isDown, isUp, pairedEffects, said, variantOf } from './sensitivity.js';

type Card = { id: string; cost: number; effect?: unknown };
type Race = { results: number[]; comboRewards: { vp: number; acorns: number }[] };

/** Two heuristic racers over the last three trees: short games, every part of the race played. */
const spec = (games: number, seed: string): CompareSpec => ({ game: 'acorn-run', seats: 2, games, seed, bots: ['heuristic'], options: { trees: 3 }, probe: true });
const cheap = (files: Record<string, unknown>): Card[] => (files['market-cards'] as { cheap: Card[] }).cheap;

describe('the Acorn Run heuristic follows the content', () => {
  it('buys a card made cheaper earlier (Green Dash: cost 2 → 1)', async () => {
    const variant = variantOf('acorn-run', (f) => {
      for (const c of cheap(f)) if (c.id === 'g-dash') c.cost = 1;
    });
    const d = await pairedEffects(spec(60, 'cheaper'), variant);
    expect(isDown(d('card-round|g-dash')), said(d('card-round|g-dash'))).toBe(true);
  }, 60_000);

  it('buys cards whose effect is made much stronger more often (the Twigs: no effect → draw 3)', async () => {
    const twigs = (f: Record<string, unknown>): Card[] => cheap(f).filter((c) => c.id.includes('-twig-'));
    const variant = variantOf('acorn-run', (f) => {
      for (const c of twigs(f)) c.effect = { kind: 'draw', cards: 3 };
    });
    const d = await pairedEffects(spec(30, 'stronger'), variant);
    const bought = twigs(variant.content.data as Record<string, unknown>).map((c) => `card-buys|${c.id}`);
    expect(isUp(d(...bought)), said(d(...bought))).toBe(true);
  }, 60_000);

  it('makes fewer combo jumps when combos pay nothing (R5 rewards zeroed)', async () => {
    const variant = variantOf('acorn-run', (f) => {
      const race = f.race as Race;
      race.comboRewards = race.comboRewards.map(() => ({ vp: 0, acorns: 0 }));
    });
    const d = await pairedEffects(spec(16, 'combos'), variant);
    expect(isDown(d('value|comboJumps')), said(d('value|comboJumps'))).toBe(true);
  }, 60_000);

  it('races differently on another Race Results track (R12): a flat track makes longer races with more combo jumps', async () => {
    const variant = variantOf('acorn-run', (f) => {
      (f.race as Race).results = [6, 6, 5, 5, 5, 5, 5, 5];
    });
    const d = await pairedEffects(spec(120, 'track'), variant);
    // Race VP moves by the track itself; the point is that how the bots race moves too: racing
    // matters less, so they stay longer for combos and acorns.
    expect(isUp(d('actions')), `actions per game ${said(d('actions'))}; combo jumps ${said(d('value|comboJumps'))}`).toBe(true);
  }, 60_000);
});
