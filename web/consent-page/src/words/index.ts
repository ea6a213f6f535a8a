import { en } from './en';
import { ptBR, type Words } from './pt-BR';

export type { Words };

/** Portuguese unless the browser prefers English over it. */
export const wordsFor = (languages: readonly string[]): Words => {
  const first = languages.find((tag) => /^(pt|en)\b/i.test(tag)) ?? 'pt-BR';
  return first.toLowerCase().startsWith('en') ? en : ptBR;
};
