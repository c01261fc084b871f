/** Acorn Run options: the full course or a shorter race over the last trees, and an earlier sunset. */
import { BOARD } from '../../../../src/games/acorn-run/board.js';
import { CONTENT } from '../../../../src/games/acorn-run/content/index.js';
import { DIFFICULTIES } from '../../../../src/games/acorn-run/content/dummy-schema.js';
import type { OptionsProps } from '../types.js';

interface RunOptions {
  trees?: number;
  roundLimit?: number;
  dummies?: number;
  difficulty?: string;
  start?: 'first' | 'last' | 'split';
}

export function AcornRunOptions({ value, onChange }: OptionsProps) {
  const v: RunOptions = typeof value === 'object' && value !== null ? (value as RunOptions) : {};
  const all = BOARD.trees.length;
  const set = (patch: RunOptions): void => {
    const next: RunOptions = { ...v, ...patch };
    if (next.trees === all) delete next.trees;
    if (next.roundLimit === CONTENT.race.roundLimit) delete next.roundLimit;
    if (next.dummies === 0) {
      delete next.dummies;
      delete next.difficulty;
      delete next.start;
    }
    onChange(next);
  };
  return (
    <>
      <label className="field">
        <span>Course</span>
        <select value={v.trees ?? all} onChange={(e) => set({ trees: Number(e.target.value) })} data-testid="option-trees">
          {Array.from({ length: all - 1 }, (_, i) => all - i).map((n) => (
            <option key={n} value={n}>
              {n === all ? `full race (${n} trees)` : `last ${n} trees`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Sunset after round</span>
        <select value={v.roundLimit ?? CONTENT.race.roundLimit} onChange={(e) => set({ roundLimit: Number(e.target.value) })} data-testid="option-sunset">
          {[3, 5, 10, 20, CONTENT.race.roundLimit].map((n) => (
            <option key={n} value={n}>
              {n === CONTENT.race.roundLimit ? `${n} (standard)` : n}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Dummy racers (R14: with one or two seats)</span>
        <select value={v.dummies ?? 0} onChange={(e) => set({ dummies: Number(e.target.value) })} data-testid="option-dummies">
          {[0, 1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n === 0 ? 'none' : n}
            </option>
          ))}
        </select>
      </label>
      {(v.dummies ?? 0) > 0 && (
        <>
          <label className="field">
            <span>Dummy difficulty</span>
            <select value={v.difficulty ?? 'normal'} onChange={(e) => set({ difficulty: e.target.value })} data-testid="option-difficulty">
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>People start</span>
            <select value={v.start ?? 'first'} onChange={(e) => set({ start: e.target.value as RunOptions['start'] })} data-testid="option-start">
              <option value="first">first</option>
              <option value="last">last</option>
              <option value="split">one first, one last (two seats)</option>
            </select>
          </label>
        </>
      )}
    </>
  );
}
