/** Autumn Leaves options: how many hands (L2: six; fewer for a quick game). */
import type { OptionsProps } from '../types.js';

export function AutumnLeavesOptions({ value, onChange }: OptionsProps) {
  const hands = typeof value === 'object' && value !== null && 'hands' in value ? Number((value as { hands: unknown }).hands) : 6;
  return (
    <label className="field">
      <span>Hands</span>
      <select value={hands} onChange={(e) => onChange({ hands: Number(e.target.value) })} data-testid="option-hands">
        {[1, 2, 3, 4, 5, 6, 8, 10, 12].map((n) => (
          <option key={n} value={n}>
            {n === 6 ? '6 (full game)' : n === 1 ? '1 (quick)' : n}
          </option>
        ))}
      </select>
    </label>
  );
}
