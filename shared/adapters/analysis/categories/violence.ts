import type { CategoryLexicon } from './lexicon';

/** Whom a threat names: the reader, or someone of theirs. */
const you = '(voce|vc|vcs|voces|tu|ce)';
/** Weapons nobody carries to school or a fight by chance (a kitchen knife is read with its purpose). */
const weapon =
  '(faca|facao|canivete|estilete|revolver|pistola|arma|oitao|barra de ferro|corrente|soco ingles|taco|martelo)';
const weaponEn = '(knife|knives|gun|pistol|brass knuckles|blade|weapon)';
/** Bringing something along (a bat, a hammer or a chain is brought for ordinary reasons too: read with a target only). */
const carry = '(levar|leva|levo|levando|trazer|traz|trago|trazendo)';
const carryEn = '(bring|bringing|brought|carry|carrying|take|taking)';
/** Hyperbole that takes the same words: a football score, a game, missing someone, hunger. */
const notPlay = '(?! (de novo|no (jogo|fifa|lol|x1|game|campeonato)|de \\d|a saudade|a fome))';

/** violence: threats of violence, weapons, planned fights, a parent's beatings. */
export const violence: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        `(vou|vamos) matar ${you}`,
        // `vou te matar` alone is a spoiler's punishment: it takes a serious word after it.
        '(vou|vamos) te matar (de verdade|se (tu|vc|voce)|quando|seu|sua|to falando|juro|amanha|hoje|hj|la fora|na saida|depois)',
        'te (furo|esfaqueio)|(vou|vamos) te (esfaquear|furar|dar um tiro|quebrar)(?! de rir)',
        '(i ll|i will|im going to|i m going to|i m gonna|gonna) (kill|shoot|stab) (you|u)',
        'bring a gun to school|levar uma arma (pra|para) (a )?escola',
        // A weapon brought along, or named as one's own for someone.
        `${carry}( \\w+){0,3} (?!(taco|martelo|corrente)\\b)${weapon}(?! (de (cozinha|pao|churrasco|mesa|unha)|pra cortar|do bolo|no (jogo|game|fifa)))`,
        `(enfi\\w*|met\\w*|crav\\w*)( \\w+){0,2} (faca|tesoura|canivete|estilete|facao) (nele|nela|neles|em (voce|vc|ti)|no (pescoco|olho|bucho))`,
        `(meu|minha) (faca|canivete|revolver|pistola|soco ingles|estilete)(?! (de (cozinha|pao|churrasco)|nova|do jogo))`,
        `${carryEn}( \\w+){0,3} ${weaponEn}(?! (to (practice|the game|camp)))`,
        // Someone will leave hurt.
        `(vai|vao|vc vai|tu vai|ce vai) (sair|voltar) (de ambulancia|no caixao|de maca)|(ficar|sair) sem (os )?dentes|aparecer (todo |toda )?roxo`,
        `(vai|vao|vc vai|tu vai|ce vai) (levar|tomar) (um |uns |umas )?(tiro|tiros|bala|balas|facada|facadas)`,
        // Attacks announced.
        '(vai ter|vai rolar|vou fazer|vamos fazer|a gente vai fazer) (um )?(massacre|ataque|tiroteio)|shoot up (the|our|this) school',
        'some ?(one|body) (s|is) (gonna|going to) (get )?(hurt|shot|killed|die)',
        `(you re|ur|you are|u r) dead (after|tomorrow|when|at|monday|on)`,
        '(ou|senao) a gente (sobe|entra|invade)|(come out|open up) or we (come|break) in',
        `(antes|senao|se nao) (que )?aconte\\w* (algo|alguma coisa) (com (ela|ele|${you}|tua|sua|teu|seu)|contigo)`,
        // Knowing where someone lives or spends the day, said to frighten.
        'sei onde (voce|vc|tu|ce|ele|ela|teu|tua|seu|sua)( \\w+)? (mora|estuda|fica|trabalha)|i know where (you|u|your|ur)( \\w+){0,2} (live|lives|go|goes|work|works|stay|stays)',
        `(nele|nela|neles|nelas|em (voce|vc|ti)) com (o |a |um |uma |meu |minha )?${weapon}`,
        '(nem adianta|nao adianta) (correr|fugir|se esconder)|(don t|dont) (bother|even try) (running|to run|hiding|to hide)',
        `(gonna|going to|will|ll) (smash|break|bash|punch|cut) (ur|your|you r|his|her) (face|head|teeth|skull|legs?|neck)( in)?`,
        '(vou|vamos|vai) (tacar|botar|por|colocar) fogo (na|em) (sua|tua) (casa|familia)|(quebr|arrebent)\\w* (suas|tuas|as) pernas|break (your|ur) legs',
        `(arrebent\\w*|quebr\\w*|abr\\w*) a cabeca (dele|dela|${you})|(eu )?(pego|pegar|pegamos|vou pegar) (sua|tua|teu|seu) (irma\\w*|irmao\\w*|mae|pai|filh\\w*|familia)`,
        '(people|you|u|someone|somebody) (will|ll|re gonna|are gonna|are going to|gonna|is gonna) get (hurt|shot|killed)',
        '(todo mundo|a gente|geral) (bate|vai bater|leva pedra|levar pedras?)|(leva|levar|levo|trazer) (uma |umas )?pedras? (pra|e) (pegar|jogar|bater)',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        '(vou|vamos) te (bater|pegar na saida|encher de porrada)|(vou|vamos) (quebrar|arrebentar) (sua|tua) cara',
        '(i ll|i will|im going to|i m going to|i m gonna|gonna) (beat|hurt) (you|u)( up)?',
        'beat (you|u) up|watch your back',
        `te (quebro|arrebento|espanco|furo)|(eu )?(furo|esfaqueio|espanco|arrebento) (ele|ela|eles|elas|${you})`,
        `(te )?(dar|da|dou|meter|meto|enfiar|enfio|encher)( \\w+){0,2} (tapa|tapas|soco|socos|murro|murros|porrada|porradas|chute|chutes|facada|facadas|bicuda)(?! (no|na) (?!cara|boca|orelha|barriga)\\w)`,
        '(?<!saco )(na|de|a base de|na base da) (porrada|pancada|paulada|cacetada)|no (tapa|soco|murro|cacete)',
        `(${you}|cê) (vai |vao )?apanha(r)?${notPlay}|vai levar (um |uma )?(surra|pau)(?! no (jogo|fifa))`,
        `(${you}|ce) (ta|esta|tá) mort[oa](?! de)|(you re|ur|you are) dead(?! (tired|serious|inside|lol))( \\w+)? (meat|man|to me)`,
        `acab\\w* com a (sua |tua )?vida (dele|dela|deles|de ${you})|acab\\w* com a (sua|tua) (raca|vida)`,
        `(vai|vao|vão|ele vai|ela vai) me (bater|espancar|matar de pancada|encher de porrada)|me bat\\w* com (o|a) (fio|cinto|chinelo|vara|cabo|fivela)`,
        '(ll|will|gonna|going to|is gonna) (beat|hit) me(?! (at|in|on) )|(beats|hits|hit|beat) me with (the|a|his|her) (belt|cord|stick|wire)',
        '(mandei|vou mandar|chamei|vou chamar) (os|uns) (cara|caras|menino|meninos|moleques?)( \\w+)? te (procurar|pegar|quebrar|bater)',
        `(vai|vc vai|tu vai|ce vai) (estar|ficar|tar) sozinh[oa]( \\w+){0,5} (quero ver|vai ver|vc vai ver|tu vai ver)`,
        `quebr\\w*( \\w+){0,5} e (ela|ele|${you}) junto`,
        // A group's punishment (hate windows name it too).
        '(tem|tinha|devia|deviam|merece|merecem) (que |q |de )?(apanhar|levar (um |uns |uma )?(tapa|tapas|soco|socos|porrada|surra|pau))',
        'should (be|get) (beaten|beat up|shot|killed|hanged|lynched)',
        '(me|nos) (bateu|bateram|espancou|espancaram|empurrou|empurraram|agrediu|agrediram)(?! (no|na) (jogo|fifa|x1|game))|me deu (um |uns )?(tapa|tapas|soco|socos|murro|chute)(?! (de leve|no jogo))',
        '(my )?(dad|mom|father|mother|stepdad|stepfather|brother|boyfriend|uncle) (hits|beats|hit|beat|hurts) me',
        `(senao|se nao|ou entao|ou) (${you} )?vai (apanhar|levar (um |uns )?(tapa|soco|murro|porrada))|vai levar (um |uns )?(tapa|tapas|soco|socos|murro|porrada)( na frente| na cara| na saida| amanha)`,
        `vai te (arrebentar|espancar|encher de porrada)|te pego la fora`,
        `(mato|matar|vou matar|envenen\\w*) (seu|teu|sua|tua) (cachorro|gato|cao|bicho)|acabo com (os dois|voces|vcs|${you}|ele|ela)(?! (no|na) (jogo|fifa|x1|game))`,
        `knock (your|ur|his|her) teeth (out|in)|(deixar|deixo) (ele|ela|${you}) (no chao|sangrando)|eu (furo|esfaqueio)$`,
        '(tinha|tinham|tem|devia|deviam) (q|que|de) (matar|explodir|queimar|eliminar)( \\w+){0,4} (todos|todas|eles|elas|dentro)|(go there|let s go) and hurt|hurt some people|(ataque|atacar) (contra )?(os|as) (refugiad|imigrant|gays|negros|pretos)\\w*',
        '(?:tem|tinha) (?:q|que) (?:bater|apanhar) pra aprender',
      ],
    },
    {
      severity: 'low',
      confidence: 0.5,
      patterns: [
        `(${you}|ce) nao sabe com quem (ta|esta) (mexendo|falando)|you don t know who (you re|ur) messing with`,
        '(make|makes) (you|u) regret (it|this)|(vai|vc vai|tu vai) se arrepender(?! de nao)',
        'vai ter troco|te espero la fora|(seria uma pena|seria triste) se (acontecesse|algo acontecesse)|na vida real (nao|n) (ia|iria)|i know (what|which) (bus|route|class|school)',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'te (mat|quebr|fur|esfaque|arrebent)\\w*',
        'porrada|surra|espancar|beat (you|u)|hurt (you|u)|massacre',
        // A fight being arranged, a target named.
        'resolver (isso )?no braco|sair na mao|sair no soco|(bora|vamo|vamos) (quebrar|pegar|bater|dar um pau)|dar um pau (no|na|nele|nela)',
        '(you re|ur|you are|u r) dead|(e|you re|ur) o proximo|you re next|tem gente te esperando',
        '(teu|tua|seu|sua) (cachorro|gato|familia|mae|pai|irma\\w*|irmao\\w*) (ja era|vai morrer|morre)',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'te peg\\w*|te bat\\w*|arma|revolver|pistola|faca|gun|knife|shoot\\w*|stab\\w*|tiro|bomba|bomb',
        'matar|kill|saida|esquina|depois da aula|after school|me espera|wait for me|vai ver|you ll see|ameac\\w*|threat\\w*|sangue|blood',
        'corrente|martelo|taco|barra de ferro|canivete|estilete|soco ingles|facao|quando (ele|ela) (dormir|tiver dormindo|estiver dormindo)',
        'va(i|o) ver|humilh\\w*|ta merecendo|merece apanhar|la fora|atras da (quadra|escola)|no intervalo|depois da (escola|educacao fisica|ed fisica)',
        'nem adianta|(don t|dont) bother|ja era|depois e (tu|vc|voce)|(he|she) s done|nao (e|eh) (pra|para) conversar|not (here )?to talk|pegar (tua|sua|teu|seu) (irma\\w*|mae|pai|irmao\\w*|filh\\w*|familia)',
      ],
    },
  ],
};
