import type { ConsentPage } from '../api';
import type { Words } from '../words';

/** Who asks, for whom, what is analysed and what the family will and will not see. */
export const Intro = (props: { words: Words; page: ConsentPage; onStart: () => void }) => {
  const { intro } = props.words;
  const { page } = props;
  return (
    <section data-testid="consent-intro" aria-labelledby="intro-heading">
      <h1 id="intro-heading">{intro.heading(page.requester.firstName ?? intro.someone)}</h1>
      {page.person && <p>{intro.forWhom(page.person.firstName, page.person.kind === 'minor')}</p>}
      <h2>{intro.analysedHeading}</h2>
      <p>{intro.analysed}</p>
      <h2>{intro.seeHeading}</h2>
      <p>{intro.see}</p>
      <h2>{intro.notSeeHeading}</h2>
      <p>{intro.notSee}</p>
      <p class="note">{intro.free}</p>
      <button type="button" class="primary" onClick={props.onStart}>
        {intro.start}
      </button>
    </section>
  );
};
