import { parseText } from '../workers/generation/offline/nlp.ts';
import { chunkNounPhrases } from '../workers/generation/offline/key-phrases.ts';
for (const t of ["The Declaration of the Rights of Man and of the Citizen is a document that set out the natural rights of all citizens.", "First Estate: the clergy, about 130,000 people", "Many plants in the Third Estate grow in the light-dependent reactions of Photosystem II."]) {
  for (const s of parseText(t)) { console.log(s.tokens.map(t=>t.text+'/'+t.pos+(t.stop?'*':'')).join(' '), s.entities); console.log(chunkNounPhrases(s.tokens, s.entities).map(sp=>s.tokens.slice(sp.start, sp.end+1).map(t=>t.text).join(' '))); }
}
