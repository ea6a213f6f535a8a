import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ConsentApi, PersonPairing, Refusal } from '../api';
import { HistoryImport } from '../history';
import { historyAfter, type HistoryShown } from '../history-shown';
import { useLiveStream, useSecondsLeft } from '../live';
import { RefusalNote } from '../refusal-note';
import { StopProtection } from '../stop';
import type { Words } from '../words';

const finalStatuses: readonly string[] = ['disconnected', 'cancelled', 'revoked'];
/** Paired, or paired and reconnecting by itself: the protection is on. */
const protectedStatuses: readonly string[] = ['paired', 'degraded'];
const readEveryMsOffline = 5_000;

/**
 * The code typed in WhatsApp's "Link with phone number", followed live until paired; once paired the
 * protection is on (also while a dropped connection is retried), so the stop is offered here too, and
 * the stream's news of the person's history reads (the warm-up, a later read's offer) are shown.
 */
export const Pairing = (props: {
  words: Words;
  api: ConsentApi;
  onProtection: () => void;
  onStopped: () => void;
}) => {
  const { words, api } = props;
  const [pairing, setPairing] = useState<PersonPairing | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [history, setHistory] = useState<HistoryShown>(null);

  // Answers can arrive out of order (a slow start answered after the read an event caused): the one
  // shown is never replaced by an answer to an earlier request.
  const asked = useRef(0);
  const shown = useRef(0);
  const ask = async (request: () => ReturnType<ConsentApi['pairing']>) => {
    asked.current += 1;
    const order = asked.current;
    return { answer: await request(), order };
  };
  const show = ({ answer, order }: Awaited<ReturnType<typeof ask>>) => {
    if (order < shown.current) return;
    shown.current = order;
    if (answer.ok) {
      setPairing(answer.data);
      setRefusal(null);
    } else setRefusal(answer.refusal);
  };
  const start = async () => {
    setBusy(true);
    show(await ask(api.startPairing));
    setBusy(false);
  };
  const refresh = useCallback(async () => {
    const read = await ask(api.pairing);
    if (read.answer.ok || read.answer.refusal.code !== 'NOT_FOUND') show(read);
  }, [api]);
  useEffect(() => {
    void ask(api.pairing).then((read) => {
      // No pairing yet: the code is what the person came for.
      if (!read.answer.ok && read.answer.refusal.code === 'NOT_FOUND') return start();
      show(read);
    });
  }, []);
  const live = useLiveStream(api.eventsUrl, (event) => {
    void refresh();
    if (event !== null) setHistory((shown) => historyAfter(shown, event));
  });
  // Without the stream (the relay unreachable), the page still moves on by reading every few seconds.
  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void refresh(), readEveryMsOffline);
    return () => clearInterval(timer);
  }, [live, refresh]);
  const answerPasskey = async (matches: boolean) => {
    setBusy(true);
    show(await ask(() => api.answerPasskey(matches)));
    setBusy(false);
  };

  const challenge = pairing?.challenge ?? null;
  const secondsLeft = useSecondsLeft(challenge?.expiresAt ?? null);
  const ended = pairing !== null && finalStatuses.includes(pairing.status);
  const failure =
    pairing?.failureReason === 'passkey_required' ||
    pairing?.failureReason === 'passkey_refused' ||
    pairing?.failureReason === 'codes_exhausted'
      ? words.pairing.failure[pairing.failureReason]
      : words.pairing.failure.other;

  return (
    <section aria-labelledby="pairing-heading">
      <h1 id="pairing-heading">{words.pairing.heading}</h1>
      <p class="live" role="status" data-testid="pairing-live" data-live={String(live)}>
        {live ? words.pairing.live : words.pairing.reconnecting}
      </p>
      {pairing !== null && (
        <p role="status" aria-live="polite" data-testid="pairing-status" data-status={pairing.status}>
          {ended ? failure : words.pairing.status[pairing.status]}
        </p>
      )}
      {challenge?.kind === 'code' && challenge.code !== null && !ended && (
        <div class="code">
          <p id="code-label">{words.pairing.codeLabel}</p>
          <p class="code-value" data-testid="pairing-code" aria-labelledby="code-label">
            {challenge.code}
          </p>
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(challenge.code ?? '').then(() => setCopied(true))
            }
          >
            {copied ? words.pairing.copied : words.pairing.copy}
          </button>
          {secondsLeft !== null && (
            <p>
              {secondsLeft > 0
                ? words.pairing.expiresIn(words.duration(Math.floor(secondsLeft / 60), secondsLeft % 60))
                : words.pairing.expired}
            </p>
          )}
          <ol>
            {words.pairing.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      )}
      {challenge?.kind === 'passkey_confirm' && !ended && (
        <div class="passkey">
          <h2>{words.pairing.passkeyHeading}</h2>
          <p class="code-value">{words.pairing.passkeyAsk(challenge.code ?? '')}</p>
          <div class="choices">
            <button
              type="button"
              class="primary"
              data-testid="passkey-yes"
              disabled={busy}
              onClick={() => void answerPasskey(true)}
            >
              {words.pairing.passkeyYes}
            </button>
            <button
              type="button"
              data-testid="passkey-no"
              disabled={busy}
              onClick={() => void answerPasskey(false)}
            >
              {words.pairing.passkeyNo}
            </button>
          </div>
        </div>
      )}
      <RefusalNote words={words} refusal={refusal} testId="pairing-error" />
      {history !== null && !ended && (
        <HistoryImport
          words={words}
          api={api}
          shown={history}
          onAccepted={() => setHistory({ kind: 'accepted' })}
        />
      )}
      {(ended || refusal !== null) && (
        <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
          {words.pairing.retry}
        </button>
      )}
      {pairing !== null && protectedStatuses.includes(pairing.status) && (
        <>
          <button type="button" class="primary" onClick={props.onProtection}>
            {words.pairing.toProtection}
          </button>
          <StopProtection words={words} api={api} onStopped={props.onStopped} />
        </>
      )}
    </section>
  );
};
