import type { CategoryLexicon } from './lexicon';

/** violence: threats of violence, weapons, planned fights. */
export const violence: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        '(vou|vamos) matar (voce|vc)',
        'te (mato|furo|esfaqueio)|(vou|vamos) te (matar|esfaquear|furar|dar um tiro|quebrar)',
        '(i ll|i will|im going to|i m going to|i m gonna|gonna) (kill|shoot|stab) (you|u)',
        'bring a gun to school|levar uma arma (pra|para) (a )?escola',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        '(vou|vamos) te (bater|pegar na saida|encher de porrada)|(vou|vamos) (quebrar|arrebentar) (sua|tua) cara',
        '(i ll|i will|im going to|i m going to|i m gonna|gonna) (beat|hurt) (you|u)( up)?',
        'beat (you|u) up|watch your back',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'te (mat|quebr|fur|esfaque|arrebent)\\w*',
        'porrada|surra|espancar|beat (you|u)|hurt (you|u)|massacre',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'te peg\\w*|te bat\\w*|arma|revolver|pistola|faca|gun|knife|shoot\\w*|stab\\w*|tiro|bomba|bomb',
        'matar|kill|saida|esquina|depois da aula|after school|me espera|wait for me|vai ver|you ll see|ameac\\w*|threat\\w*|sangue|blood',
      ],
    },
  ],
};
