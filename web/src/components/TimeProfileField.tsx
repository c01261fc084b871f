/** The new-table form's clock choice (time-profiles.ts has the profiles). */
import { TIME_PROFILE_IDS, TIME_PROFILES, type TimeProfileId } from '../../../src/server/time-profiles.js';

export function TimeProfileField({ value, onChange }: { value: TimeProfileId; onChange: (v: TimeProfileId) => void }) {
  return (
    <label className="field">
      <span>Clock</span>
      <select value={value} onChange={(e) => onChange(e.target.value as TimeProfileId)} data-testid="time-profile">
        {TIME_PROFILE_IDS.map((id) => (
          <option key={id} value={id}>
            {TIME_PROFILES[id].label}
          </option>
        ))}
      </select>
    </label>
  );
}
