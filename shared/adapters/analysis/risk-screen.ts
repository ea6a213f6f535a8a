import { riskCategories, type RiskCategory } from '../../domain/analysis/finding';
import { newMessageOf, type AnalysisWindow } from '../../domain/analysis/window';
import { compiledRules, fold } from './rules-analyzer';

/**
 * Words that make a window worth a second look, per category: broader than the analyzer's rules
 * (single words and stems, where the rules want a phrase), weighed 1 (enough alone) or 0.5 (needs
 * another signal in the window). A pattern reads folded text (risk-rules.ts) and starts on a word;
 * it ends on one unless it ends in `\w*` (a stem).
 */
export const screenSignals: Record<RiskCategory, { weight: number; patterns: readonly string[] }[]> = {
  grooming: [
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
  sexual_content: [
    {
      weight: 1,
      patterns: [
        'nude\\w*|nud|pelad\\w*|naked|sexo|sex|sexual\\w*|transa\\w*|porn\\w*|putaria|tesao|horny|boobs',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'safad\\w*|peit\\w*|bunda|sem roupa|roupa intima|lingerie|calcinha|cueca|underwear|corpo|body|cama|bed|tocar|touch',
      ],
    },
  ],
  bullying: [
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
  self_harm: [
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
  violence: [
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
  drugs: [
    {
      weight: 1,
      patterns: [
        'maconha|baseado|beck|cocaina|lsd|mdma|ecstasy|lolo|ketamina|drogas',
        'weed|joint|blunt|cocaine|meth|molly|drug|drugs|dealer|xanax|thc',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'droga|crack|erva|fumo|lanca|pod|plug|pot|acid|coke|pills?|vape\\w*|gummies',
        'fumar|smoke|chapad\\w*|brisa|high|stoned|trip|biqueira|traficante|usar|experimentar|try it|vende\\w*|sell\\w*|compra\\w*|buy',
      ],
    },
  ],
  scam: [
    {
      weight: 1,
      patterns: [
        'chave pix|boleto|gift card|cartao presente|vale presente',
        'codigo de (verificacao|seguranca)|verification code|senha|password|cvv',
        'troquei de numero|numero novo|new number|changed my number|esse e meu novo',
        'sortead\\w*|premio|prize|resgat\\w*|claim',
        'conta bloqueada|account (locked|suspended)',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'pix|transferencia|deposit\\w*|deposito|bloquead\\w*|suspens\\w*|locked|suspended|encomenda|entrega|taxa|delivery|package|fee',
        'link|clique|click|acesse|bit ly|http\\w*|www|codigo|code|pin|urgente|urgent|rapido|quick|emprest\\w*|lend|dinheiro|money|reais|banco|bank|cartao|card|investimento|invest\\w*|lucro|profit',
      ],
    },
  ],
  hate: [
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

/** A window goes to the second stage when some category's signals weigh this much (chosen from the eval's figures). */
export const SCREEN_THRESHOLD = 1;

/** Signals of the earlier messages weigh this share: context, not the news. */
export const CONTEXT_WEIGHT = 0.5;

const compileSignal = (pattern: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'gu');

const compiledSignals = riskCategories.flatMap((category) =>
  screenSignals[category].flatMap(({ weight, patterns }) =>
    patterns.map((pattern) => ({ category, weight, pattern: compileSignal(pattern) })),
  ),
);

/**
 * Each category's signals in one folded message, keyed by the words matched (two words of one
 * pattern are two signals, a word repeated is one); a rule of the analyzer weighs more than any threshold.
 */
const signalsOf = (text: string): Map<RiskCategory, Map<string, number>> => {
  const found = new Map<RiskCategory, Map<string, number>>();
  const add = (category: RiskCategory, key: string, weight: number) => {
    const held = found.get(category) ?? new Map<string, number>();
    held.set(key, Math.max(weight, held.get(key) ?? 0));
    found.set(category, held);
  };
  for (const rule of compiledRules)
    if (rule.pattern.test(text)) add(rule.category, `rule:${rule.pattern.source}`, Number.POSITIVE_INFINITY);
  for (const signal of compiledSignals)
    for (const [words] of text.matchAll(signal.pattern)) add(signal.category, words, signal.weight);
  return found;
};

/**
 * How suspicious the window is: its most suspicious category's weight, the new message's signals at
 * their weight and the earlier messages' at `CONTEXT_WEIGHT` (a signal counting once per window, at
 * its best weight). A rule of the analyzer in the new message is suspicious at any threshold; the
 * context alone passes only with strong signals in two earlier messages, so a chat's one risky word
 * does not send its next five messages on, while an escalation whose last step is plain words does.
 */
export const screenScore = (window: AnalysisWindow): number => {
  const newMessage = newMessageOf(window);
  if (newMessage === undefined) return 0;
  const weights = signalsOf(fold(newMessage.text));
  for (const message of window.slice(0, -1))
    for (const [category, signals] of signalsOf(fold(message.text))) {
      const held = weights.get(category) ?? new Map<string, number>();
      for (const [key, weight] of signals)
        held.set(key, Math.max(held.get(key) ?? 0, Math.min(weight, 1) * CONTEXT_WEIGHT));
      weights.set(category, held);
    }
  let worst = 0;
  for (const signals of weights.values()) {
    let score = 0;
    for (const weight of signals.values()) score += weight;
    worst = Math.max(worst, score);
  }
  return worst;
};

/** The screen at another threshold (the evaluation's sweep). */
export const riskScreenAt =
  (threshold: number) =>
  (window: AnalysisWindow): boolean =>
    screenScore(window) >= threshold;

/** The first stage of the cascade: a high-recall suspicion test, cheap enough for every message. */
export const riskScreen = riskScreenAt(SCREEN_THRESHOLD);
