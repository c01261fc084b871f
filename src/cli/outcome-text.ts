/** The final result of a game as lines of text: ranks, names and scores. */
import type { Outcome } from '../engine/game.js';
import { standings, winnerNames } from '../engine/outcome.js';
import { columns, ordinal } from './format.js';

export function outcomeLines(outcome: Outcome, names: readonly string[]): string[] {
  // Seats and the racers that sit at no seat (Acorn Run's dummies, R13) are ranked together.
  const table = standings(outcome, names);
  const teamOf = (seat: number | null): string => {
    const team = seat === null ? -1 : (outcome.teams?.findIndex((t) => t.includes(seat)) ?? -1);
    return team >= 0 ? `team ${team + 1}` : '';
  };
  const details = table.some((s) => s.detail !== undefined);
  const rows = table.map((s) => [
    ordinal(s.rank),
    s.name,
    teamOf(s.seat),
    String(s.score),
    ...(details ? [s.detail ?? ''] : []),
  ]);
  const winners = winnerNames(table);
  const headline =
    winners.length === 1
      ? `${winners[0]} won.`
      : outcome.teams && outcome.teams.some((t) => outcome.winners.every((w) => t.includes(w))) && winners.length === outcome.winners.length
        ? `${winners.join(' and ')} won together.`
        : `${winners.join(', ')} shared the win.`;
  return [
    `${headline} After ${outcome.rounds} rounds${outcome.lowerIsBetter ? ' (lowest score wins)' : ''}:`,
    ...columns(rows, ['right', 'left', 'left', 'right', 'left']).map((l) => `  ${l}`),
  ];
}
