import type { CategoryLexicon } from './lexicon';

/** bullying: insults, humiliation and exclusion aimed at a person. */
export const bullying: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'vai se matar|se mata logo|(voce|vc|tu) deveria (se matar|morrer)',
        'go kill (yourself|urself)|kys|(you|u) should (die|kill yourself)',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.75,
      patterns: [
        'ninguem gosta de (voce|vc|ti)',
        'todo mundo te odeia',
        '(voce|vc|tu) (e|eh) (um |uma )?(lixo|nojent[ao]|inutil|aberracao)',
        'nobody (likes|loves|wants) (you|u)',
        'everyone hates (you|u)',
        '(you re|you are|ur|youre) (so )?(worthless|pathetic|disgusting|a loser|ugly)',
      ],
    },
    {
      severity: 'low',
      confidence: 0.5,
      patterns: ['(seu|sua) (idiota|otari[ao]|imbecil|retardad[ao])', '(you|u) (idiot|moron|loser)'],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'ninguem (gosta|quer|aguenta)|nobody (likes|wants|cares)',
        'todo mundo (te )?(odeia|ri)|everyone (hates|laughs)',
        'se mata|mata logo|kys|kill (yourself|urself)',
        'nojent\\w*|inutil|fracassad\\w*|aberracao|feios[ao]|loser|worthless|pathetic|disgusting',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'lixo|trash|baleia|gord\\w*|fei[ao]|ridicul\\w*|idiota|otari\\w*|imbecil|burr[ao]|fat|ugly|stupid|idiot|freak|weirdo',
        'grupo|print\\w*|expor|exposed|postar|post|zoar|zoeira|humilh\\w*|rir de|laugh at',
        'odeia\\w*|odio|hate\\w*|sai do grupo|leave the group|kicked out',
      ],
    },
  ],
};
