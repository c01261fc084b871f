/**
 * The table chat (issue 16): seated players write, spectators read. Lines are rendered as text
 * (React escapes them: never HTML); the server strips control characters and bounds the length.
 */
import { useEffect, useState } from 'react';
import { CHAT_MAX, type ChatLine } from '../../../src/server/protocol.js';

export function Chat({ lines, canWrite, say }: { lines: readonly ChatLine[]; canWrite: boolean; say: (text: string) => Promise<{ ok: boolean }> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [el, setEl] = useState<HTMLOListElement | null>(null);
  useEffect(() => {
    if (el) el.scrollTop = el.scrollHeight;
  }, [el, lines.length]);
  const send = async (): Promise<void> => {
    if (text.trim() === '' || sending) return;
    setSending(true);
    const r = await say(text);
    setSending(false);
    if (r.ok) setText('');
  };
  return (
    <section className="panel chat" aria-label="table chat">
      <h2>Chat</h2>
      <ol ref={setEl} data-testid="chat">
        {lines.length === 0 && <li className="muted">No messages yet.</li>}
        {lines.map((l) => (
          <li key={l.n}>
            <strong>{l.name}</strong> {l.text}
          </li>
        ))}
      </ol>
      {canWrite ? (
        <form
          className="row chat-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <input
            value={text}
            maxLength={CHAT_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder="Say something…"
            aria-label="chat message"
            data-testid="chat-input"
          />
          <button type="submit" className="btn small" disabled={sending || text.trim() === ''} data-testid="chat-send">
            Send
          </button>
        </form>
      ) : (
        <p className="muted">Spectators read the chat; players write in it.</p>
      )}
    </section>
  );
}
