import { useEffect, useState } from 'preact/hooks';
import type { ConsentApi, PersonProtection, Refusal } from '../api';
import { RefusalNote } from '../refusal-note';
import type { Words } from '../words';

const needsConnecting: readonly string[] = ['ready_to_connect', 'needs_you', 'connecting'];

/** The person's protection whenever they come back: state, excerpt reads, and the stop. */
export const Protection = (props: {
  words: Words;
  api: ConsentApi;
  onConnect: () => void;
  onDeadEnd: (refusal: Refusal) => void;
}) => {
  const { words, api } = props;
  const [view, setView] = useState<PersonProtection | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const load = async () => {
    const answer = await api.protection();
    if (answer.ok) setView(answer.data);
    else props.onDeadEnd(answer.refusal);
  };
  useEffect(() => void load(), []);
  const stop = async () => {
    setBusy(true);
    const answer = await api.stop();
    setBusy(false);
    setAsking(false);
    // A stopped link no longer reads the protection view: the stop's answer is the stopped view.
    if (answer.ok && view !== null)
      setView({ ...view, state: 'stopped', reason: null, since: new Date().toISOString(), canStop: false });
    else if (!answer.ok) setRefusal(answer.refusal);
  };
  if (view === null) return <p role="status">{words.loading}</p>;
  const { protection } = words;
  return (
    <section aria-labelledby="protection-heading">
      <h1 id="protection-heading">{protection.heading}</h1>
      <p class="state" data-testid="protection-state" data-state={view.state}>
        {protection.state[view.state]}
      </p>
      <p>{protection.since(words.dateTime(view.since))}</p>
      {view.state !== 'stopped' && <p>{protection.analysed}</p>}
      <p data-testid="excerpt-views" data-count={view.excerptViews.count30d}>
        {protection.views(view.excerptViews.count30d)}
        {view.excerptViews.lastAt !== null &&
          ` ${protection.lastView(words.dateTime(view.excerptViews.lastAt))}`}
      </p>
      {needsConnecting.includes(view.state) && (
        <button type="button" class="primary" onClick={props.onConnect}>
          {protection.connect}
        </button>
      )}
      <RefusalNote words={words} refusal={refusal} testId="stop-error" />
      {view.canStop &&
        (asking ? (
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
        ))}
    </section>
  );
};
