/** The browser's keys to its seats (one token per table), and the player's display name. */
export interface HeldSeat {
  seat: number;
  token: string;
}

const key = (tableId: string): string => `drey:seat:${tableId}`;

export function heldSeat(tableId: string): HeldSeat | null {
  try {
    const raw = localStorage.getItem(key(tableId));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<HeldSeat>;
    return typeof v.seat === 'number' && typeof v.token === 'string' ? { seat: v.seat, token: v.token } : null;
  } catch {
    return null;
  }
}

export function keepSeat(tableId: string, held: HeldSeat): void {
  localStorage.setItem(key(tableId), JSON.stringify(held));
}

export function forgetSeat(tableId: string): void {
  localStorage.removeItem(key(tableId));
}

/** Every table this browser holds a seat at (for the lobby's "your tables"). */
export function heldTables(): { tableId: string; held: HeldSeat }[] {
  const out: { tableId: string; held: HeldSeat }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k?.startsWith('drey:seat:')) continue;
      const tableId = k.slice('drey:seat:'.length);
      const held = heldSeat(tableId);
      if (held) out.push({ tableId, held });
    }
  } catch {
    // Storage may be unavailable (private mode): no tables then.
  }
  return out;
}

export const savedName = (): string => localStorage.getItem('drey:name') ?? '';
export const saveName = (name: string): void => localStorage.setItem('drey:name', name);
