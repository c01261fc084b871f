/**
 * Canonical JSON (object keys sorted, no whitespace) and a stable 128-bit hash of it, so two
 * states are the same exactly when their hashes are, across processes and machines.
 */
import { hash128 } from './rng.js';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
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
