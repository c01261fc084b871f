/** The end of a game: everyone's rank and score, winners first (dummy racers too, Acorn Run R13). */
import type { Outcome } from '../../../src/engine/game.js';
import { standings, winnerNames } from '../../../src/engine/outcome.js';

export function Results({ outcome, names, you }: { outcome: Outcome; names: readonly string[]; you: number | null }) {
  const table = standings(outcome, names);
  const winners = winnerNames(table);
  const youWon = you !== null && outcome.winners.includes(you);
  const headline = youWon
    ? winners.length > 1
      ? 'You share the win!'
      : 'You win!'
    : `${winners.join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}`;
  return (
    <section className="panel results" aria-label="results" data-testid="results">
      <h2>{headline}</h2>
      <ol>
        {table.map((s) => (
          <li key={s.seat ?? `racer-${s.name}`} className={`${s.rank === 1 ? 'winner' : ''} ${s.seat !== null && s.seat === you ? 'mine' : ''}`}>
            <span className="rank">{s.rank}</span>
            <span className="who">{s.name}</span>
            <span className="score">{s.score}</span>
            {s.detail !== undefined && <span className="detail muted"> {s.detail}</span>}
          </li>
        ))}
      </ol>
      <p className="muted">
        {outcome.lowerIsBetter ? 'Lowest score wins. ' : ''}
        {outcome.rounds} rounds.
      </p>
    </section>
  );
}
