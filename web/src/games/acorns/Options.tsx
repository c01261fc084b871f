/** Acorns options: the partner game (A12) for 4, 6 or 8 players. */
import type { OptionsProps } from '../types.js';

export function AcornsOptions({ seats, value, onChange }: OptionsProps) {
  const partners = typeof value === 'object' && value !== null && (value as { partners?: unknown }).partners === true;
  const possible = seats === 4 || seats === 6 || seats === 8;
  return (
    <label className="field">
      <span>Partners</span>
      <select
        value={partners && possible ? 'yes' : 'no'}
        disabled={!possible}
        onChange={(e) => onChange({ partners: e.target.value === 'yes' })}
        data-testid="option-partners"
      >
        <option value="no">everyone for themselves</option>
        <option value="yes">teams of two neighbours</option>
      </select>
    </label>
  );
}
