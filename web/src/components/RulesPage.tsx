/** A game's rules page: docs/rules/<game>.md, served by the API and drawn as Markdown. */
import { useEffect, useState } from 'react';
import { api } from '../api.js';
import { navigate } from '../router.js';
import { Markdown } from './Markdown.js';

export function RulesPage({ game }: { game: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.rules(game).then((r) => (r.ok ? setText(r.value) : setError(r.error.message)));
  }, [game]);
  return (
    <main className="page rules-page">
      <p>
        <a href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
          ← Lobby
        </a>
      </p>
      <article className="panel prose">{error ? <p>{error}</p> : text === null ? <p className="muted">Loading…</p> : <Markdown source={text} />}</article>
    </main>
  );
}
