import type { CategoryLexicon } from './lexicon';

/** hate: slurs and dehumanising statements against groups. */
export const hate: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'morte aos? (gays|negros|judeus|nordestinos|imigrantes|trans)',
        '(negros|judeus|gays|nordestinos) (devem|deveriam|merecem) morrer',
        'death to (gays|jews|blacks|muslims|immigrants)',
        '(gays|jews|blacks|muslims|immigrants) (should|must|deserve to) die',
        'heil hitler|sieg heil|white power',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        'raca inferior|volta (pra|para) (sua|tua) terra|macaco imundo',
        'inferior race|go back to (your|ur) (own )?country',
        'faggot|nigger|tranny',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'macac\\w*|nazi\\w*|hitler|heil|white power|supremac\\w*',
        'traveco|faggot|fag|tranny|nigg\\w*',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'raca|race|inferior|viad\\w*|bicha|sapatao|paraiba|baiano\\w*',
        'nordestin\\w*|judeu\\w*|jews?|negr[ao]s?|pret[ao]s?|gays?|trans|imigrant\\w*|immigrant\\w*|muslim\\w*|muculman\\w*|refugiad\\w*|indio\\w*',
        'odeio|odeia|hate|nojo|lixo|praga|pragas|exterminar|eliminar|volta pra|go back|esse povo|those people|essa gente|these people',
      ],
    },
  ],
};
