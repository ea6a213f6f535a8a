import type { CategoryLexicon } from './lexicon';

const you = '(?:vc|voce|tu|c)';
const yours = '(?:seus|teus|sua|tua|seu|teu|suas|tuas|ur|your)';
/** An image: a photo, a video, a print, in their diminutives and English. */
const image = '(?:fotos?|fotinhas?|videos?|videozinhos?|prints?|nudes?|pics?|pictures?|photos?|videos?|pack)';
/** Undressed: naked, without clothes, in underwear. */
const undressed =
  '(?:pelad[ao]s?|sem roupa|sem rpa|sem nada|intim[ao]s?|de calcinha|de cueca|de sutia|de lingerie|naked|nude)';
/** Where a threat spreads an image: everyone, the school, the family, a profile. */
const everyone =
  '(?:todo mundo|toda (?:a )?escola|(?:sua|tua) (?:escola|familia|mae|sala|turma)|(?:seu|teu) (?:perfil|insta|pai|grupo)|a escola|escola|internet|insta|perfil|everyone|all (?:your|ur) (?:followers|friends)|(?:the )?whole school|your (?:parents|mom|family|school))';
/** "pelada" is also Sunday football: never when a game's words follow. */
const notFootball =
  '(?! (?:hoje|amanha|sabado|domingo|segunda|terca|quarta|quinta|sexta|de (?:hoje|sabado|domingo|quinta|sexta)|na quadra|no campo|do condominio|as \\d|\\d))';

/** sexual_content: sexual propositions, requests for or threats with intimate images. */
export const sexualContent: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'manda (?:uns )?nudes?|(?:me )?manda (?:uma )?foto (?:pelad[ao]|sem roupa|intima)',
        'send (?:me )?(?:some )?nudes?|send (?:me )?(?:a )?naked (?:pic|picture|photo)',
        'dick pic',
        // An image of someone undressed, asked for, sold or leaked.
        `${image} ${undressed}${notFootball}|${image} (?:de|da|do) \\w+ (?:q|que) vazou|vazou (?:a|as|o|os) (?:foto|video|nude)\\w*`,
        `pelad[ao]s? (?:claro|obvio|obviamente|ne|ue)`,
        `(?:tira|tirar|tire)( a| sua| tua)? (?:roupa|blusa|camisa|calcinha|cueca|sutia)( \\w+)? (?:na camera|pra mim|pra eu ver|no video|na chamada|na cam)`,
        `(?:pago|pagar|dou|te dou)( \\w+){0,3} (?:se|pra) (?:${you} )?(?:mostrar|tirar)(?![\\p{L}])|(?:vende|vender|vendo|compra|comprar|selling|sell|buy)\\w* (?:${yours} |o |um )?pack|(?:pay|paying) (?:good|well|you|u)( \\w+)? for`,
        `(?:te )?(?:ver|vendo) ${you}? ?se tocando|touch(?:ing)? (?:yourself|urself)`,
        // Sextortion: an image held over someone, spread unless they obey.
        `(?:mand\\w*|post\\w*|espalh\\w*|vaz\\w*|mostr\\w*|divulg\\w*|public\\w*|jog\\w*) (?:tudo|elas|eles|as q eu tenho|as que eu tenho|${yours} ${image}) (?:pra|para|na|no|em|pro) ${everyone}`,
        `(?:espalh|vaz|divulg)\\w*( \\w+){0,2} (?:pra|para|na|no|em|pro) ${everyone}|(?:ou|senao)( eu)? (?:mand|post|mostr|public)\\w* (?:pra|para|na|no|em|pro) ${everyone}`,
        `(?:ou|senao|se ${you} n(?:ao)?|or|or else|otherwise)( eu)? (?:posto|espalho|vazo|divulgo|publico|i m posting|i ll post|i post)`,
        `(?:tenho|to com|guardei|i have|i ve got|i got) ${yours} ${image} ${undressed}|(?:tenho|i have) ${yours} ${image}.{0,30}(?:se|senao|ou|if|or)`,
        `(?:se ${you} )?n(?:ao)? fizer (?:o ?q|o que|tudo o? ?q) eu (?:mand|quer|pe)\\w*`,
        `(?:video|pics?|photos?) of (?:you|u) (?:goes|go|will go|gets) (?:to|out)|(?:posting|post|send|sending|leak|leaking) (?:them|those|your (?:pics|nudes|video)) to ${everyone}|(?:i ll|i will|gonna|or i) (?:post|send|leak) it to ${everyone}`,
        `(?:montagem|montage) ${yours}? ?${undressed}`,
        '(?:vamo|vamos|bora|te levo|ir|ir pra|ir num) (?:num|no|pro|pra um|ao|a um) motel',
        `(?:fazer|faz|fz) (?:cmg|comigo)(?: eu)? te ensino`,
        `(?:video|foto|videozinho|fotinha)s? de (?:calcinha|cueca|sutia|lingerie)`,
        `(?:manda|mande|grava|gravar|tira|tirar|video|videos|foto|fotos|nudes?)\\w*( \\w+){0,4} (?:sem roupa|(?<!(?:da|na|de|pra|a|uma) )pelad[ao]s?)|(?:so|soh) de (?:calcinha|cueca|lingerie)|fotos? d calcinha`,
        '(?:record|send|take)( \\w+){0,4} (?:naked|nude|nudes)|(?:forward\\w*|sent|mandou|vazou|rodando)( \\w+){0,5} (?:nude|nudes|pelad[ao])',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        'nudes',
        `pelad[ao]s?${notFootball}`,
        'transar|fazer sexo|sexo oral|boquete',
        'pornografia|porno|putaria',
        'naked (?:pic|picture|photo|selfie)s?|get naked|(?:me|you|u|her|him) naked',
        'have sex|sexting|blowjob|porn|pornography',
        `(?:fica|ficar|vem|vir) (?:cmg|comigo)( \\w+){0,4} sem (?:roupa|rpa|nada)|(?:nem|sem) (?:calcinha|cueca|sutia)|(?:do meu lado|na cama|aqui) sem (?:nada|roupa|rpa)|sem (?:rpa|roupa) (?:cmg|comigo)`,
        `(?:q|que|mo|mó) bunda(?! mole)|(?:teus|seus|tuas|suas) (?:peitos|seios)|(?:peitos|seios) cresceram`,
        `faz tudo na cama|(?:e|eh) bom na cama|good in bed|(?:coisas?|algo) (?:q|que) so (?:adulto|adultos|gente grande) (?:faz|fazem)`,
        `ja fez coisas? com (?:alguem|algum|alguma)`,
        `spicy (?:pics|stuff|photos|content|videos)|do (?:things|stuff) to (?:you|u)|your body is (?:insane|so hot|amazing|perfect|crazy)`,
        'transando|(?:fazer|fiz|fez) sexo|hook up|hooking up|getting laid|sexting|let s sext|me tocando|masturb\\w*|fotos? sensua(?:l|is)|fotos? (?:sexy|provocantes?)',
        '(?:sua|tua|your|ur) (?:bunda|peitos?|ass|boobs) (?:\\w+ ){0,3}(?:gostos[ao]|delicia|hot|sexy)|(?:faria|faco|fazer) com (?:vc|voce|tu|ti) na cama|(?:what you d|what you would|what i d|what i would|what you want to) do to (?:me|you)',
        '(?:sua|tua) posicao (?:favorita|preferida)|video (?:de sexo|porno)|te ver de (?:lingerie|calcinha|cueca)',
      ],
    },
    {
      severity: 'low',
      confidence: 0.55,
      patterns: [
        'transou|transaram|transamos|quase transa\\w*',
        `(?:tirar|tira|tirando)( a| toda a)? roupa (?:dele|dela|toda)|(?:taking|take|took) (?:my|your|ur|her|his) clothes off`,
        `beij\\w* (?:no |o |teu |seu |meu )?corpo`,
        `(?:ela|ele|${you}|a prof\\w*|o prof\\w*) (?:e|eh|ta|esta) (?:mt |muito |mo |bem |mais )?gostos[ao]|(?:eu )?pegava (?:facil|fácil|ela|ele|fácil)`,
        '(?:fz|fazer|faz) um 69|netflix and chill',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        `pelad\\w*${notFootball}`,
        'nude\\w*|nud|naked|sexo|sexual\\w*|transa\\w*|porn\\w*|putaria|tesao|horny|boobs',
        `${image} ${undressed}|motel|se tocando|espalho|vazo|divulgo|leak\\w*|todo mundo vai ver|senao posto|fotos? intimas?`,
        'clothes off|roupa (?:dele|dela)|you ve never done',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'gostos[ao]|safad\\w*|bunda|peitos|seios|na cama|in bed|ja fez|your body|whole school|posto|posting',
        'sem (?:rpa|nada)|calcinha|cueca|sutia|lingerie|pack|spicy',
        'sex|peit\\w*|sem roupa|roupa intima|underwear|corpo|body|cama|bed|tocar|touch|hot|beij\\w*|posicao|adulto|69|chill|namorad\\w*|(?:fica|vem) (?:cmg|comigo)|vontade|vontd',
        `(?:tenho|i have) ${yours} ${image}|${image}|camera|tira a blusa|mostra|mostrar tudo`,
      ],
    },
  ],
};
