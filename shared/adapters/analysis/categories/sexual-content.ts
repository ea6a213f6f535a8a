import type { CategoryLexicon } from './lexicon';

/** sexual_content: sexual propositions, requests for or threats with intimate images. */
export const sexualContent: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'manda (uns )?nudes?|(me )?manda (uma )?foto (pelad[ao]|sem roupa|intima)',
        'send (me )?(some )?nudes?|send (me )?(a )?naked (pic|picture|photo)',
        'dick pic',
      ],
    },
    {
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
  ],
  signals: [
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
};
