// A small stop-word detector: enough to label a document's main language for clients and for
// choosing NLP, with no model to load. Returns "und" (undetermined) when nothing stands out.

const stopWords: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'it', 'for', 'with', 'as', 'are', 'this', 'be', 'on', 'was', 'by', 'not'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'ein', 'eine', 'zu', 'mit', 'den', 'von', 'sich', 'auf', 'für', 'auch'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'un', 'du', 'que', 'pour', 'dans', 'pas', 'qui', 'sur', 'avec'],
  es: ['el', 'la', 'los', 'las', 'y', 'que', 'es', 'una', 'un', 'del', 'por', 'para', 'con', 'se', 'no', 'como'],
  it: ['il', 'la', 'che', 'di', 'e', 'è', 'un', 'una', 'per', 'non', 'con', 'del', 'della', 'sono', 'gli', 'come'],
  pt: ['o', 'a', 'os', 'as', 'que', 'de', 'do', 'da', 'em', 'um', 'uma', 'para', 'não', 'com', 'é', 'se'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'te', 'zijn', 'met', 'voor', 'ook', 'maar'],
};

const sets = Object.entries(stopWords).map(([language, words]) => [language, new Set(words)] as const);

export const words = (text: string): string[] => text.toLowerCase().match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’.-]*/gu) ?? []).length;

export function detectLanguage(text: string): string {
  const sample = words(text.slice(0, 50_000));
  if (sample.length < 5) return 'und';
  let best = { language: 'und', hits: 0 };
  for (const [language, set] of sets) {
    let hits = 0;
    for (const word of sample) if (set.has(word)) hits++;
    if (hits > best.hits) best = { language, hits };
  }
  return best.hits / sample.length >= 0.05 ? best.language : 'und';
}
