import type { CategoryLexicon } from './lexicon';

/** A verb asking to be handed something (a code, a password): pass it, tell it, type it. */
const handOver =
  '(me )?(passa|passar|manda|mandar|envia|enviar|informe|informa|informar|fala|diz|digite|digita|confirme|confirma|confirmar|repassa|le|me da)( pra mim)?';
/** A code the person just received: the account-takeover's ask. */
const receivedCode =
  '(que|q) (chegou|chegar|vai chegar|te mandaram|mandaram|enviamos|mandamos|recebeu|voce recebeu|vc recebeu|apareceu)|(por|no|via) sms';
/** Passwords of the house are shared in families: the wifi's, the streaming's, a padlock's. */
const notHousePassword =
  '(?! d[aoe] (wifi|wi fi|internet|net|rede|porta|portao|cadeado|armario|casa|sala|netflix|disney|hbo|globoplay|spotify|prime))';

/** scam: scams common in Brazil: a new number asking for Pix, fake banks and deliveries, codes, prizes. */
export const scam: CategoryLexicon = {
  rules: [
    {
      // Handing over a code, a password or a card; money to a stranger's key, to release a prize or a package.
      severity: 'high',
      confidence: 0.8,
      patterns: [
        `${handOver} (o |esse |este |aquele |os |esses )?(codigo|codigos|numeros|digitos)( de (verificacao|seguranca|confirmacao|acesso|ativacao|\\d+ digitos|seis digitos))?( ${receivedCode}| de (verificacao|seguranca|confirmacao|acesso|ativacao|\\d+ digitos|seis digitos))`,
        `codigo( de (verificacao|seguranca|confirmacao|acesso|ativacao))? (${receivedCode})( no| pro| em)? (seu |teu )?(celular|cel|zap|whats\\w*|telefone|numero)`,
        `${handOver} (primeiro |ai |logo )?(a |o |sua |seu |tua |teu )?(senha|login)${notHousePassword}`,
        '(id|login|usuario|user|email|e mail) e (a )?(sua |tua )?senha|(senha|dados) d[oa] (seu |teu |sua |tua )?(banco|cartao|app do banco)|numero do (seu |teu )?cartao|cvv',
        '(atualiz\\w*|update|confirm\\w*|informe|informa) (o |seu |teu |os dados do |your )?(cartao|card)( info\\w*| details| number)?|(card|cartao) info',
        '(send|give|tell|read|forward) (me |us )?(back )?(the |that |your |this )?(verification |security |6 digit |six digit )?code( (you|u) (got|received|just got)| we (just )?(sent|texted)| i sent| that (came|was sent))',
        '(send|give|tell|confirm|enter|share) (me |us )?(your |the )?(password|login|pin)(?! (to|for) the wifi)|(username|login|email) and password',
        '(your )?(bank|card) (password|pin)|(your )?credit card number',
        '(para|pra) (receber|resgatar|liberar|retirar|desbloquear|ativar) .{0,30}(pagar|paga|pague|pagamento|deposit\\w*|taxa|frete)|(so|basta|e so|apenas) (precisa )?(pagar|paga|depositar) (o |a |uma |um )?(frete|taxa|book|inscricao|kit)',
        '(just|only) pay (the |a |an )?(\\d+ )?(\\w+ ){0,3}(fee|shipping)|unpaid (fee|balance|toll)|(pay|fee) .{0,20}(redeliver|release|to claim)',
        '(sua|seu|your) (encomenda|pacote|objeto|pedido|package|parcel|order) .{0,20}(retid\\w*|bloquead\\w*|on hold|held|aguardando (pagamento|taxa))|taxa (pendente|alfandegaria|de liberacao|de desembaraco|de reentrega)',
        '(deposit\\w*|invist\\w*|mand\\w*|coloca\\w*|envi\\w*) \\d+ (reais )?(e|pra|para|que) (receb\\w*|ganh\\w*|volta\\w*|tira\\w*|saca\\w*) \\d+|receb\\w* \\d+ de volta',
        '(dobr\\w*|triplic\\w*) (o |seu |teu |sua |tua )?(dinheiro|valor|grana|pix|investimento)|(double|triple) (whatever|what|your|ur|the money)|(flip|grow) (your |ur |some )?money|double your money|guaranteed (profit|return)',
        '(troquei|mudei) de (numero|chip|celular|cel|zap|whats\\w*).{0,60}(pix|devolvo|manda|empresta|transfere|deposita|paga|conta|boleto|\\d+)|(pix|empresta|manda|transfere|deposita).{0,60}(troquei|mudei) de (numero|chip|zap|whats\\w*)',
        '(manda|transfere|deposita|faz|empresta|envia|paga)\\w* (\\w+ ){0,3}\\d+.{0,40}(urgente|rapido|agora mesmo)|urgente.{0,40}(manda|transfere|deposita|pix)\\w* .{0,20}\\d+',
        '(send|lend|transfer|wire|venmo|zelle|cashapp) me \\d+.{0,40}(pay (you|u) back|asap|urgent|repair|right now)',
        '(manda|mandar|transfere|deposita|envia|pix|paga)\\w* .{0,25}(pra |para |n|d)(essa|esta) chave',
        '(pague|paga|pagar|pagando|regularize|regularizar|quite|efetue)( .{0,30})? (no|pelo|nesse|neste|via|atraves do) (link|qr ?code)|(pague|regularize|quite) .{0,40}(hoje|imediatamente|evitar)',
        '(print|foto|manda|escane\\w*|le|ler)\\w* .{0,15}(qr ?code d[oa] (zap|whats\\w*)|(zap|whats\\w*) web)',
        '(devolv\\w*|estorn\\w*|return|send back|refund) .{0,30}(mandei|transferi|paguei|depositei|sent|paid) a mais|(mandei|transferi|paguei|depositei|sent you|paid you) .{0,15}(a mais|too much|extra by mistake)',
        'pix errado|(?:sent|send) (?:it |money )?(?:to you )?by mistake|codigo( \\w+){0,4} (?:por engano|sem querer)|(?:envie|envia|manda|me passa|passa|informe)( \\w+){0,2} (?:o )?codigo( \\w+){0,4} (?:sms|chegou|recebeu)|(?:send|text|give)( \\w+){0,3} (?:the )?(?:\\d+ digit )?code (?:we|that|you) (?:just )?(?:texted|sent|got|received)',
        '(?:compr\\w*|buy)( \\w+){0,4} (?:gift ?cards?|cartoes? presente|google play|apple|itunes|steam)( cards?)?( \\w+){0,5} (?:codigos?|codes?)|(?:responda|confirme|informe|reply|confirm|envie)( \\w+){0,4} (?:cpf|senha|pin|card number|numero do cartao|codigo de seguranca|dados do cartao)|(?:manda|paga)( \\w+){0,3} pix ou (?:posto|mando|espalho|vazo)',
      ],
    },
    {
      // The bait: a prize, a link to click, data to confirm, an alarm from a bank, paying first.
      severity: 'medium',
      confidence: 0.65,
      patterns: [
        '(voce|vc|tu|seu numero|seu cpf|teu numero) (foi|ta|esta|acaba de ser) (sortead|premiad|contemplad)[oa]s?|ganhou (um|uma) (iphone|celular|premio|pix|vale|gift)|ganhou \\d+ (reais )?(no|em) pix',
        '(you (have )?won|you ve won|(you|u) won) (a|an) (\\d+ )?(\\w+ )?(prize|iphone|gift card)',
        '(clica|clique|clicar|acesse|acessa|entra|entre) (aqui|no link|neste link|nesse link|no site|abaixo)? ?(pra|para) (resgatar|receber|ganhar|liberar|sacar|cancelar|regularizar|desbloquear|evitar|validar)',
        'click (here|the link|this link|below) to (claim|receive|get|verify|unlock|avoid)',
        '(confirm\\w*|atualiz\\w*|informe|preench\\w*|valid\\w*|verifi\\w*|cadastr\\w*) (os |seus |teus |suas |tuas |o seu |o teu )?(dados|informacoes|cadastro|cpf)( .{0,25})? (no|pelo|neste|nesse) link|(preench\\w*|formulario) .{0,20}(seus|teus) dados|(manda|passa|envia|informe)\\w* (teu|seu|o) cpf|dados bancarios',
        '(seu|sua|teu|tua) (cartao|conta|chip|cpf|numero|whats\\w*|zap|linha) (foi|esta|ta|sera|vai ser) (clonad|bloquead|desativad|suspens|cancelad|invadid|hackead)\\w*',
        'your (account|card|number) (has been|was|is|will be) (locked|suspended|blocked|deactivated|compromised)',
        '(central|setor|departamento|equipe) de (seguranca|fraude|prevencao)|(sou|somos|falo|aqui e) d[oa] (seu banco|banco|suporte|central|whatsapp|nubank|itau|bradesco|caixa|santander)|tentativa de (acesso|compra|login|invasao)|(se|caso) (nao|n) (reconhec\\w*|foi (voce|vc))',
        '(i m|we re|this is|i am) (from|with) (the|your) (bank|fraud|support|security)|fraud (team|department)',
        '(pix|pagamento|dinheiro) (antes|adiantado|primeiro)|(you|u) (go|send|pay) first|(confia|trust me) .{0,10}(manda|send)',
        '(pagar|paga|pague) (uma|essa|um|esse) (conta|boleto) pra mim',
        'compartilh\\w* com \\d+ (amigos|contatos|grupos|pessoas)|(share|send) (this |it )?(with|to) \\d+ (friends|contacts|people)',
        '(troquei|mudei) de (numero|chip|zap|whats\\w*)|(esse|este) (e|eh) (o )?meu (numero|zap|whats\\w*|contato) novo|(this is|here s) my new number|renda extra garantida',
        'pag\\w* (?:so )?(?:a |uma )?(?:taxa|inscricao|frete)( de)? (?:r )?\\d+|(?:frete|taxa)( no pix)? (?:pra|para) (?:receber|liberar)|pra liberar (?:o|meu|seu) (?:premio|presente|encomenda)|double (?:it|your money)|investe \\d+ (?:hoje|hj) e amanha',
        '(?:so|somente) pix (?:antes|adiantado)|pix adiantado|pagamento adiantado|send (?:the )?money first|evite o corte|emprestimo aprovado|sem consulta ao (?:spc|serasa)|call this number|pix pessoal|estamos com (?:seu|sua|teu|tua) (?:filh\\w*|irma\\w*|irmao\\w*)',
        '(?:coloca|manda|informe|digita|log in with|enter)( \\w+){0,2} (?:seu |teu |your |ur )?(?:login|senha|password|epic account)',
      ],
    },
    {
      // Money in secret: "send it, I'll explain later".
      severity: 'low',
      confidence: 0.55,
      patterns: [
        '(dinheiro|pix|\\d+ reais|grana).{0,40}(depois explico|nao fala pr|nao conta pr)|(depois explico|nao fala pr\\w*|nao conta pr\\w*).{0,40}(dinheiro|pix|transfere)',
        '(?:clica|clique|claim|acesse) (?:aqui|here)( \\w+){0,2} (?:e |and )?(?:ganh\\w*|receb\\w*|resgat\\w*|win|get)|claim (?:it |your prize )?here|(?:baixa|instala|download)( \\w+){0,4} apk|[89]\\d off',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'chave pix|gift card|cartao presente|vale presente',
        // A code sent "by mistake" is the opening of an account takeover.
        'codigo de \\d+ digitos|\\d+ digitos|mandei sem querer|(sent|texted) .{0,20}by mistake|accidentally sent',
        'codigo de (verificacao|seguranca)|verification code|senha|password|cvv',
        'troquei de (numero|chip)|numero novo|new number|changed my number|esse e meu novo',
        'sortead\\w*|premio|prize|resgat\\w*|claim',
        'conta bloqueada|account (locked|suspended)',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        // A school's boleto is everyday: it needs another signal.
        'boleto|pix|transferencia|deposit\\w*|deposito|bloquead\\w*|suspens\\w*|locked|suspended|encomenda|entrega|taxa|delivery|package|fee',
        'link|clique|click|acesse|bit ly|http\\w*|www|codigo(?! de barras)|code|pin|urgente|urgent|rapido|quick|emprest\\w*|lend|dinheiro|money|reais|banco|bank|cartao|card|investimento|invest\\w*|lucro|profit',
        '(me )?passa (ele|ela|pra mim)|send it back|cashapp|venmo|zelle',
      ],
    },
  ],
};
