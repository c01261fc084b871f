/**
 * What a lab run plays: a schedule of games, each with its index, its deal's seed and the bot
 * name in each seat. A sim is a schedule with one lineup; a tournament rotates lineups through
 * the seats (see tournamentSchedule). Every game depends only on the spec and its place in the
 * schedule, so it plays out the same in any thread.
 */

/** One game of a schedule. */
export interface ScheduledGame {
  /** The game's place in the schedule: 0, 1, 2, … */
  index: number;
  /** Games of one group share a deal (a sim's groups are single games). */
  group: number;
  seed: string;
  /** The bot name in each seat. */
  lineup: string[];
}

/** Game i's seed. Depends only on the run's seed and i, never on which worker plays it. */
export const gameSeed = (seed: string, index: number): string => `${seed}.${index}`;

/** A sim: `games` games with the same lineup, game i with seed `<seed>.<i>`. */
export function simSchedule(spec: { seed: string; games: number }, lineup: readonly string[]): ScheduledGame[] {
  return Array.from({ length: spec.games }, (_, index) => ({ index, group: index, seed: gameSeed(spec.seed, index), lineup: [...lineup] }));
}

/**
 * Every distinct lineup of one tournament group, in a stable order. With k bots at s seats: if
 * k ≤ s the lineup fills the seats with the bots in turn (a,b,c,a); if k > s there is one lineup
 * per window of s bots in the circular list. Each lineup is rotated through the seats; rotations
 * that repeat a lineup (a,b,a,b) are played once.
 */
export function groupLineups(bots: readonly string[], seats: number): string[][] {
  const k = bots.length;
  const bases: string[][] = [];
  if (k <= seats) bases.push(Array.from({ length: seats }, (_, s) => bots[s % k]!));
  else for (let w = 0; w < k; w++) bases.push(Array.from({ length: seats }, (_, s) => bots[(w + s) % k]!));
  const seen = new Set<string>();
  const lineups: string[][] = [];
  for (const base of bases) {
    for (let r = 0; r < seats; r++) {
      const lineup = base.map((_, s) => base[(s + seats - r) % seats]!);
      const key = lineup.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      lineups.push(lineup);
    }
  }
  return lineups;
}

/**
 * A tournament: groups of games, each group one deal (seed `<seed>.<group>`) played with every
 * lineup of groupLineups, so deal luck and seat luck cancel within the group (duplicate play).
 * Whole groups covering at least `spec.games` games.
 */
export function tournamentSchedule(spec: { bots: readonly string[]; seats: number; games: number; seed: string }): ScheduledGame[] {
  const lineups = groupLineups(spec.bots, spec.seats);
  const groups = Math.max(1, Math.ceil(spec.games / lineups.length));
  const games: ScheduledGame[] = [];
  for (let group = 0; group < groups; group++) {
    for (const lineup of lineups) games.push({ index: games.length, group, seed: gameSeed(spec.seed, group), lineup });
  }
  return games;
}
