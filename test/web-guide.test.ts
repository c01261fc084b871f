/**
 * The guided first turn of Acorns and Autumn Leaves (web/src/guide-hints.ts) followed through a
 * whole guided game played on the engine, hint by hint, as the table page keeps them: a step once
 * done stays done (the page keeps what is done per table), and the guide ends when its steps are
 * done or its turns are over (issue 25: it went back to "click your 5-acorn tree" after the tree
 * was planted, and said "step 2 of 4" in round 7).
 */
import { describe, expect, it } from 'vitest';
import { createMatch, play } from '../src/engine/match.js';
import type { AnyGame } from '../src/engine/game.js';
import { BUILTINS } from '../src/games/index.js';
import { arrangeDeal } from '../src/games/acorns/arrange.js';
import type { AcornsAction } from '../src/games/acorns/actions.js';
import type { AcornsView } from '../src/games/acorns/view.js';

interface Hint {
  step: number;
  of: number;
  text: string;
  done?: readonly string[];
}
// Loaded by a computed path so the node tests' type check does not follow it into the web tree.
const HINTS = '../web/src/guide-hints.js';
const { acornsHint } = (await import(HINTS)) as {
  acornsHint: (view: AcornsView, legal: readonly AcornsAction[], you: number, done: ReadonlySet<string>) => Hint | null;
};

describe('the Acorns guided first turn', () => {
  it('moves only forward through a whole game: plant, the bot’s turn, squirrels, then done; never "step 2" late in the game', () => {
    const game = BUILTINS.find('acorns');
    if (!game.ok) throw new Error(game.error.message);
    const acorns = game.value.game as AnyGame;
    const arrangement = arrangeDeal({
      seats: 2,
      dealer: 1,
      hands: [['tree-5-1', 'squirrel-red-3-1', 'squirrel-red-2-1', 'fox-red', 'squirrel-blue-1-1', 'tree-3-1'], ['tree-4-1', 'squirrel-green-1-1', 'squirrel-yellow-2-1']],
    });
    const created = createMatch(acorns, { seats: 2, seed: 'guided-first-turn', arrangement });
    if (!created.ok) throw new Error(created.error.message);
    const m = created.value;
    const done = new Set<string>();
    const seen: { round: number; step: number | null; text: string }[] = [];
    let myTurns = 0;
    for (let i = 0; i < 400 && !acorns.outcome(m.state); i++) {
      const view = acorns.view(m.state, 0) as AcornsView;
      const seat = acorns.toAct(m.state)[0]!;
      const legal = (seat === 0 ? acorns.legalActions(m.state, 0) : []) as readonly AcornsAction[];
      const hint = acornsHint(view, legal, 0, done);
      for (const d of hint?.done ?? []) done.add(d);
      seen.push({ round: view.round, step: hint?.step ?? null, text: hint?.text ?? '' });
      const all = acorns.legalActions(m.state, seat) as readonly AcornsAction[];
      let action: AcornsAction;
      if (seat === 0) {
        // The game: plant the 5-tree, then a blue 1, then whatever comes first (forced draws).
        myTurns++;
        const want = myTurns === 1 ? all.find((a) => a.type === 'plant' && a.card === 'tree-5-1') : myTurns === 2 ? all.find((a) => a.type === 'squirrel' && a.card === 'squirrel-blue-1-1') : undefined;
        action = want ?? all.find((a) => a.type === 'draw') ?? all[0]!;
      } else action = all.find((a) => a.type === 'draw') ?? all[0]!;
      expect(play(m, seat, action).ok).toBe(true);
    }
    const steps = seen.map((s) => s.step ?? Infinity);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!, `hint ${i} (round ${seen[i]!.round}): ${seen[i]!.text}`).toBeGreaterThanOrEqual(steps[i - 1]!);
    // Once the tree is planted nobody is told to plant it again.
    const plantedAt = seen.findIndex((s) => s.step !== null && s.step >= 2);
    expect(seen.slice(plantedAt).some((s) => /5-acorn tree/.test(s.text))).toBe(false);
    // The guide is over well before round 7.
    expect(seen.filter((s) => s.round >= 7).every((s) => s.step === null)).toBe(true);
    expect(seen.some((s) => s.step === 4)).toBe(true);
  });
});
