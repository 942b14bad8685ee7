import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { strToU8, zipSync } from 'fflate';
import type { FlashcardSetContent } from '../../domain/learning-content.ts';

// An Anki package (.apkg): a zip of the collection database (`collection.anki2`, Anki's schema 11,
// the one genanki writes and every Anki since 2.1 imports) and an empty media manifest. One deck
// named after the set; one "Basic" note per card: front = term, back = definition and where in the
// source it comes from. The database is built in memory and serialized: nothing touches the disk.

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`;

const MODEL_ID = 1_607_392_319_000;
const FIELD_SEPARATOR = '\x1f';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] });

export type AnkiOptions = { setId: string; updatedAt: string };

export function flashcardsApkg(set: FlashcardSetContent, options: AnkiOptions): Uint8Array {
  const seconds = Math.floor(Date.parse(options.updatedAt) / 1000) || 0;
  // Ids Anki keeps across imports: the same set exports the same deck and notes, so re-importing updates them.
  const deckId = Number.parseInt(sha1(`deck:${options.setId}`).slice(0, 12), 16);
  const model = {
    id: MODEL_ID,
    name: 'Basic (learning-content service)',
    type: 0,
    mod: seconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}', did: null, bqfmt: '', bafmt: '' }],
    flds: [field('Front', 0), field('Back', 1)],
    css: '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }\n.source { font-size: 14px; color: #555; }',
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    tags: [],
    vers: [],
    req: [[0, 'any', [0]]],
  };
  const deck = (id: number, name: string) => ({
    id,
    name,
    mod: seconds,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 10,
    extendRev: 50,
  });
  const dconf = {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { delays: [1, 10], ints: [1, 4, 7], initialFactor: 2500, order: 1, perDay: 20, bury: true, separate: true },
    rev: { perDay: 100, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, bury: true },
    lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 0 },
  };

  const db = new DatabaseSync(':memory:');
  try {
    db.exec(SCHEMA);
    db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      seconds,
      seconds * 1000,
      seconds * 1000,
      JSON.stringify({
        nextPos: set.cards.length + 1,
        curDeck: deckId,
        curModel: MODEL_ID,
        sortType: 'noteFld',
        sortBackwards: false,
        newSpread: 0,
        dueCounts: true,
        activeDecks: [deckId],
      }),
      JSON.stringify({ [MODEL_ID]: model }),
      JSON.stringify({ 1: deck(1, 'Default'), [deckId]: deck(deckId, set.title || 'Flashcards') }),
      JSON.stringify({ 1: dconf }),
      '{}',
    );
    const note = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
    const card = db.prepare("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    set.cards.forEach((entry, index) => {
      const id = seconds * 1000 + index;
      const where = [entry.source.page ? `page ${entry.source.page}` : '', entry.source.section ?? ''].filter(Boolean).join(', ');
      const back = `${escapeHtml(entry.definition)}<div class="source">${where ? `${escapeHtml(where)}: ` : ''}“${escapeHtml(entry.source.excerpt)}”</div>`;
      const front = escapeHtml(entry.term);
      note.run(
        id,
        sha1(`note:${options.setId}:${entry.id}`).slice(0, 10),
        MODEL_ID,
        seconds,
        `${front}${FIELD_SEPARATOR}${back}`,
        entry.term,
        Number.parseInt(sha1(entry.term).slice(0, 8), 16),
      );
      card.run(id, id, deckId, seconds, index + 1);
    });
    return zipSync({ 'collection.anki2': db.serialize(), media: strToU8('{}') }, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
  } finally {
    db.close();
  }
}
