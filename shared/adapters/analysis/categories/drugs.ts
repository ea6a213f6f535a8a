import type { CategoryLexicon } from './lexicon';

/** Names of drugs that name nothing else (street names that are also candy, tea or flour are not here). */
const substance =
  'maconha|cocaina|heroina|lanca perfume|mdma|ecstasy|lsd|metanfetamina|ketamina|haxixe|skunk|thc|cannabis|cocaine|heroin|meth|fentanyl|ketamine|shrooms|molly';
/** Street names, with words of everyday life among them (bala, doce, erva, farinha): only in a dealing or using phrase. */
const street = `${substance}|beck|baseados?|lolo|pinos?|prensado|mesclado|bagulho|verdin(ho)?|po|pods? de thc|carts?|weed`;
/**
 * News and school talks about drugs are not a use: a seizure, the police, a lecture, within
 * `nearNews` characters of the drug's name. A window, not the whole message: a lookaround that reads
 * to the text's ends at every word is quadratic in its length.
 */
const nearNews = '.{0,200}';
const newsBefore = '(policia|apreend|apreensao|operacao|palestra|sobre|contra|police|seized|news)';
const newsAfter = '(policia|apreend|police|seized)';
/** `phrase` with no word of the news shortly before it (looked for only where the phrase starts). */
const notAfterNews = (phrase: string) => `(?=${phrase})(?<!${newsBefore}${nearNews})${phrase}`;

/** drugs: offers, sales, use of and pressure to use drugs. */
export const drugs: CategoryLexicon = {
  rules: [
    {
      // Dealing: a price per gram or dose, selling or bringing a drug, recruiting or hiding it on a minor.
      severity: 'high',
      confidence: 0.75,
      patterns: [
        '\\d+ (reais |conto |pila )?(a|o|cada) (g|gr|grama|frasco|pino|paranga)|\\d+ (a|an|per) (g|gram|eighth|cart|pill)',
        `(${street}|lanca)\\w* .{0,30}\\d+ (reais |conto |pila )?(cada|o frasco|a grama)`,
        `(vend\\w*|vendo|revend\\w*|trago|arrumo|tenho|chegou) (um |uma |uns |umas |o |a |os |as |de |\\d+ )?(${street}|drogas?|lanca)(?! \\p{L})`,
        `(vend\\w*|vendo|revend\\w*|trago|arrumo) (um |uma |uns |umas |o |a |os |as |de |\\d+ )?(${street}|drogas?|lanca)`,
        'chegou (a |o )?(\\w+ )?da boa|(farinha|erva|bala|doce|pino|bagulho|fumo|verde) da boa',
        '(doce|bala|selo|papel|acido)\\w* (com )?efeito|efeito de \\d+ ?h',
        '(vaga|trampo|trabalh\\w*|ganhar uma grana|ser|virar) (de |como |um |uma )?aviaozinho',
        '(ninguem|nobody|no one) (desconfia|suspeita|revista|checks?|suspects?|searches) (de |the |on )?(alunos?|criancas?|menor\\w*|kids?|students?)',
        `(${street}|drogas?|pacot\\w*|drugs?|stuff) .{0,40}((sua|tua|your) (mochila|bolsa|backpack)|menor de idade|(vc|voce|tu) (e|eh) (de )?menor)`,
        `(${street}|erva|bala|doce|pods?|pills?|edibles) .{0,60}(chama no (pv|privado|direct|inbox|dm)|entrega discreta|discreet)`,
        '(cheir\\w*|did|do|doing|snort\\w*) (a few |some |two |2 |uns |umas |\\d+ )?(lines|carreiras?)',
        'sell\\w* (some |a few |uns? )?(weed|coke|molly|xans|thc|carts|pills|percs|acid|shrooms|pot|drugs)',
        'lanca (perfume )?.{0,15}\\d+',
        '(?:bala|doce|md|pills?|molly)( \\w+){0,3} \\d+ (?:reais |conto |pila )?cada|(?:preciso|precisando) de aviao|aviao pra (?:entregar|levar)|(?:motoboy|entrego|entrega)( \\w+){0,3} (?:o |a )?(?:po|maconha|erva|pino|bala)|vend\\w* (?:esses|essas|os|as) (?:baseados|balas|pinos)',
      ],
    },
    {
      // Using, offering or buying a drug.
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        `${notAfterNews(`(${substance})`)}(?!${nearNews}${newsAfter})`,
        '(fumar|pedra de|experimentar|usar|usando|viciad\\w* em) crack|smok\\w* crack|crack (cocaine|pipe)',
        notAfterNews(
          '(comprar|compro|vender|usar|usando|usei|usou|experimentar|uso de) (umas? |de |alguma |algumas )?drogas?',
        ),
        `cheir\\w* (um |uma |o |a |de |do |da |\\d+ )?(lolo|lanca|po|pinos?|farinha|cola|benzina|thinner)(?! de)`,
        '(fum\\w*|queim\\w*|bol\\w*|apert\\w*|acend\\w*|dar um tapa no|da um tapa no) (um |uma |o |a |esse |aquele |uns |umas |no )?(beck|baseado\\w*|fininho|verde\\w*|erva|bagulho|prensado|skunk|maconha)',
        '(bagulho|erva|verde\\w*|beck|prensado|parada) (q|que) (a gente|nos|nois|vc|voce|tu|eu|ele|ela|vcs|voces) (fum|queim|bol|apert|cheir)\\w*',
        '(queim\\w*|bol\\w*|apert\\w*) (um|unzinho)(?! \\p{L})',
        '(um|uns|o|tem|teu|do|de|trouxe|arrum\\w*) verdin(ho)?s?|verd\\w* e cheiros\\w*',
        '(?<!(misto|sanduiche|queijo) )prensado(?! (de|misto))|mesclado (da boa|bom)',
        '(rivotril|clonazepam|diazepam|ritalina|venvanse|zolpidem|xanax|xans?|tarja preta|comprimidos?|pilulas?|remedios? d[ao] (minha|meu) \\w+) .{0,40}(festa|balada|role|rave|baile|vodka|bebida|ficar (louc|doid|chapad|lok|solt|mais solt))',
        '(cheirinho|lolo|maconha|erva|beck|baseado|po|bagulho) (nao|n) vicia|(weed|it) (is not|isn t) addictive',
        '(usar|usou|tomar|tomou|toma|cha de|chazinho de) cogumelos?|cogumelos? magicos?',
        '\\d+ ?(g|gr|gramas?) d[eo] (fumo|verde|prensado|bagulho|beck|maconha)|(fumo|bagulho|prensado|maconha) .{0,30}\\d+ ?(g|gr|gramas?)',
        '(bagulho|erva|oleo|vape|pod) .{0,30}ninguem (percebe|sente|desconfia|vai saber)',
        'weed(?! (out|the|killer|whacker))|smok\\w* (some |a )?(pot|joint|blunt|bud)|(a|the) (joint|blunt|bong|dab pen)',
        '(got|have|bring|need|want|buy|buying) (some |a )?(green|bud|tree|molly|acid|xans|percs|carts?|edibles)',
        '(has|got|know|have|need) a plug|hit\\w* (the|a|my|his|her|this) (pen|vape|blunt|joint|bong|dab)',
        '(took|take|taking|pop\\w*) .{0,20}(xans|xanax|percs|molly|adderall|oxy\\w*)|xans|percs',
        '(line|lines|bag|gram) of coke|(doing|did|snort\\w*) coke|drug dealers?',
        'tem (?:um |uns )?(?:beck|baseado|bagulho|prensado)|(?:vai ter|tem|achei) lolo|fiz lean|lean com|codeina|(?:bora|vamo|vamos|da pra) cheirar|cheira (?:um pouco|uma|um)|(?:leva|levo|levar|tem|tenho|de|um|uma) md',
        '(?:erva|beck|bagulho|baseado|verde) (?:pra|p) (?:gente|nos|nois|a gente) fumar|(?:rivotril|clonazepam|zolpidem|xanax|tarja preta|remedio)\\w*( \\w+){0,6} (?:pra )?(?:ficar|fica) (?:louc|doid|chapad|lok)\\w*',
      ],
    },
    {
      // Pressure to use: a first puff, everyone does it.
      severity: 'low',
      confidence: 0.55,
      patterns: [
        '(se (vc|voce|tu) nao|quem nao) (fumar|fuma|usar|experimentar|cheirar)',
        '(so|soh) (um|uma) (trago|tapinha|peguinha|tapa no)',
        'todo mundo (ja )?(fuma|fumou|usa|usou|cheira)|(everyone|everybody) (is |s )?(hitting|smoking|vaping|high)',
        '(coisinha|parada|bagulho|negocio|balinha|docinho) (pra|que|p) (deixar|deixa|te deixar|ficar|fica|animar) .{0,20}(animad|louc|lok|doid|solt|chapad|eletric)\\w*',
        '(?:bora|vamo|vamos|wanna|want to) (?:fumar|smoke)(?! (?:narguile|cigarro))|umas? verdinh\\w*|tem erva (?:ai|pra vender)|got any green|(?:negocio|negocinho|parada|bagulho)( \\w+){0,3} (?:q|que) (?:vai )?te deixa(?:r)? (?:doid|louc|chapad|lok)\\w*',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'maconha|baseado|beck|cocaina|lsd|mdma|ecstasy|lolo|ketamina|drogas|thc|prensado|verdin\\w*|rivotril|cogumelos?|carreiras?|aviaozinho',
        'weed|joint|blunt|cocaine|meth|molly|drug|drugs|dealer|xanax|xans|plug|lines|420|lean|purple drank|xarope roxo',
        // A dealer's words: a sale of a street name, a quantity in grams.
        '(vende|vendo|tem|compra|consegui) (umas? |uns? )?(ice|cristal|doce|bala|pino|lolo|lanca|po)|(qnts|quantos|quantas|qnto|quanto) (g|gr|gramas?)',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'droga|crack|erva|fumo|lanca|pod|pot|acid|coke|pills?|vape\\w*|gummies|seda|pinos?|mesclado|bagulho|grama\\w*|frasco|comprimido\\w*|xarope|doce|bala|farinha|cheir\\w*|green|pen|carts?',
        'fumar|fum\\w*|queima|smoke|chapad\\w*|brisa|high|stoned|trip|biqueira|traficante|usar|experimentar|try it|vende\\w*|vendo|sell\\w*|entrego|trago|arrumo|recreio|intervalo|rave|na mao|passa aqui|passo (no|na|ai)|mistur\\w*|sprite|pix|dinheiro|faco \\d+|\\d+ (conto|pila)',
      ],
    },
  ],
};
