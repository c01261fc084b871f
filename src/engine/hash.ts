/**
 * Canonical JSON (object keys sorted, no whitespace) and a stable 128-bit hash of it, so two
 * states are the same exactly when their hashes are, across processes and machines.
 */
import { isEventRing, ringLog } from './narration.js';
import { hash128 } from './rng.js';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      // An event ring (narration.ts) is written as the event log it stands for, its events in
      // order: a state's JSON, and so the final-state hash saved records check, is what it was
      // when states kept their events in an EventLog (keys sorted: events, then first).
      if (isEventRing(v)) {
        const log = ringLog(v);
        return { events: log.events, first: log.first };
      }
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v as Record<string, unknown>).sort()) {
        sorted[k] = (v as Record<string, unknown>)[k];
      }
      return sorted;
    }
    return v;
  });
}

export function stableHash(value: unknown): string {
  return hash128(canonicalJson(value))
    .map((w) => w.toString(16).padStart(8, '0'))
    .join('');
}
