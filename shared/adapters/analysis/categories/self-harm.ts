import type { CategoryLexicon } from './lexicon';

/** self_harm: intent, plans or ideation of hurting oneself, direct or indirect. */
export const selfHarm: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.9,
      patterns: [
        '(quero|vou|vontade de) me matar(?! de (rir|estudar|trabalhar))',
        '(quero|queria) morrer(?! de (rir|vergonha|fome|sono|saudade|inveja))',
        'nao quero mais viver|acabar com a minha vida|tirar a minha vida',
        'me suicidar',
        '(want|going|gonna) (to )?kill myself',
        '(want|wanna) (to )?die(?! (of|laughing))',
        'end my life|don ?t want to live( anymore)?|commit suicide|suicidal',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.75,
      patterns: [
        'me cortar|me corto|me machucar de proposito',
        'cut myself|cutting myself|hurt myself|self harm',
        'suicidio|suicide',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'suicid\\w*|me matar|kill myself',
        'me cort\\w*|cortar os pulsos|cut myself|cutting|self harm|me machuc\\w*|hurt myself',
        'sumir|desaparecer|disappear|nao aguento mais|cant take it|can t take it|give up|desistir de tudo',
        'sem sentido|no point|pointless|acabar com tudo|end it',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'morrer|die|dead|morta|morto|remedios|comprimidos|pills|overdose',
        'cansad[ao] de (tudo|viver)|tired of (everything|living)|vazi[ao]|empty|sozinh[ao]|alone|ninguem liga|nobody cares',
        'despedida|adeus|goodbye|carta|letter|melhor sem mim|better off without me|fardo|burden',
      ],
    },
  ],
};
