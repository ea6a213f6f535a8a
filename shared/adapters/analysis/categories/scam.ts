import type { CategoryLexicon } from './lexicon';

/** scam: scams common in Brazil: a new number asking for Pix, fake banks and deliveries, codes, prizes. */
export const scam: CategoryLexicon = {
  rules: [
    {
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
  ],
  signals: [
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
};
