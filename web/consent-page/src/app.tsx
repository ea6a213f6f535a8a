import { useEffect, useMemo, useState } from 'preact/hooks';
import { consentApi, type ConsentPage, type Refusal } from './api';
import { Decision, Declined } from './screens/decision';
import { DeadEnd } from './screens/dead-end';
import { Evidence } from './screens/evidence';
import { Intro } from './screens/intro';
import { Pairing } from './screens/pairing';
import { Protection } from './screens/protection';
import type { Words } from './words';

type Screen =
  | { name: 'loading' }
  | { name: 'intro' | 'evidence' | 'decision'; page: ConsentPage }
  | { name: 'declined' | 'pairing' | 'protection' | 'stopped' }
  | { name: 'dead-end'; refusal: Refusal };

/** Where a link's state leads: a given consent goes to the protection view, a pending one to its step. */
const screenFor = (page: ConsentPage): Screen => {
  switch (page.status) {
    case 'given':
      return { name: 'protection' };
    case 'declined':
      return { name: 'declined' };
    case 'pending':
    case null:
      return { name: page.evidenceVerified ? 'decision' : 'intro', page };
    default:
      return { name: 'dead-end', refusal: { code: 'CONSENT_EXPIRED', details: {}, retryAfterSeconds: null } };
  }
};

export const App = (props: { words: Words; token: string }) => {
  const { words } = props;
  const api = useMemo(() => consentApi(props.token), [props.token]);
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  const load = async () => {
    setScreen({ name: 'loading' });
    const answer = await api.page();
    setScreen(answer.ok ? screenFor(answer.data) : { name: 'dead-end', refusal: answer.refusal });
  };
  useEffect(() => void load(), []);
  useEffect(() => {
    // Screen readers hear the new screen: its heading takes the focus.
    const heading = document.getElementById('page')?.querySelector('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [screen.name]);

  switch (screen.name) {
    case 'loading':
      return <p role="status">{words.loading}</p>;
    case 'intro':
      return (
        <Intro words={words} page={screen.page} onStart={() => setScreen({ ...screen, name: 'evidence' })} />
      );
    case 'evidence':
      return (
        <Evidence
          words={words}
          api={api}
          page={screen.page}
          onVerified={(page) => setScreen({ name: 'decision', page })}
        />
      );
    case 'decision':
      return (
        <Decision
          words={words}
          api={api}
          onAccepted={() => setScreen({ name: 'pairing' })}
          onDeclined={() => setScreen({ name: 'declined' })}
          onEvidenceMissing={() => setScreen({ ...screen, name: 'evidence' })}
        />
      );
    case 'declined':
      return <Declined words={words} />;
    case 'pairing':
      return (
        <Pairing
          words={words}
          api={api}
          onProtection={() => setScreen({ name: 'protection' })}
          onStopped={() => setScreen({ name: 'stopped' })}
        />
      );
    case 'protection':
    case 'stopped':
      return (
        <Protection
          words={words}
          api={api}
          stopped={screen.name === 'stopped'}
          onConnect={() => setScreen({ name: 'pairing' })}
          onDeadEnd={(refusal) => setScreen({ name: 'dead-end', refusal })}
        />
      );
    case 'dead-end':
      return <DeadEnd words={words} refusal={screen.refusal} onRetry={() => void load()} />;
  }
};
