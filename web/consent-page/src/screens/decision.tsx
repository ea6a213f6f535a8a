import { useState } from 'preact/hooks';
import type { ConsentApi, Refusal } from '../api';
import { RefusalNote } from '../refusal-note';
import type { Words } from '../words';

/** Yes or no, with nothing asked about a no. */
export const Decision = (props: {
  words: Words;
  api: ConsentApi;
  onAccepted: () => void;
  onDeclined: () => void;
  onEvidenceMissing: () => void;
}) => {
  const { words, api } = props;
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const answer = async (yes: boolean) => {
    setBusy(true);
    const result = yes ? await api.accept() : await api.decline();
    setBusy(false);
    if (result.ok) return yes ? props.onAccepted() : props.onDeclined();
    if (result.refusal.code === 'EVIDENCE_REQUIRED') return props.onEvidenceMissing();
    setRefusal(result.refusal);
  };
  return (
    <section aria-labelledby="decision-heading">
      <p role="status">{words.evidence.verified}</p>
      <h1 id="decision-heading">{words.decision.heading}</h1>
      <RefusalNote words={words} refusal={refusal} testId="decision-error" />
      <div class="choices">
        <button
          type="button"
          class="primary"
          data-testid="accept"
          disabled={busy}
          onClick={() => void answer(true)}
        >
          {words.decision.accept}
        </button>
        <button type="button" data-testid="decline" disabled={busy} onClick={() => void answer(false)}>
          {words.decision.decline}
        </button>
      </div>
    </section>
  );
};

export const Declined = (props: { words: Words }) => (
  <section aria-labelledby="declined-heading">
    <h1 id="declined-heading" data-testid="declined">
      {props.words.decision.declined}
    </h1>
  </section>
);
