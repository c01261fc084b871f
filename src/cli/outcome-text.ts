/** The final result of a game as lines of text: ranks, names and scores. */
import type { Outcome } from '../engine/game.js';
import { columns, ordinal } from './format.js';

export function outcomeLines(outcome: Outcome, names: readonly string[]): string[] {
  const order = outcome.scores.map((_, seat) => seat).sort((a, b) => outcome.ranks[a]! - outcome.ranks[b]! || a - b);
  const teamOf = (seat: number): string => {
    const team = outcome.teams?.findIndex((t) => t.includes(seat)) ?? -1;
    return team >= 0 ? `team ${team + 1}` : '';
  };
  const rows = order.map((seat) => [
    ordinal(outcome.ranks[seat]!),
    names[seat] ?? `Seat ${seat}`,
    teamOf(seat),
    String(outcome.scores[seat]),
  ]);
  const winners = outcome.winners.map((w) => names[w] ?? `Seat ${w}`);
  const headline =
    winners.length === 1
      ? `${winners[0]} won.`
      : outcome.teams && outcome.teams.some((t) => outcome.winners.every((w) => t.includes(w)))
        ? `${winners.join(' and ')} won together.`
        : `${winners.join(', ')} shared the win.`;
  return [
    `${headline} After ${outcome.rounds} rounds${outcome.lowerIsBetter ? ' (lowest score wins)' : ''}:`,
    ...columns(rows, ['right', 'left', 'left', 'right']).map((l) => `  ${l}`),
  ];
}
