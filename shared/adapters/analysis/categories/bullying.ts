import type { CategoryLexicon } from './lexicon';

const you = '(?:voce|vc|tu|ce)';
const nobody = '(?:ninguem|ngm|ninguen)';
// An insult that names a person, not a thing: among friends `tu é muito otário kkk` is a joke.
const insult =
  '(?:lixo|nojent[ao]|inutil|aberracao|esquisit[ao]|patetic[ao]|fracassad[ao]|mongol|retardad[ao]|saco de pancada|piada|perdedor[a]?|aleijad[ao]|burr[ao] demais)';

/** bullying: insults, humiliation and exclusion aimed at a person. */
export const bullying: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        `vai se matar|se mata logo|${you} (deveria|devia|devia era|tinha que|tinha q) (se matar|morrer)`,
        'go kill (yourself|urself)|kys|(you|u) should (die|kill yourself)',
        'todo mundo te odeia|(everyone|everybody) hates (you|u)',
        `(fazer|faco|vou fazer) da (tua|sua) vida um inferno|make your life (a )?hell`,
        `(a escola|a sala|o colegio|a turma) (inteira|toda) vai rir (da|de) (tua|sua|${you})( cara)?|(whole|entire) (school|grade|class) (will|is gonna|gonna) laugh`,
        `(manda|mandem|espalha|espalhem|printa|printem|posta|postem) (pra|pro|no|em) (todo mundo|grupo d[ao] (escola|sala|turma)|a escola|a sala)`,
        `(posted|sent|shared) (the|a|that|it|this)? ?(video|pic|photo|screenshot|it)? ?(of (you|u) )?.{0,30}(everywhere|whole (grade|school|class)|to everyone)`,
        // Sending something to everyone is a done deed only in the past tense: the present is any meme's fate.
        `(sending|send) (the|a|that|it|this)? ?(video|pic|photo|screenshot|it)? ?(of (you|u) )?.{0,30}(everywhere|whole (grade|school|class))`,
        `${you} (e|eh) o saco de pancada`,
        '(pode|podes) (mudar|trocar|fugir|se esconder)\\w* .{0,20}(q|que) eu te (acho|encontro|pego)',
        'devia se (?:jogar|matar)|(?:a gente|vamos|vou) te humilh\\w*|(?:senao|se nao|ou) (?:vai|isso vai|mando|posto) (?:pro|no|pra) (?:grupo|turma|sala)',
        'whole (?:school|grade|class) (?:s |has )?seen it',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.75,
      patterns: [
        `${nobody} (te )?(gosta|suporta|supórta|aguenta|quer|atura|curte|segue)( ficar perto)?( de)? ${you}`,
        `${nobody} te (gosta|suporta|supórta|aguenta|quer|atura|curte|segue)`,
        `${nobody} (devia|deveria) (sentar|ficar|andar|falar) (perto|com) (dela|dele|de ${you})`,
        `todo mundo (so )?(te atura|reclama de ${you}|ri de ${you})`,
        `${you} (e|eh) (mo |muito |mt |mto |tao |o |a |um |uma |super |mó )?${insult}`,
        `(tirar|remover|expulsar) (ela|ele|${you}) do grupo|vou te (remover|tirar|expulsar) do grupo|deixar (ela|ele) sozinh[ao]`,
        `${you} fede|(ela|ele) fede`,
        '(nerd|gord[ao]|loser|freak) .{0,15}merece|the loser deserves',
        'mais feia da sala|quem e (o|a) mais (feio|feia|gord[ao]|burr[ao]) d[aoe]',
        'chegou a gorda|oinc oinc|bom dia baleia|bujao(?! de gas)|quatro olhos|aleijad[ao]|cala a boca (gord|fei)\\w*',
        '(mostrar|espalhar|vazar) (teus|seus|os teus|os seus|tuas|suas) (prints|fotos|conversas)|vamo espalhar',
        'nobody (even )?(likes|loves|wants) (you|u)|(no one|noone|nobody) (\\w+ )?(wants|likes) to (sit|hang|talk|be) (with|near|around) (you|u)',
        '(you re|you are|ur|youre) (so )?(worthless|pathetic|disgusting|a loser|ugly|weird|mid)',
        'cringing (so hard )?(for|at) (you|u)|screenshot\\w* what (you|u) said',
        'vergonha alheia|parece (menina|mulherzinha|bicho)',
        'ate (?:ela|ele|vc|voce|tu) (?:chorar|sair do grupo|apagar o insta|apagar a conta|mudar de escola)|(?:todo mundo|a sala toda|geral|\\d+ (?:seguidores|pessoas)) (?:ta |esta |tao )?rindo de (?:vc|voce|ti|tu)|(?:vai|vc vai) ser (?:a )?piada',
        '(?:postei|postar|posto|mandei|mandar|espalhei|espalhar)( \\w+){0,6} pra (?:todo mundo|a sala toda|a turma toda|a escola toda|geral) (?:rir|ver|zoar)|mostro (?:seu|teu|sua|tua) (?:print|foto|video|audio)',
        '(?:ninguem|ngm) (?:fala|anda|senta|conversa) (?:mais )?com (?:ela|ele|vc|voce|dedo duro)|nobody (?:sits|talks|hangs out) with (?:you|u|her|him)|pobre (?:e|eh) fogo|familia de (?:mendigo|pobre|favelado)|cripple|aleijad[ao]',
        '(?:mais feia|mais feio|mais chata|mais chato|mais burra|mais burro) da (?:sala|turma|escola)',
        'por isso (?:vc|voce|tu) (?:e|eh) (?:pobre|feio|feia|burro|burra|gordo|gorda|sozinh[ao])|nobody wants to see (?:that|you|it)',
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
        'ninguem (gosta|quer|aguenta)|ngm (gosta|quer|aguenta|te)|nobody (likes|wants|cares)|no one wants',
        'todo mundo (te )?(odeia|ri)|everyone (hates|laughs)',
        'se mata|mata logo|kys|kill (yourself|urself)',
        'nojent\\w*|inutil|fracassad\\w*|aberracao|feios[ao]|loser|worthless|pathetic|patetic\\w*|disgusting|esquisit\\w*',
        'baleia|bujao|quatro olhos|aleijad\\w*|mongol|fede|saco de pancada|vergonha alheia|perdedor|cringing|mid',
        'piada|meme|vai chorar pra (mamae|mae|mamãe)|rir da tua|inferno|te acho|merece|mais feia|espalh\\w*|whole grade',
        'gago|dentuco|tampinha|quatro olhos|(?:cara de|parece (?:um|uma)) (?:porco|ninho de rato|pizza|boneco de posto)|vai chorar (?:pra|pro) (?:mamae|papai)',
        '(?:pq|porque) (?:vc|voce|tu) (?:e|eh) (?:chat[ao]|esquisit[ao]|estranh[ao]|feia|feio|burr[ao])',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'lixo|trash|gord\\w*|fei[ao]|ridicul\\w*|idiota|otari\\w*|imbecil|burr[ao]|fat|ugly|stupid|idiot|freak|weirdo|pobre|ana|nerd',
        'grupo|print\\w*|expor|exposed|postar|post|posted|zoar|zoeira|humilh\\w*|rir de|laugh at|screenshot\\w*',
        'odeia\\w*|odio|hate\\w*|sai do grupo|leave the group|leave the chat|kicked out|sozinh[ao]|covarde|everywhere|nem pra comprar|nem adianta|parece (um|uma)',
      ],
    },
  ],
};
