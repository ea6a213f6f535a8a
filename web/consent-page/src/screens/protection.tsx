import { useEffect, useState } from 'preact/hooks';
import type { ConsentApi, PersonProtection, Refusal } from '../api';
import { StopProtection } from '../stop';
import type { Words } from '../words';

const needsConnecting: readonly string[] = ['ready_to_connect', 'needs_you', 'connecting'];

/** What the view shows; right after a stop made elsewhere, the excerpt reads are not known. */
type Shown = Omit<PersonProtection, 'excerptViews'> & {
  excerptViews: PersonProtection['excerptViews'] | null;
};

/** A stopped link no longer reads the protection view: the stop's success is the stopped view. */
const stoppedNow = (before: Shown | null): Shown => ({
  state: 'stopped',
  reason: 'consent_stopped_by_dependent',
  since: new Date().toISOString(),
  canStop: false,
  excerptViews: before?.excerptViews ?? null,
});

/**
 * The person's protection whenever they come back: state and why, excerpt reads, and the stop.
 * `stopped`: the person has just stopped it elsewhere on the page.
 */
export const Protection = (props: {
  words: Words;
  api: ConsentApi;
  stopped?: boolean;
  onConnect: () => void;
  onDeadEnd: (refusal: Refusal) => void;
}) => {
  const { words, api } = props;
  const [view, setView] = useState<Shown | null>(props.stopped === true ? stoppedNow(null) : null);
  const load = async () => {
    const answer = await api.protection();
    if (answer.ok) setView(answer.data);
    else props.onDeadEnd(answer.refusal);
  };
  useEffect(() => {
    if (props.stopped !== true) void load();
  }, []);
  if (view === null) return <p role="status">{words.loading}</p>;
  const { protection } = words;
  return (
    <section aria-labelledby="protection-heading">
      <h1 id="protection-heading">{protection.heading}</h1>
      <p class="state" data-testid="protection-state" data-state={view.state}>
        {protection.state[view.state]}
      </p>
      {view.reason !== null && (
        <p data-testid="protection-reason" data-reason={view.reason}>
          {protection.reason[view.reason]}
        </p>
      )}
      <p>{protection.since(words.dateTime(view.since))}</p>
      {view.state !== 'stopped' && <p>{protection.analysed}</p>}
      {view.excerptViews !== null && (
        <p data-testid="excerpt-views" data-count={view.excerptViews.count30d}>
          {protection.views(view.excerptViews.count30d)}
          {view.excerptViews.lastAt !== null &&
            ` ${protection.lastView(words.dateTime(view.excerptViews.lastAt))}`}
        </p>
      )}
      {needsConnecting.includes(view.state) && (
        <button type="button" class="primary" onClick={props.onConnect}>
          {protection.connect}
        </button>
      )}
      {view.canStop && <StopProtection words={words} api={api} onStopped={() => setView(stoppedNow(view))} />}
    </section>
  );
};
