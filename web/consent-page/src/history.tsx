import { useState } from 'preact/hooks';
import type { ConsentApi, Refusal } from './api';
import type { HistoryShown } from './history-shown';
import { useSecondsLeft } from './live';
import { RefusalNote } from './refusal-note';
import type { Words } from './words';

/**
 * The first read of the person's recent chats (the warm-up), in plain words as it moves, and a later
 * read's offer, which the person accepts here while their phone is on line.
 */
export const HistoryImport = (props: {
  words: Words;
  api: ConsentApi;
  shown: Exclude<HistoryShown, null>;
  onAccepted: () => void;
}) => {
  const { words, api, shown } = props;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const secondsLeft = useSecondsLeft(shown.kind === 'offer' ? shown.expiresAt : null);
  const accept = async () => {
    setBusy(true);
    const answer = await api.acceptHistoryImport();
    setBusy(false);
    if (answer.ok) {
      setRefusal(null);
      props.onAccepted();
    } else setRefusal(answer.refusal);
  };
  const status = (value: string, text: string) => (
    <p role="status" aria-live="polite" data-testid="history-status" data-status={value}>
      {text}
    </p>
  );
  return (
    <div class="history">
      <h2>{words.history.heading}</h2>
      {shown.kind === 'warmup' && status(shown.phase, words.history.warmup[shown.phase])}
      {shown.kind === 'accepted' && status('accepted', words.history.accepted)}
      {shown.kind === 'offer' && (
        <div data-testid="history-offer" data-expires-at={shown.expiresAt}>
          <p>{words.history.offer}</p>
          {secondsLeft !== null && secondsLeft > 0 ? (
            <>
              <p>{words.history.offerLeft(words.duration(Math.floor(secondsLeft / 60), secondsLeft % 60))}</p>
              <button
                type="button"
                class="primary"
                data-testid="history-accept"
                disabled={busy}
                onClick={() => void accept()}
              >
                {words.history.accept}
              </button>
            </>
          ) : (
            <p>{words.history.lapsed}</p>
          )}
        </div>
      )}
      <RefusalNote words={words} refusal={refusal} testId="history-error" />
    </div>
  );
};
