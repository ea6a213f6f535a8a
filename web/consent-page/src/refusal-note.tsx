import type { Refusal } from './api';
import { refusalText } from './refusal';
import type { Words } from './words';

/** The alert that says why something was refused; `testId` names it for tests. */
export const RefusalNote = (props: { words: Words; refusal: Refusal | null; testId: string }) =>
  props.refusal === null ? null : (
    <p class="refusal" role="alert" data-testid={props.testId} data-code={props.refusal.code}>
      {refusalText(props.words, props.refusal)}
    </p>
  );
