import type { CategoryLexicon } from './lexicon';

// Folded spellings the phrases share: `não` reads `n`/`nao`, `ninguém` `ngm`/`ninguem`, `você` `vc`/`voce`/`tu`.
const no = '(?:n|nao|nem)';
const you = '(?:vc|voce|tu|c)';
const nobody = '(?:ninguem|ngm|ningm)';
const yours = '(?:seus|teus|sua|tua|seu|teu|ur|your)';
/** The adults a groomer hides from: parents, mother, father, family, "os coroa". */
const parents = `(?:${yours} (?:pais|mae|pai|familia|velhos|coroas?|parents|mom|mum|dad|mother|father|family)|(?:os |pros |aos )?coroas?)`;
/** An image of the child: a photo, a selfie, a video, in their diminutives. */
const image = '(?:fotos?|fotinhas?|selfies?|videos?|videozinhos?|pics?|pictures?|photos?)';

/** grooming: an adult winning a child over: flattery, secrecy, isolation from the parents, another app, photos, gifts, meeting. */
export const grooming: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        // Hiding the contact from the parents: telling, showing, seeing, knowing.
        `${no} (?:conta|fala|mostra|comenta|avisa|diz)\\w*( isso| nada| sobre mim| de mim| da gente| q a gente \\w+)? (?:pra|para|pro|pros|pras|aos|a) ${parents}`,
        `${no} (?:conta|fala|mostra|comenta|avisa|diz)\\w*( \\w+){0,5} nem (?:com|pra|para|pros|aos|a) ${parents}`,
        `(?:pra|para|pros|e) ${parents} ${no} (?:ver|verem|vejam|saber|saberem|descobrir|descobrirem|desconfiar|sonhar)|sem ${parents} (?:ver|verem|saber|saberem|descobrir|descobrirem|desconfiar)`,
        `${parents} ${no} (?:pode|podem|precisa|precisam) (?:saber|ver|descobrir)`,
        `(?:melhor|e melhor) (?:ela|ele|eles|${parents}) ${no} saber\\w*`,
        `${parents} (?:acha|acham|pensa|pensam) (?:q|que) ${you} (?:ta|esta|tava|foi|vai)`,
        `(?:q|que|quando|qnd|hora q|horario q) ${parents} ${no} (?:tao|estao|estiverem|tiver|tiverem|ta|esta|fica|ficam) em casa`,
        `${nobody} (?:precisa|pode|vai|deve|tem q) (?:saber|descobrir|ficar sabendo)`,
        `(?:sem|n precisa|nao precisa) (?:contar|avisar|falar)( pra| para| a)? ${nobody}`,
        `(?:ai|assim|la) ${nobody} (?:ve|vê|vai ver|desconfia)|${nobody} vai ver alem de mim`,
        '(?:nosso|e nosso) segredinho|(?:nosso|e nosso) segredo (?:so|entre)',
        `se ${you} contar (?:pra|para|a) (?:alguem|${nobody})`,
        `(?:namora\\w*|vem|venha) escondid[ao]`,
        `fala (?:q|que) (?:vai|ta|esta|foi) (?:pra|na|no) casa d[ao] (?:sua |tua )?amig[ao]`,
        // Erasing the conversation.
        'apaga\\w* (?:sempre|tudo|depois)( \\w+){0,4} (?:conversa|conversar|conversas|msgs?|mensage\\w*|chat|falar)|apaga (?:essa|esta|a nossa|nossa|nossas|as nossas) (?:conversa|msgs?|mensage\\w*)',
        // Meeting alone, in person.
        `vem sozinh[ao]|me encontra sozinh[ao]|vamos nos encontrar (?:sozinhos|escondido)|${you} (?:ta|esta|fica) sozinh[ao] em casa`,
        // Photos of the child's body or "only for me".
        `(?:manda|mande|mandar|tira|tirar|mostra|me deve)\\w*( me)?( uma| umas| um| aquela| aquelas| aquele| mais)? ${image}( \\w+){0,3} (?:de corpo|de biquini|de pijama|de toalha|de short|sem camisa|sem blusa|so (?:pra mim|seu|sua|teu|tua)|q eu pedi|que eu pedi|q ${you} nunca|que ${you} nunca)`,
        `(?:manda|mande|me manda)( uma| um)? ${image} (?:sua|tua|seu|teu)( \\w+){0,2} (?:agora|so|pra mim|pra eu ver|em troca)`,
        `${image} (?:so|somente) (?:seu|sua|teu|tua)`,
        `(?:manda|mande|tira|tirar|mostra)\\w* .{0,50}(?:sem camisa|sem blusa|de biquini|de calcinha|de cueca|de toalha)`,
        // English.
        `don ?t tell ${parents}|(?:nobody|no one) (?:has|needs|have|need) to know|(?:our|a) little secret`,
        `so ${parents} (?:don ?t|doesn ?t|won ?t) (?:wake|find|know|see|hear)`,
        `if ${parents} (?:sees?|finds? out|knows?)`,
        '(?:delete|clear) (?:this|our|the) (?:chat|conversation|messages)|always (?:delete|clear) it',
        'meet me alone|come meet me (?:alone|secretly)',
        `(?:fala|diz|diga|fale)( pra (?:ela|ele|${parents}))? (?:q|que) (?:vai|ta|esta|foi) (?:ficar|dormir|estudar) (?:na|no|em)|tell ${parents} (?:you re|ur|you are|youre) (?:at|with|staying)`,
        `(?:qnd|quando|q|assim q|assim que) ${parents} (?:sairem|sair|dormirem|dormir|viajarem)|so (?:nos dois|eu e ${you})( \\w+)? (?:la em casa|na minha casa|no vestiario|no carro|no meu carro)`,
        `(?:sai|saia|sair) escondid[ao]|prometo (?:q|que) apago|(?:and |i ll |i will )?delete (?:it|them) (?:after|right after)|muda meu nome no (?:contato|celular|whats)|esconde o celular`,
        `(?:send|take)( me)? (?:a |some )?(?:pic|pics|picture|pictures|photo|photos)( \\w+){0,3} (?:in (?:your|ur) (?:pajamas|pjs|bikini|underwear|towel)|without (?:your|ur) (?:shirt|clothes))|(?:${image}|dancando)( \\w+){0,4} com roupa curta`,
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        'manda (?:uma )?foto (?:sua|tua)',
        `tira (?:uma )?${image} (?:sua|tua)`,
        'liga (?:a|tua|sua) (?:camera|cam)( \\w+){0,3} (?:te ver|ver voce|ver vc)|turn on (?:your|ur) (?:camera|cam)',
        `${parents} (?:olha|olham|mexe|mexem|ve|veem|checa|checam|le|leem) (?:seu|teu) (?:celular|cel|telefone|whats|zap|insta)`,
        `so eu te entendo|${you} ${no} precisa (?:delas|deles|dessas|desses)|(?:eu )?sou diferente (?:deles|delas|dos seus pais)`,
        `se afast\\w* (?:delas|deles|dessas|desses|dos seus|das suas|dos teus|das tuas)`,
        '(?:the )?only one who (?:really )?(?:gets|understands) (?:you|u)|nobody understands (?:you|u) like',
        `(?:se ver|se encontrar|se conhecer|te ver|te conhecer) pessoalmente|(?:lugar|cantinho) so nosso`,
        '(?:ta|esta|tá) com (?:q|que|qual) roupa(?! (?:pra|para|na|no|hoje))|what are (?:you|u) wearing',
        '(?:adoro|gosto de|curto|amo) (?:conversar|falar|sair|ficar) com (?:gente|menin[ao]s?|garot[ao]s?|criancas?) da (?:sua|tua) idade',
        `(?:${you} e|you re|you are|ur|youre) (?:muito |mt |bem |so |very )?(?:madur[ao]|mature)( \\w+){0,2} (?:pra|para|for) (?:sua|tua|your|ur) (?:idade|age)`,
        'are (?:you|u) (?:home )?alone( at home)?',
        'send (?:me )?(?:a )?(?:pic|picture|photo) of (?:you|yourself)',
        `(?:you|u) don ?t need (?:them|anyone|${parents})|only i (?:get|understand) (?:you|u)|${parents} so pensam (?:neles|em si)|(?:eles|${parents}) te controlam|${no} te entende(?:m)? como eu`,
        `(?:now|so) (?:you|u) owe me|me deve um favor|depois te peco um favor|em troca ${you} (?:fica|me manda|manda|faz)|idade (?:e|eh) (?:so|soh|apenas) um numero|age is just a number`,
        `tenho (?:2\\d|3\\d|4\\d)( anos)?( \\w+){0,4} (?:mas|e) (?:me sinto|adoro|curto|gosto)|i m (?:2\\d|3\\d|4\\d) but|fica (?:so )?entre (?:a gente|nos|nos dois)|o (?:q|que) acontece aqui fica aqui`,
        `sem ${nobody} (?:ver|saber)|se ${parents} (?:ver|vir|souber|descobrir|ler)|when (?:are|do) (?:they|${parents}) (?:out|leave|go out|asleep)|just (?:us two|the two of us|you and me)|fala (?:q|que) foi (?:rifa|sorteio)`,
      ],
    },
    {
      severity: 'low',
      confidence: 0.55,
      patterns: ['nem (?:pros|aos|pras) (?:coroas?|velhos)|one on one (?:training|lessons?|practice)'],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'segredinho',
        `so entre (?:a gente|nos)|${nobody} (?:precisa|pode|vai) saber|between (?:us|you and me)`,
        'apaga\\w* (?:a|as|essa|essas|nossa|nossas) (?:conversa|mensage)\\w*|delete (?:this|these|our) (?:chat|messages|conversation)',
        'madur[ao]|mature',
        'te busco|te pego (?:na|no) (?:escola|saida)|carona|swing by|pessoalmente',
        `${image} (?:sua|tua)|(?:sua|tua) ${image}|liga a (?:camera|cam)|turn on (?:your|ur) (?:camera|cam)`,
        'so eu te entendo|ninguem te entende|nobody understands you|(?:gets|understands) you',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'linda|lindinha|gatinha|princesa|gostosa|delicia|cute|pretty|beautiful|sexy|gorgeous|especial|special',
        'foto\\w*|selfie\\w*|pic|pics|picture\\w*|photo\\w*|camera|chamada de video|video call',
        'idade|age|quantos anos',
        'sozinh[ao]|alone|privad[ao]|private|pv',
        'encontr\\w*|conhecer pessoalmente|meet\\w*|buscar (?:vc|voce)|pick (?:you|u) up|se ver|hang out',
        'presente\\w*|gift\\w*|skin\\w*|robux|v bucks|vbucks|patrocin\\w*|chip',
        'telegram|snapchat|discord|outro app|outra rede|other app|add me|me add|insta',
        'roupa|wearing|uniforme|biquini|pijama',
        `escondid[ao]|${parents}|em troca|me deve`,
        'se afast\\w*|diferente deles|contar tudo|anything',
        'segredo|secret|secrets|sigilo',
        'se alguem (?:souber|descobrir)|if anyone finds out|a gente e amig\\w*|(?:n|nao) precisa (?:me )?devolver',
      ],
    },
  ],
};
