import type { CategoryLexicon } from './lexicon';

/** drugs: offers, sales, use of and pressure to use drugs. */
export const drugs: CategoryLexicon = {
  rules: [
    {
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
  ],
  signals: [
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
};
