/** The end of a game: everyone's rank and score, winners first. */
import type { Outcome } from '../../../src/engine/game.js';

export function Results({ outcome, names, you }: { outcome: Outcome; names: readonly string[]; you: number | null }) {
  const order = outcome.ranks.map((r, s) => ({ r, s })).sort((a, b) => a.r - b.r || a.s - b.s);
  const youWon = you !== null && outcome.winners.includes(you);
  const headline =
    you === null
      ? `${outcome.winners.map((w) => names[w]).join(' and ')} ${outcome.winners.length > 1 ? 'share the win' : 'wins'}`
      : youWon
        ? outcome.winners.length > 1
          ? 'You share the win!'
          : 'You win!'
        : `${outcome.winners.map((w) => names[w]).join(' and ')} ${outcome.winners.length > 1 ? 'share the win' : 'wins'}`;
  return (
    <section className="panel results" aria-label="results" data-testid="results">
      <h2>{headline}</h2>
      <ol>
        {order.map(({ r, s }) => (
          <li key={s} className={`${r === 1 ? 'winner' : ''} ${s === you ? 'mine' : ''}`}>
            <span className="rank">{r}</span>
            <span className="who">{names[s]}</span>
            <span className="score">{outcome.scores[s]}</span>
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
