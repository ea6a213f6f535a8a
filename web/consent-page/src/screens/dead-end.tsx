import type { Refusal } from '../api';
import { refusalText } from '../refusal';
import type { Words } from '../words';

/** A link that cannot go on (expired, replaced, unknown), or no connection with a way to retry. */
export const DeadEnd = (props: { words: Words; refusal: Refusal; onRetry: () => void }) => {
  const { words, refusal } = props;
  const final = ['CONSENT_EXPIRED', 'NOT_FOUND', 'PROTECTION_LINK_REPLACED'].includes(refusal.code);
  return (
    <section aria-labelledby="dead-end-heading">
      <h1
        id="dead-end-heading"
        data-testid={refusal.code === 'CONSENT_EXPIRED' ? 'link-expired' : 'dead-end'}
        data-code={refusal.code}
      >
        {refusalText(words, refusal)}
      </h1>
      {!final && (
        <button type="button" class="primary" onClick={props.onRetry}>
          {words.deadEnd.retry}
        </button>
      )}
    </section>
  );
};
