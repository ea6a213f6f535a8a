import type { RiskCategory } from '../../../domain/analysis/finding';
import { bullying } from './bullying';
import { drugs } from './drugs';
import { grooming } from './grooming';
import { hate } from './hate';
import type { CategoryLexicon } from './lexicon';
import { scam } from './scam';
import { selfHarm } from './self-harm';
import { sexualContent } from './sexual-content';
import { violence } from './violence';

/** Each category of the closed list and what the local analysis knows of it. */
export const lexicons: Record<RiskCategory, CategoryLexicon> = {
  grooming,
  sexual_content: sexualContent,
  bullying,
  self_harm: selfHarm,
  violence,
  drugs,
  scam,
  hate,
};
