/**
 * After a playtest (issue 27): a short, optional form under the results for each player — fun 1–5,
 * how the length felt, one rule that was unclear, a comment. It shows what the seat sent last
 * (the server keeps it, playtest-feedback.ts) and lets the player change it; spectators never see it.
 */
import { useEffect, useId, useState } from 'react';
import { COMMENT_MAX, UNCLEAR_MAX, type LengthFelt, type PlaytestFeedback } from '../../../src/server/playtest.js';
import type { FeedbackResponse } from '../../../src/server/protocol.js';
import { api } from '../api.js';

const FUN: readonly { value: number; words: string }[] = [
  { value: 1, words: 'no fun' },
  { value: 2, words: 'a little fun' },
  { value: 3, words: 'some fun' },
  { value: 4, words: 'good fun' },
  { value: 5, words: 'great fun' },
];

const LENGTHS: readonly { value: LengthFelt; words: string }[] = [
  { value: 'too-short', words: 'Too short' },
  { value: 'right', words: 'About right' },
  { value: 'too-long', words: 'Too long' },
];

interface Answers {
  fun: number | null;
  length: LengthFelt | null;
  unclear: string;
  comment: string;
}

const EMPTY: Answers = { fun: null, length: null, unclear: '', comment: '' };

const answersOf = (f: PlaytestFeedback | null): Answers =>
  f === null ? EMPTY : { fun: f.fun ?? null, length: f.length ?? null, unclear: f.unclear ?? '', comment: f.comment ?? '' };

/** Only what was answered: an untouched question is left out, not sent empty. */
function feedbackOf(a: Answers): PlaytestFeedback {
  const out: PlaytestFeedback = {};
  if (a.fun !== null) out.fun = a.fun;
  if (a.length !== null) out.length = a.length;
  if (a.unclear.trim() !== '') out.unclear = a.unclear.trim();
  if (a.comment.trim() !== '') out.comment = a.comment.trim();
  return out;
}

const isEmpty = (f: PlaytestFeedback): boolean => Object.keys(f).length === 0;

/** What the player sent, as a short list they can read back. */
function Sent({ feedback }: { feedback: PlaytestFeedback }) {
  const fun = FUN.find((f) => f.value === feedback.fun);
  const length = LENGTHS.find((l) => l.value === feedback.length);
  return (
    <dl className="feedback-sent" data-testid="feedback-sent">
      {fun && (
        <div>
          <dt>Fun</dt>
          <dd>
            {fun.value} of 5 ({fun.words})
          </dd>
        </div>
      )}
      {length && (
        <div>
          <dt>Length</dt>
          <dd>{length.words}</dd>
        </div>
      )}
      {feedback.unclear && (
        <div>
          <dt>Unclear rule</dt>
          <dd>{feedback.unclear}</dd>
        </div>
      )}
      {feedback.comment && (
        <div>
          <dt>Comment</dt>
          <dd className="feedback-comment">{feedback.comment}</dd>
        </div>
      )}
    </dl>
  );
}

export function PlaytestFeedbackForm({ tableId, token, name }: { tableId: string; token: string; name: string | null }) {
  const id = useId();
  const [mine, setMine] = useState<FeedbackResponse | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [answers, setAnswers] = useState<Answers>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  useEffect(() => {
    let live = true;
    void api.myFeedback(tableId, token).then((r) => {
      if (!live) return;
      setLoaded(true);
      if (!r.ok) return setError(r.error.message);
      setMine(r.value);
      setAnswers(answersOf(r.value.feedback));
      setEditing(r.value.feedback === null);
    });
    return () => {
      live = false;
    };
  }, [tableId, token]);

  const feedback = feedbackOf(answers);
  const send = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const r = await api.sendFeedback(tableId, token, feedback);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setMine(r.value);
    setAnswers(answersOf(r.value.feedback));
    setEditing(false);
    setThanked(true);
  };
  const set = (patch: Partial<Answers>): void => setAnswers((a) => ({ ...a, ...patch }));

  if (!loaded) return null;
  const sent = mine?.feedback ?? null;
  const left = mine?.left ?? 0;

  return (
    <section className="panel playtest-feedback" aria-labelledby={`${id}-title`} data-testid="feedback">
      <h2 id={`${id}-title`}>How was this playtest?</h2>
      {!editing && sent !== null ? (
        <>
          <p className="feedback-thanks" role="status" data-testid="feedback-thanks">
            {thanked ? `Thank you${name ? `, ${name}` : ''}! Your feedback is saved for the designer.` : 'Your feedback is saved for the designer. Thank you!'}
          </p>
          <Sent feedback={sent} />
          {left > 0 ? (
            <div className="row">
              <button type="button" className="btn" onClick={() => (setEditing(true), setThanked(false))} data-testid="feedback-change">
                Change my feedback
              </button>
              <span className="small muted">The last answers you send are the ones kept.</span>
            </div>
          ) : (
            <p className="small muted">You have changed it as often as a player may; these answers are kept.</p>
          )}
        </>
      ) : (
        <form
          className="feedback-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && !isEmpty(feedback)) void send();
          }}
        >
          <p className="muted small">
            The designer is testing these rules. Every question is optional. Only your answers and the name you played under are kept.
          </p>
          <fieldset className="choices">
            <legend>How much fun was it?</legend>
            <div className="choice-row scale" data-testid="feedback-fun">
              {FUN.map((f) => (
                <label key={f.value} className={`choice ${answers.fun === f.value ? 'on' : ''}`}>
                  <input type="radio" name={`${id}-fun`} value={f.value} checked={answers.fun === f.value} onChange={() => set({ fun: f.value })} aria-label={`${f.value} of 5, ${f.words}`} />
                  <span aria-hidden="true">{f.value}</span>
                </label>
              ))}
            </div>
            <p className="choice-ends small muted" aria-hidden="true">
              <span>1 = no fun</span>
              <span>5 = great fun</span>
            </p>
          </fieldset>
          <fieldset className="choices">
            <legend>How did its length feel?</legend>
            <div className="choice-row" data-testid="feedback-length">
              {LENGTHS.map((l) => (
                <label key={l.value} className={`choice wide ${answers.length === l.value ? 'on' : ''}`}>
                  <input type="radio" name={`${id}-length`} value={l.value} checked={answers.length === l.value} onChange={() => set({ length: l.value })} />
                  <span>{l.words}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="field">
            <span>One rule that was unclear</span>
            <input
              type="text"
              value={answers.unclear}
              maxLength={UNCLEAR_MAX}
              onChange={(e) => set({ unclear: e.target.value })}
              placeholder="Say which rule, and what was unclear"
              data-testid="feedback-unclear"
            />
          </label>
          <label className="field">
            <span>Anything else for the designer?</span>
            <textarea
              value={answers.comment}
              maxLength={COMMENT_MAX}
              rows={3}
              onChange={(e) => set({ comment: e.target.value })}
              aria-describedby={`${id}-count`}
              data-testid="feedback-comment"
            />
            <span id={`${id}-count`} className="small muted feedback-count">
              {answers.comment.length} of {COMMENT_MAX} characters
            </span>
          </label>
          <div className="row">
            <button type="submit" className="btn primary" disabled={busy || isEmpty(feedback)} aria-describedby={isEmpty(feedback) ? `${id}-why` : undefined} data-testid="feedback-send">
              {busy ? 'Sending…' : sent === null ? 'Send feedback' : 'Send my new answers'}
            </button>
            {sent !== null && (
              <button type="button" className="btn" onClick={() => (setAnswers(answersOf(sent)), setEditing(false), setError(null))}>
                Keep what I sent
              </button>
            )}
            {isEmpty(feedback) && (
              <span id={`${id}-why`} className="small muted">
                Answer at least one question to send.
              </span>
            )}
          </div>
        </form>
      )}
      {error && (
        <p className="error-text" role="alert" data-testid="feedback-error">
          {error}
        </p>
      )}
    </section>
  );
}
