import type { RiskCategory, Severity } from '../../domain/analysis/finding';

/**
 * One rule of the local analyzer: phrase patterns of one category, all with the rule's severity and
 * confidence. A pattern is a regular expression over folded text (lower case, no accents, every run
 * of punctuation and spaces one space: `Don't` reads `don t`), matched as whole words.
 *
 * The lists favour phrases over single words: `matar` alone is `vou matar a saudade`, `kill` alone
 * is `killing it`; a phrase names who is hurt. Negative lookaheads keep the idioms out.
 */
export interface RiskRule {
  category: RiskCategory;
  severity: Severity;
  confidence: number;
  patterns: readonly string[];
}

export const riskRules: readonly RiskRule[] = [
  // grooming: secrecy, isolation, asking for pictures or meetings, flattering the child's age
  {
    category: 'grooming',
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
    category: 'grooming',
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
  // sexual content: asking for or sending nudity, sexual acts
  {
    category: 'sexual_content',
    severity: 'high',
    confidence: 0.85,
    patterns: [
      'manda (uns )?nudes?|(me )?manda (uma )?foto (pelad[ao]|sem roupa|intima)',
      'send (me )?(some )?nudes?|send (me )?(a )?naked (pic|picture|photo)',
      'dick pic',
    ],
  },
  {
    category: 'sexual_content',
    severity: 'medium',
    confidence: 0.7,
    patterns: [
      'nudes',
      'pelad[ao]s?',
      'transar|fazer sexo|sexo oral|boquete',
      'pornografia|porno',
      'naked (pic|picture|photo|selfie)s?|get naked',
      'have sex|sexting|blowjob|porn|pornography',
    ],
  },
  // bullying: humiliation, exclusion, telling someone to hurt themselves
  {
    category: 'bullying',
    severity: 'high',
    confidence: 0.85,
    patterns: [
      'vai se matar|se mata logo|(voce|vc|tu) deveria (se matar|morrer)',
      'go kill (yourself|urself)|kys|(you|u) should (die|kill yourself)',
    ],
  },
  {
    category: 'bullying',
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
    category: 'bullying',
    severity: 'low',
    confidence: 0.5,
    patterns: ['(seu|sua) (idiota|otari[ao]|imbecil|retardad[ao])', '(you|u) (idiot|moron|loser)'],
  },
  // self harm: the writer's own wish to die or to hurt themselves
  {
    category: 'self_harm',
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
    category: 'self_harm',
    severity: 'medium',
    confidence: 0.75,
    patterns: [
      'me cortar|me corto|me machucar de proposito',
      'cut myself|cutting myself|hurt myself|self harm',
      'suicidio|suicide',
    ],
  },
  // violence: threats against someone, weapons against someone
  {
    category: 'violence',
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
    category: 'violence',
    severity: 'medium',
    confidence: 0.7,
    patterns: [
      '(vou|vamos) te (bater|pegar na saida|encher de porrada)|(vou|vamos) (quebrar|arrebentar) (sua|tua) cara',
      '(i ll|i will|im going to|i m going to|i m gonna|gonna) (beat|hurt) (you|u)( up)?',
      'beat (you|u) up|watch your back',
    ],
  },
  // drugs: naming a drug, or buying, selling or using them
  {
    category: 'drugs',
    severity: 'medium',
    confidence: 0.75,
    patterns: [
      'maconha|cocaina|(fumar|pedra de) crack|heroina|lanca perfume|mdma|ecstasy|lsd|metanfetamina',
      '(fumar|bolar|acender) (um )?baseado',
      '(comprar|vender|usar|experimentar) (umas? )?drogas?|traficante',
      'cocaine|heroin|meth|fentanyl|smoke crack',
      '(smoke|buy|sell|selling) (some )?(weed|pot)|drug dealer',
    ],
  },
  // scam: prizes, account take-over codes, bank data
  {
    category: 'scam',
    severity: 'high',
    confidence: 0.8,
    patterns: [
      '(me )?(passa|manda|envia) o codigo (que (chegou|te mandaram)|de (verificacao|seis digitos|6 digitos))',
      '(senha|dados) do (seu |teu )?(banco|cartao)|numero do (seu |teu )?cartao|cvv',
      '(send|give) me (the|your) (verification )?code( you got| that you got)?',
      '(your )?(bank|card) (password|pin)|(your )?credit card number',
    ],
  },
  {
    category: 'scam',
    severity: 'medium',
    confidence: 0.65,
    patterns: [
      '(voce|vc) (foi sortead[ao]|ganhou um premio)',
      'clique no link (para|pra) (resgatar|receber|ganhar)',
      'dobrar (o )?seu dinheiro|renda extra garantida',
      '(you (have )?won|you ve won) (a|an) (prize|iphone|gift card)',
      'click (the|this) link to (claim|receive|get)',
      'double your money|guaranteed (profit|return)',
    ],
  },
  // hate: contempt for a group by who they are
  {
    category: 'hate',
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
    category: 'hate',
    severity: 'medium',
    confidence: 0.7,
    patterns: [
      'raca inferior|volta (pra|para) (sua|tua) terra|macaco imundo',
      'inferior race|go back to (your|ur) (own )?country',
      'faggot|nigger|tranny',
    ],
  },
];
