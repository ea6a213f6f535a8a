import type { CategoryLexicon } from './lexicon';

/** grooming: an adult winning a child over: flattery, secrecy, isolation from the parents, another app, photos, gifts, meeting. */
export const grooming: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'nao (conta|fala|mostra) (isso |nada )?(pra|para|pros|aos) (seus|teus) pais',
        'nao (conta|fala) (pra|para) (sua|tua) (mae|familia)|nao (conta|fala) (pro|para o) (seu|teu) pai',
        '(nosso|e nosso) segredinho',
        'apaga (essa|esta|a nossa) conversa',
        '(voce|vc|tu) (ta|esta|fica) sozinh[ao] em casa',
        'vamos nos encontrar (sozinhos|escondido)|me encontra sozinh[ao]',
        'don ?t tell (your|ur) (parents|mom|mum|dad|mother|father)',
        '(our|a) little secret',
        'delete (this|our) (chat|conversation|messages)',
        'meet me alone|come meet me (alone|secretly)',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        'manda (uma )?foto (sua|tua)',
        'are (you|u) (home )?alone( at home)?',
        '(voce|vc|tu) e (muito )?madura? (demais )?pra (sua|tua) idade',
        'send (me )?(a )?(pic|picture|photo) of (you|yourself)',
        '(you re|you are|ur|youre) (so |very )?mature for (your|ur) age',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'segredo|segredinho|secret|secrets',
        'so entre (a gente|nos)|ninguem (precisa|pode) saber|between (us|you and me)',
        'apaga\\w* (a|as|essa|essas|nossa|nossas) (conversa|mensage)\\w*|delete (this|these|our) (chat|messages|conversation)',
        'madur[ao]|mature',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'linda|lindinha|gatinha|princesa|gostosa|delicia|cute|pretty|beautiful|sexy|gorgeous',
        'foto\\w*|selfie\\w*|pic|pics|picture\\w*|photo\\w*|camera|chamada de video|video call',
        'idade|age',
        'sozinh[ao]|alone|privad[ao]|private',
        'encontr\\w*|conhecer pessoalmente|meet\\w*|buscar (vc|voce)|pick (you|u) up',
        '(seus|teus) pais|(sua|tua) mae|(seu|teu) pai|your (parents|mom|mum|dad)',
        'presente\\w*|gift\\w*|skin\\w*|robux|v bucks|vbucks',
        'telegram|snapchat|discord|outro app|outra rede|other app|add me|me add',
        'ninguem te entende|nobody understands you|so eu te entendo',
      ],
    },
  ],
};
