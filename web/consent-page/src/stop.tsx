import { useState } from 'preact/hooks';
import type { ConsentApi, Refusal } from './api';
import { RefusalNote } from './refusal-note';
import type { Words } from './words';

/**
 * The person's stop, with its confirmation: offered wherever the page shows their protection on
 * (the protection view, the pairing screen once paired).
 */
export const StopProtection = (props: { words: Words; api: ConsentApi; onStopped: () => void }) => {
  const { protection } = props.words;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const stop = async () => {
    setBusy(true);
    const answer = await props.api.stop();
    setBusy(false);
    setAsking(false);
    if (answer.ok) props.onStopped();
    else setRefusal(answer.refusal);
  };
  return (
    <>
      <RefusalNote words={props.words} refusal={refusal} testId="stop-error" />
      {asking ? (
        <div role="alertdialog" aria-labelledby="stop-ask" class="confirm">
          <p id="stop-ask">{protection.stopAsk}</p>
          <div class="choices">
            <button
              type="button"
              class="danger"
              data-testid="stop-confirm"
              disabled={busy}
              onClick={() => void stop()}
            >
              {protection.stopConfirm}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {protection.stopCancel}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" class="danger" data-testid="stop" onClick={() => setAsking(true)}>
          {protection.stop}
        </button>
      )}
    </>
  );
};
