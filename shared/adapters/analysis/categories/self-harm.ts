import type { CategoryLexicon } from './lexicon';

// Who speaks: "eu", "i", or nobody (Portuguese drops the subject).
const wish = '(?:quero|queria|qria|qro|vou|vo|to com vontade de|vontade de|penso em|pensando em)';
const you = '(?:voce|vc|tu|te)';

/**
 * self_harm: intent, plans or ideation of hurting oneself, direct or indirect (hopelessness,
 * goodbyes, wanting to disappear for good). Hyperbole stays silent: `morri de rir`, `to morta de
 * cansaço`, `vou morrer de frio`, `quero sumir de vergonha`, `kms lol` name no wish to die.
 */
export const selfHarm: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.9,
      patterns: [
        `${wish} me matar(?! de (rir|estudar|trabalhar|vergonha))`,
        '(quero|queria|qria) morrer(?! de (rir|vergonha|fome|sono|saudade|inveja|frio|calor|tedio))',
        '(nao|n) quero mais viver|acabar com a minha vida|tirar a minha (propria )?vida|me suicidar',
        '(vou|vo|eu vou) acaba\\w* (com|cm) (tudo|tud)(?! (na|no|nessa|nesse|em|de))',
        `(hoje|hj|amanha|essa noite) eu acabo com (isso|tudo)`,
        '(decidi|decidido)\\w* .{0,30}(o fim|acabar|morrer)(?! d)|(o fim|acabar|morrer) .{0,20}ja (ta|esta) decidido',
        '(pular|me jogar|me atirar) (da|de uma|do|de um|pela) (ponte|predio|terraco|janela|viaduto|laje)|vim (pra|para|aqui pra) pular',
        '(quando|qnd|qdo|pra quando|pra qnd) (me acharem|me encontrarem)',
        '(pra|para) (n|nao) acordar mais|dormir e (n|nao|nunca mais) acordar',
        '(want|going|gonna|wanna) (to )?kill myself|(wanna|want to|gonna|going to|will) kms(?! (lol|lmao|haha))',
        '(want|wanna) (to )?die(?! (of|laughing|when|if))',
        'end my life|don ?t want to (live|be alive)( anymore)?|commit suicide|suicidal',
        '(got|have|ve got) (the|my|all the|all my) pills ready|(take|swallow) (all|every one of) (the|my) pills',
        '(jump|jumping) (off|from) (the|a) (bridge|building|roof)',
        '(?:ja )?(?:nao|n) vou mais estar aqui|(?:minha|meu) (?:ultima noite|ultimo dia)(?! (?:de|d|na|no|em|aqui))|(?:hj|hoje) (?:eu )?vou acabar com (?:isso|tudo)|vo me mata(?:r)?',
        '(?:i )?cut (?:again|myself)|(?:been )?(?:hurting|harming) myself|(?:eu )?me corto|me cortei|tomei (?:um monte|varios|todos os|uma cartela)( \\w+)? (?:de )?remedios?|pensando em pular(?! \\p{L})|pills? (?:ready|saved|stashed)',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.75,
      patterns: [
        `${wish} me (machucar|cortar|ferir)|me machuquei de proposito|me corto|me cortei|me cortando`,
        '(ninguem|ngm) (ver|veja|perceber|notar|saber d)\\w* (os|as|meus|minhas) (cortes|cicatrizes|marcas)',
        'cortes (no|nos|do|dos) (braco|bracos|pulso|pulsos|perna|pernas|coxa|coxas)',
        'cut myself|cutting myself|hurt myself|self harm|(sees?|notices?|hide) (where i cut|my (cuts|scars))',
        'ate (sangrar|sair sangue)',
        'suicidio|suicide',
        'quantos (remedio|remedios|comprimidos) (precisa|tem q|tem que|preciso)',
        'melhor (sem mim|sm mim)|better off without me',
        '(ninguem|ngm) (ia|iria) (nem )?(sentir (minha )?falta|perceber|notar|ligar)',
        'if i (was|were) gone|nobody would (even )?(notice|miss me)',
        '(sentido|motivo|razao) (em|pra|para|de) (continuar|viver|existir|seguir vivo)|faz sentido viver',
        '(vejo|ve|vê) sentido em (nada|nd)|nada vai melhorar nunca',
        'cansad[ao] de (viver|existir)|tired of (living|being alive|existing)',
        '(nao|n) mereco (estar viv[ao]|viver|existir)|mereco sofrer',
        '(nao|n) aguento mais (essa vida|viver|existir|ser eu)',
        '(quando|qnd|qdo|quandu) eu (n|nao) (tiver|estiver|tiver|tver) mais (aqui|por aqui)|nem vou (ta|tar|estar) mais (aqui|por aqui)',
        '(desligar|dormir|sumir|desaparecer|apagar) .{0,20}pra sempre|sumir de vez|desaparecer de vez',
        '(quero|queria|qria|qro) (desaparecer)',
        'dar um fim (nisso|em tudo|a tudo|na minha vida|nessa vida)',
        `(ser|sou|sendo) (um|esse|o|uma) (peso|fardo)(?! (de|da|do))|(being|i m|im) a burden`,
        `(fala|diz|diga|avisa) (pra|pro|para) (a |o )?(minha|meu) (mae|pai|familia|irma|irmao|vo|avo) q(ue)? eu (sinto (muito|mt)|amo|${you} amo)`,
        '(want|wanna|wish i could) (to )?disappear',
        'what s (even )?the point (of anything|of living|anymore)|no point (in )?(living|anything)',
        'how high .{0,40}(to be over|to die)|high enough to (die|be over)',
        '(queria|qria) (nem|n|nao) ter nascido|wish i (was|were|d) never (been )?born',
        'tudo (isso )?acabar de vez',
        'se eu morresse(?! de)|(?:i m|im|i am) (?:just )?a burden|better off (?:without me|if i was gone|if i were gone)|(?:eu )?mere[cç]o (?:sofrer|passar fome|morrer)|i don ?t deserve (?:food|to eat|to live)',
        'vou vomitar (?:tudo|de novo)|sem comer (?:faz|ha) \\d+ dias|se (?:um carro|um onibus|um caminhao) me (?:pegar|atropelar)|voltei a me machucar|(?:eu )?me machuco',
        '(?:nao|n) vou (?:mais )?estar aqui (?:amanha|semana que vem|sabado|domingo)',
      ],
    },
    {
      // Indirect statements: wishing not to exist, no point in living, wanting everything to stop.
      severity: 'low',
      confidence: 0.5,
      patterns: [
        'queria sumi|(?:stop|parar de|cansad[ao] de|queria (?:nao|n)) exist\\w*|pra (?:que|q) viver|nothing (?:ever )?gets better|nada (?:nunca )?(?:vai )?melhora|nao sirvo pra nada',
        '(?:want|wanted) (?:it all|everything) to stop|queria (?:q|que) tudo parasse|acordar (?:todo dia )?(?:e|eh) um castigo|ninguem liga se eu|sei se vou estar aqui',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'suicid\\w*|me matar|kill myself|kms',
        'me cort\\w*|cortar os pulsos|cut myself|cutting|self harm|me machuc\\w*|hurt myself',
        '(quero|queria|qria) sumir|desaparecer|disappear|nao aguento mais|n aguento mais|cant take it|can t take it|give up|desistir de tudo',
        'sem sentido|no point|pointless|acabar com tudo|end it',
        'melhor sem mim|better off without me|sentir (minha )?falta|mais aqui|pra sempre|nascido|never born',
        'pra (n|nao) acordar|ate sangrar|cortes|cicatrizes|scars|where i cut|ja sei como|decidido|o fim',
        'mereco sofrer|(nao|n) mereco|the point|fazer besteira|peso pra|burden|jump off|if i was gone|nobody would',
        'you can have (my|all my)|pode ficar com (meu|minha|meus|minhas)|(dou|vou dar) (meu|minha|meus|minhas) \\w+ pra (vc|voce|ti)',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'morrer|die|dead|morta|morto|remedio|remedios|comprimidos|pills|overdose|existir|existing|viver|viva|vivo',
        'cansad[ao] de (tudo|viver)|tired of (everything|living)|vazi[ao]|empty|sozinh[ao]|alone|ninguem liga|nobody cares',
        'despedida|adeus|goodbye|carta|letter|melhor sem mim|better off without me|fardo|burden',
        'sumir|me odeio|i hate myself|juntando|suficiente|won t need|culpa|sinto (muito|mt)|desculpa|acabar|acabo|decidi|pular',
        'escolhi|pensando nisso|penso nisso|after this week',
      ],
    },
  ],
};
