import type { ContentBlock, ExtractedContent, OutlineEntry, SourceReference } from '../../domain/learning-content.ts';
import { findDefinitions, type Definition } from './definitions.ts';
import type { Block, Sentence } from './document-parts.ts';
import { isApparatus, isChromeOrSentence, isNavigationLink, isPageChrome, isSignature, opensManualPage } from './headings.ts';
import { assignKinds, genusOf } from './kinds.ts';
import { bulletSiblings } from './list-siblings.ts';
import { indexPhrases, phraseKey, type PhraseIndex } from './key-phrases.ts';
import { parseText, type ParsedSentence } from './nlp.ts';
import { hashText } from './seeded-random.ts';
import { cDeclaredName, classEntryName, declaresParameters, isBareMethod, segmentText, type PageBefore, type TextBlock } from './segmentation.ts';
import { assignSynonyms } from './synonyms.ts';
import { describeTable, type Table } from './tables.ts';
import { capitaliseFirst, collapseWhitespace, escapeRegExp, excerpt, lowerFirstUnlessAcronym, wordCount } from './text.ts';

// One NLP pass per document, shared by the three generators: the result is cached per content
// object, so flashcards, quiz and mindmap for the same source parse the text once.

export type Unit = {
  position: number;
  kind: OutlineEntry['kind'];
  title?: string;
  /** Page or slide number (outline index + 1) for paged documents. */
  page?: number;
  /** How to name the entry when it has no title ("Section 3"). */
  label: string;
  words: number;
};

export type Analysis = {
  title?: string;
  /** Derived from the text, so the same document always yields the same output. */
  seed: number;
  units: Unit[];
  blocks: Block[];
  sentences: Sentence[];
  tables: Table[];
  wordCount: number;
  phrases: PhraseIndex;
  definitions: Definition[];
  definitionByKey: Map<string, Definition>;
  /** The name the text is about ("python" in a Python tutorial), lower case: the proper noun it names far more than any other. */
  subject?: string;
  /** Each heading's level (1 for the top) where the extractor read it from the document's markup. */
  headingLevels: ReadonlyMap<string, number>;
  /** The headings that open sections, in document order, with those whose text is all in their subsections. */
  headings: readonly string[];
  /**
   * An entry's name printed right under other names of the same owner, with those names: they share the
   * description after them ("TLSVersion.MAXIMUM_SUPPORTED" under "TLSVersion.MINIMUM_SUPPORTED", "operator.__not__" under "operator.not_").
   */
  namesAbove: ReadonlyMap<string, readonly string[]>;
  /** Key phrases the text sets in italics or bold where it uses them: the terms its author marks. */
  emphasised: ReadonlySet<string>;
};

const cache = new WeakMap<ExtractedContent, Analysis>();

function formatSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function unitLabel(entry: OutlineEntry): string {
  const base = `${capitaliseFirst(entry.kind)} ${entry.index + 1}`;
  return entry.kind === 'segment' && entry.start !== undefined && entry.end !== undefined
    ? `${base} (${formatSeconds(entry.start)}–${formatSeconds(entry.end)})`
    : base;
}

const LICENCE_HEADING = /\b(?:free documentation license|general public license|copying information|copying conditions)\b|^(?:appendix \w+ )?licen[cs]e$/i;

/** Blocks no fact is drawn from: code and console output, and a page's chrome (navigation, footers). */
const NOT_FACTS: ReadonlySet<string> = new Set(['code', 'boilerplate']);
/** "filecmp.clear_cache()": a module's entry that takes nothing, as a printed reference heads it. */
const ENTRY_WITHOUT_PARAMETERS = /^[\p{L}_]\w*(?:\.[\p{L}_]\w*)+\(\)$/u;
/** "gzip — Support for gzip files", "email.utils: Miscellaneous utilities": a reference page's title, its module's name first. */
const MODULE_TITLE = /^([\p{L}_][\w.]*)(?:\s+[—–-]|:)\s/u;
/** The module a reference page's title names first ("xml.parsers.expat" of "xml.parsers.expat — Fast XML parsing…"). */
export const titleModule = (title: string | undefined) => MODULE_TITLE.exec(title ?? '')?.[1];

/** "asyncio." of "asyncio.get_event_loop_policy()" and "class asyncio.AbstractEventLoopPolicy": an entry's module. */
const ENTRY_MODULE = /^(?:(?:class|exception)\s+)?([\p{L}_]\w*)\.[\p{L}_]/u;
/** How many of a page's code lines must name one module before the page is taken to document it. */
const MIN_MODULE_ENTRIES = 3;

/**
 * The module a reference page documents: the one its title names ("gzip — Support for gzip files"), or,
 * where the title is a topic's ("Policies — …", "Runners — …" of asyncio's pages), the module most of
 * its code lines are entries of.
 */
function documentedModule(title: string | undefined, blocks: readonly ContentBlock[]): string | undefined {
  const named = titleModule(title);
  if (named === undefined || !/^\p{Lu}/u.test(named)) return named;
  const counts = new Map<string, number>();
  for (const block of blocks) {
    if (block.kind !== 'code') continue;
    for (const line of block.text.split('\n')) {
      const prefix = ENTRY_MODULE.exec(line.trim())?.[1];
      if (prefix && /^\p{Ll}/u.test(prefix)) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  const [most] = [...counts].sort((a, b) => b[1] - a[1]);
  return most && most[1] >= MIN_MODULE_ENTRIES ? most[0] : named;
}

/**
 * The outline with the text of code and boilerplate blocks taken out, where the extractor labelled
 * them: generators draw facts from prose, definitions, lists and tables only, never a cloze of code.
 */
function factualOutline(content: ExtractedContent): OutlineEntry[] {
  // Lines compared without their trailing blanks, which a page's <pre> keeps and its outline does not.
  const unpadded = (text: string) => text.replace(/[ \t]+$/gm, '');
  // A printed reference sets an entry's signature in the code font ("statistics.mean(data)" over "Return the
  // sample arithmetic mean…"): a line of its own that heads the entry, as segmentation reads it, not code. Only
  // on a page: a web page marks its entries as such, and a line of code there is an example.
  // pdf.js runs the code font's lines together: a signature the print wrapped ("gzip.open(filename, …," over
  // "newline=None)") is one entry, and a block that ends a sentence in the code font and goes on with the
  // next entry ("clear_cache()." over "filecmp.cmpfiles(dir1, …)") keeps that last line, when it names the
  // page's module (an example's "f.write(content)" does not) or takes nothing and a description follows.
  const blocks = content.blocks ?? [];
  const module = documentedModule(content.title, blocks);
  // A class's methods ("append(x)" after "class array.array(…)") are printed by their bare names.
  let underClass = false;
  const inClass = blocks.map((block) => {
    const within = underClass;
    underClass ||= block.text.split('\n').some((line) => classEntryName(line) !== undefined);
    return within;
  });
  const headsEntry = (line: string, index: number) => {
    const next = blocks[index + 1];
    const described = next?.kind === 'prose' && /^\p{Lu}/u.test(next.text);
    const ownModule =
      module !== undefined &&
      line
        .trim()
        .replace(/^(?:class|exception)\s+/, '')
        .startsWith(`${module}.`);
    if ((inClass[index] && isBareMethod(line)) || cDeclaredName(line) !== undefined) return described;
    // "class bz2.BZ2Decompressor": a class printed without parameters heads its entry, and its methods' after it.
    const bare = ENTRY_WITHOUT_PARAMETERS.test(line.trim()) || classEntryName(line) !== undefined;
    return ownModule && (declaresParameters(line) || (bare && described));
  };
  const excludedText = (block: ContentBlock, index: number): string[] => {
    if (!NOT_FACTS.has(block.kind)) return [];
    const text = unpadded(block.text).trim();
    if (block.kind !== 'code' || block.page === undefined) return [text];
    const lines = text.split('\n');
    const joined = lines.join(' ');
    // "PyObject *PyObject_CallMethod(PyObject *obj, const char *name, const char *format," over "...)": a C declaration the print wrapped.
    if (declaresParameters(joined) || (lines.length === 1 && headsEntry(text, index)) || (cDeclaredName(joined) !== undefined && headsEntry(joined, index)))
      return [];
    return lines.length > 1 && headsEntry(lines.at(-1) ?? '', index) ? lines.slice(0, -1).map((line) => line.trim()) : [text];
  };
  const excluded = [...new Set(blocks.flatMap(excludedText))].filter(Boolean);
  if (excluded.length === 0) return content.outline;
  // Only where a block stands on its own lines: the code block "mosquitto" must not cut the word out
  // of "Then use mosquitto_sub to subscribe…".
  const standing = excluded.map((block) => new RegExp(`(^|\\n)[ \\t]*${escapeRegExp(block)}[ \\t]*(?=\\n|$)`, 'g'));
  return content.outline.map((entry) => ({ ...entry, text: standing.reduce((text, block) => text.replace(block, '$1\n'), unpadded(entry.text)) }));
}

/** The outline's entries, those without text among them: a heading whose text is all in its subsections still heads them. */
function entriesOf(content: ExtractedContent): OutlineEntry[] {
  const entries = factualOutline(content);
  if (entries.some((entry) => entry.text.trim() !== '')) return entries;
  return [{ kind: 'section', index: 0, title: content.title?.trim() || 'Document', text: content.text }];
}

/**
 * The markup's level of each outline entry's title, by its place among the document's headings: a title
 * given twice ("## Introduction", later "### Introduction") has a level each time.
 */
function entryLevels(content: ExtractedContent, entries: readonly OutlineEntry[]): Array<number | undefined> {
  const levels = new Map<string, number[]>();
  for (const block of content.blocks ?? []) {
    const title = block.text.trim();
    if (block.kind === 'heading' && block.level !== undefined) levels.set(title, [...(levels.get(title) ?? []), block.level]);
  }
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const title = entry.title?.trim();
    if (!title) return undefined;
    const nth = seen.get(title) ?? 0;
    seen.set(title, nth + 1);
    return levels.get(title)?.[nth];
  });
}

/**
 * "### Examples" under each of giteveryday's roles, "### Introduction" under "## Determining module
 * system" when the page began with an "## Introduction": a title of words the document gives more than
 * once is no section of its own (read by its name, its texts would be one section, under the first), but
 * the text of the section above it; not the page's title's, which heads the whole page. Without levels (a
 * printed page), only where the section above has no text of its own and comes right before. For each
 * entry, the section its text opens, if any.
 */
function openedSections(entries: readonly OutlineEntry[], levels: ReadonlyArray<number | undefined>): Array<string | undefined> {
  const titles = entries.map((entry) => entry.title?.trim());
  const counts = new Map<string, number>();
  for (const title of titles) if (title) counts.set(title, (counts.get(title) ?? 0) + 1);
  const known = levels.filter((level): level is number => level !== undefined);
  const top = Math.min(...known);
  const pageTitled = known.filter((level) => level === top).length === 1;
  const above: Array<{ level: number; title: string | undefined }> = [];
  const seen = new Set<string>();
  return titles.map((title, index) => {
    const level = levels[index];
    while (level !== undefined && (above.at(-1)?.level ?? -Infinity) >= level) above.pop();
    const parent = above.at(-1);
    if (level !== undefined) above.push({ level, title });
    const repeatedBefore = title !== undefined && seen.has(title);
    if (title) seen.add(title);
    // "Event: 'message'" under two classes, "Class: inspector.Session" under two APIs: entries of their own.
    if (!title || !/^[\p{L}\s-]+$/u.test(title) || (counts.get(title) ?? 0) < 2) return undefined;
    if (level === undefined) return repeatedBefore && entries[index - 1]?.text.trim() === '' ? titles[index - 1] : undefined;
    return parent && !(pageTitled && parent.level === top) ? parent.title : undefined;
  });
}

function build(content: ExtractedContent): Analysis {
  const units: Unit[] = [];
  const blocks: Block[] = [];
  const sentences: Sentence[] = [];
  const tables: Table[] = [];
  const titles: string[] = content.title ? [content.title] : [];
  const headings: string[] = [];
  const namesAbove = new Map<string, string[]>();
  content.outline.forEach((entry, index) => {
    const above: string[] = [];
    for (let before = index - 1; before >= 0; before -= 1) {
      const name = content.outline[before]?.title?.trim() ?? '';
      if (content.outline[before]?.text.trim() || !entry.title || !sameOwner(name, entry.title.trim())) break;
      above.unshift(name);
    }
    if (entry.title && above.length > 0) namesAbove.set(entry.title.trim(), above);
  });
  let seed = hashText(content.title ?? '');
  const codeLines: string[] = [];
  let section: string | undefined;
  /** A printed class's methods, and the data of what its entries are members of, go on over the page's end. */
  let before: PageBefore = {};

  const entries = entriesOf(content);
  const opened = openedSections(entries, entryLevels(content, entries));
  const leadIns = leadInsToCode(content);
  // The licence a manual ends with ("Appendix A Copying Information", the GFDL) is boilerplate: nothing
  // from it on becomes a fact. Only in the second half, so a document about a licence keeps its text.
  const filled = entries.filter((entry) => entry.text.trim() !== '').length;
  const isLicenceFrom = (position: number, heading: string | undefined) => position >= filled / 2 && LICENCE_HEADING.test(heading ?? '');
  let licence = false;
  /** The page before ended in apparatus ("See also:", "Footnotes"), its text not yet closed by a heading. */
  let apparatusOpen = false;
  // A printed section ("9.7. Scheduling Tasks…") ends with links to its neighbours ("9.6. The inetd
  // Super-Server", "9.8. …"): a numbered heading neither the title's section nor under it is such a link.
  const titleNumber = HEADING_NUMBER.exec(content.title ?? '')?.[1];
  const linksElsewhere = (heading: string) => {
    const number = HEADING_NUMBER.exec(heading)?.[1];
    return titleNumber !== undefined && number !== undefined && number !== titleNumber && !number.startsWith(`${titleNumber}.`);
  };
  for (const [entryIndex, entry] of entries.entries()) {
    if (licence) break;
    const position = units.length;
    const title = entry.title?.trim() || undefined;
    if (entry.text.trim() === '') {
      if (title && !isApparatus(title) && !isPageChrome(title) && !isChromeOrSentence(title)) headings.push(title);
      continue;
    }
    const paged = entry.kind === 'page' || entry.kind === 'slide';
    units.push({ position, kind: entry.kind, title, page: paged ? entry.index + 1 : undefined, label: unitLabel(entry), words: wordCount(entry.text) });
    seed = hashText(entry.text, seed);
    const openedHere = opened[entryIndex];
    // A page without a title continues the section of the page before it.
    if (title && opensManualPage(title)) section = undefined;
    else if (openedHere && headings.includes(openedHere)) section = openedHere;
    else if (title) {
      section = title;
      titles.push(title);
      headings.push(title);
    } else if (!paged) section = undefined;
    // A section of a converted page titled "Previous topic", "This Page" or "Navigation" is chrome throughout.
    // A "See also:" box the page before ended with goes on over the page's end ("Module datetime" first on the next).
    let apparatus: boolean = title !== undefined ? isApparatus(title) || isPageChrome(title) : paged && apparatusOpen;

    const printed = entry.kind === 'page';
    // The entry as the document gives it, its code and lead-ins to code still there.
    const original = (entries.length === content.outline.length ? content.outline[entryIndex]?.text : content.text) ?? '';
    const nextPage = printed ? (entries[entryIndex + 1]?.text.trimStart().split('\n', 1)[0] ?? '') : '';
    const segmented = segmentText(entry.text, entry.kind === 'sheet', printed, nextPage.trim(), printed ? before : {});
    before = segmented;
    codeLines.push(...segmented.code);
    licence = isLicenceFrom(position, title);
    const contents = tableOfContents(segmented.blocks);
    for (const [index, segment] of segmented.blocks.entries()) {
      // "4. Book Structure" printed on the page so titled: the page's own heading, its number read as a list's.
      const textBlock: TextBlock = printed && isOwnTitle(segment, content.title) ? { kind: 'heading', text: content.title?.trim() ?? segment.text } : segment;
      if (textBlock.kind === 'heading' && isLicenceFrom(position, textBlock.text)) licence = true;
      const above = textBlock.kind === 'heading' ? printedUnderNames(original, textBlock.text) : [];
      if (above.length > 0) namesAbove.set(textBlock.text, above);
      if (licence) break;
      // A table of contents, a "Download" link, a callout or a sentence ending in a colon heads no
      // section: the text after it stays in the section it is in.
      // The text under "References" or "Footnotes" (names, citations) is no subject matter, up to the next heading.
      if (textBlock.kind === 'heading' && !contents.has(index)) {
        apparatus =
          isApparatus(textBlock.text) ||
          (apparatus && (isChromeOrSentence(textBlock.text) || OTHER_DOCUMENT.test(textBlock.text) || listsOtherDocuments(segmented.blocks, index))) ||
          linksElsewhere(textBlock.text);
      }
      if (apparatus) continue;
      if (
        contents.has(index) ||
        (textBlock.kind === 'heading' && (isChromeOrSentence(textBlock.text) || inNavigationBar(segmented.blocks, index) || leadIns.has(textBlock.text)))
      )
        continue;
      // "Prev" over "4. Book Structure": a printed page's link to a neighbouring section, its number read as a list's.
      const previous = segmented.blocks[index - 1];
      const linkUnderBar = previous?.kind === 'heading' && isPageChrome(previous.text) && !/[.!?:]$/.test(textBlock.text.trim());
      if (textBlock.kind === 'bullet' && (isNavigationLink(textBlock.text) || linkUnderBar)) continue;
      // "© Copyright 2001-2023, … Please donate. Last updated on…": a page footer converted with the page; "Permission
      // is granted to copy, distribute and/or modify this document under the terms of…", "Copying and distribution of this
      // file … are permitted in any medium without royalty…": a licence's notice; so are the GPL's "This program is free
      // software; you can redistribute it…", "…but WITHOUT ANY WARRANTY…" and "You should have received a copy of…".
      if (textBlock.kind !== 'heading' && (COPYRIGHT_NOTICE.test(textBlock.text) || TRUNCATED_LINK.test(textBlock.text.trim()))) continue;
      if (textBlock.kind === 'heading' && opensManualPage(textBlock.text)) {
        section = undefined;
        continue;
      }
      if (textBlock.kind === 'heading') {
        section = textBlock.text;
        titles.push(textBlock.text);
        headings.push(textBlock.text);
      }
      const block: Block = { ...textBlock, id: blocks.length, unit: position, section, sentenceIds: [] };
      blocks.push(block);
      if (textBlock.kind === 'heading') continue;
      for (const parsed of parseText(textBlock.text)) {
        if (parsed.tokens.length === 0) continue;
        const sentence: Sentence = { ...parsed, id: sentences.length, unit: position, block: block.id, section, words: wordCount(parsed.text) };
        sentences.push(sentence);
        block.sentenceIds.push(sentence.id);
      }
    }
    apparatusOpen = apparatus;
    for (const raw of segmented.tables) {
      const table = describeTable(raw, { id: tables.length, unit: position, title: title ?? section ?? unitLabel(entry), section });
      if (table) {
        tables.push(table);
        titles.push(table.title);
      }
    }
  }

  const definitions = findDefinitions(blocks, sentences);
  const codeText = [...codeLines, ...(content.blocks ?? []).filter((block) => block.kind === 'code').map((block) => block.text)].join('\n');
  const codeWords = codeWordsOf(codeText);
  const phrases = indexPhrases(sentences, {
    unitCount: units.length,
    titles,
    definedKeys: new Set(definitions.map((definition) => definition.key)),
    codeWords,
  });
  bulletSiblings(
    blocks.flatMap((block) => {
      const first = block.kind === 'bullet' ? block.sentenceIds[0] : undefined;
      const sentence = first === undefined ? undefined : sentences[first];
      return sentence ? [{ block: block.id, tokens: sentence.tokens, spans: phrases.inSentence.get(sentence.id) ?? [] }] : [];
    }),
    phrases.siblings,
  );
  // A sentence's capital letters say little about a term; the spelling used across the text does.
  const spelled = definitions.map((found) => {
    const definition = { ...found, genus: genusOf(found.text) };
    const phrase = phrases.byKey.get(definition.key);
    if (definition.origin !== 'sentence' || !phrase) return definition;
    if (phrase.display.toLowerCase() === definition.term.toLowerCase()) return { ...definition, term: phrase.display };
    return phrase.proper ? definition : { ...definition, term: lowerFirstUnlessAcronym(definition.term) };
  });
  assignKinds(phrases, spelled);
  assignSynonyms([...headings, ...sentences.map((sentence) => sentence.text)], phrases);
  return {
    title: content.title,
    seed,
    units,
    blocks,
    sentences,
    tables,
    wordCount: units.reduce((sum, unit) => sum + unit.words, 0),
    phrases,
    definitions: spelled,
    definitionByKey: new Map(spelled.map((definition) => [definition.key, definition])),
    subject: subjectName(sentences),
    headingLevels: headingLevelsOf(content),
    headings,
    namesAbove,
    // A reference sets its parameters in italics where its prose names them ("if <em>indent</em> is a
    // non-negative integer…"): there, emphasis marks code, not terms.
    emphasised: headings.some(isSignature) ? new Set() : emphasisedPhrases(content.emphasis ?? [], phrases, codeWords),
  };
}

const DOTTED_NAME = /^[\p{L}_$][\w$]*(?:\.[\w$]+)+(?:\(.*\))?$/u;
/** "TLSVersion.MINIMUM_SUPPORTED" and "TLSVersion.MAXIMUM_SUPPORTED", "ast.SetComp()" and "ast.DictComp()": two names of one owner. */
function sameOwner(first: string, second: string): boolean {
  const owner = (name: string) => name.replace(/\(.*$/s, '').split('.').slice(0, -1).join('.');
  return DOTTED_NAME.test(first) && DOTTED_NAME.test(second) && first !== second && owner(first) === owner(second);
}
/**
 * The names on the lines right above a heading in the document's own text, of the same owner ("ast.ListComp()",
 * "ast.SetComp()", "ast.GeneratorExp()" above "ast.DictComp()", read as code once they stand alone): they share
 * the description after them. "Path.owner()" under the output of "Path.open()"'s example has none.
 */
export function printedUnderNames(original: string, heading: string): string[] {
  const lines = original.split('\n').flatMap((line) => (line.trim() ? [line.trim()] : []));
  // "TestCase.assertIsNot(first, second)" heads the entry a printed class lists as "assertIsNot(first, second)".
  const member = heading.slice(heading.indexOf('.') + 1);
  const bare = !lines.includes(heading) && BARE_SIGNATURE.test(member);
  const at = lines.indexOf(bare ? member : heading);
  let start = at;
  while (start > 0 && (bare ? BARE_SIGNATURE.test(lines[start - 1] ?? '') : sameOwner(lines[start - 1] ?? '', heading))) start -= 1;
  return at < 0 ? [] : lines.slice(start, at);
}
const BARE_SIGNATURE = /^[\p{L}_]\w*\(.*\)$/u;

/** The names the document's code uses. */
const codeWordsOf = (codeText: string) => new Set(codeText.toLowerCase().match(/\p{L}[\p{L}\p{N}_]*/gu) ?? []);

/**
 * "the <em>base chains</em>": the phrase the emphasis holds, by its lemmas, where the text has it as a
 * phrase; not a name its code uses ("<em>spam</em>" of the tutorial's examples).
 */
function emphasisedPhrases(emphasis: readonly string[], phrases: PhraseIndex, code: ReadonlySet<string>): Set<string> {
  const keys = new Set<string>();
  for (const text of emphasis) {
    if (code.has(text.toLowerCase())) continue;
    const tokens = parseText(text)[0]?.tokens ?? [];
    const start = tokens.findIndex((token) => token.pos !== 'DET');
    const key = phraseKey(tokens, { start, end: tokens.length - 1 });
    if (start >= 0 && phrases.byKey.has(key)) keys.add(key);
  }
  return keys;
}

/**
 * "Git will reply", "Alternatively, instead of running git add beforehand, you can use": a paragraph the
 * extractor read as prose that leads into the code below it, its sentence unfinished. Taken out with the
 * code, it stands alone on its line as a heading would; it heads nothing and states no fact.
 */
function leadInsToCode(content: ExtractedContent): Set<string> {
  const blocks = content.blocks ?? [];
  return new Set(
    blocks.flatMap((block, index) =>
      block.kind === 'prose' && blocks[index + 1]?.kind === 'code' && !/[.!?:;,)"”]$/.test(block.text.trim()) ? [collapseWhitespace(block.text)] : [],
    ),
  );
}

function headingLevelsOf(content: ExtractedContent): Map<string, number> {
  const levels = new Map<string, number>();
  for (const block of content.blocks ?? []) {
    const title = block.text.trim();
    if (block.kind === 'heading' && block.level !== undefined && !levels.has(title)) levels.set(title, block.level);
  }
  return levels;
}

const MIN_SUBJECT_MENTIONS = 8;

function subjectName(sentences: readonly Sentence[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { tokens } of sentences)
    for (const token of tokens) if (token.pos === 'PROPN' && /^\p{Lu}/u.test(token.text)) counts.set(token.lower, (counts.get(token.lower) ?? 0) + 1);
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && first[1] >= MIN_SUBJECT_MENTIONS && first[1] >= 2 * (second?.[1] ?? 0) ? first[0] : undefined;
}

/** A list item reading as the document's title without its number ("Book Structure" of "4. Book Structure"). */
const isOwnTitle = (block: TextBlock, title: string | undefined) =>
  block.kind === 'bullet' && title !== undefined && /^\d+\.\s/.test(title.trim()) && title.trim().replace(/^\d+\.\s+/, '') === block.text.trim();

/** "Prev | The Debian Administrator's Handbook | Next": the site's name in a printed page's navigation bar. */
function inNavigationBar(blocks: readonly TextBlock[], index: number): boolean {
  const [before, after] = [blocks[index - 1], blocks[index + 1]];
  return before?.kind === 'heading' && after?.kind === 'heading' && isPageChrome(before.text) && isPageChrome(after.text);
}

/** "Module pickle", "PEP 3119 - Introducing Abstract Base Classes": what a "See also" box points to, another document. */
const OTHER_DOCUMENT = /^(?:module|package|pep|rfc)\s+\S/i;
/** "PEP 3147": a reading by its number alone, its title on the line below. */
const BARE_READING = /^(?:pep|rfc)\s+\d+$/i;
/**
 * "PKZIP Application Note" over "PEP 273 - Import Modules…" in a "See also" box: a reading not named as
 * a module or a PEP is one of the box's readings all the same when the next heading is, or when one of
 * the next lines is ("Installing Python Modules", its description, then "PEP 453: Explicit bootstrapping…").
 * So are importlib's "The import statement" and "Packages specification" before its "PEP 235": readings
 * with a line or two each, up to the PEPs the box goes on to.
 */
function listsOtherDocuments(blocks: readonly TextBlock[], index: number): boolean {
  // "PYC Repository Directories" under "PEP 3147": the title of the reading numbered above it ("Constants" under
  // "PEP 485 – A function for testing approximate equality", which has its title, is a heading of the page's).
  const above = blocks[index - 1];
  if (above?.kind === 'heading' && BARE_READING.test(above.text.trim())) return true;
  const next = blocks.slice(index + 1).find((block) => block.kind === 'heading');
  if (next !== undefined && OTHER_DOCUMENT.test(next.text)) return true;
  const following = blocks.slice(index + 1, index + 1 + READING_BOX_LOOKAHEAD);
  // A paragraph of the page's own, an entry's signature or another box's label ends the box.
  const end = following.findIndex(
    (block, at) => (at >= READING_LOOKAHEAD && wordCount(block.text) > READING_NOTE_MAX_WORDS) || isSignature(block.text) || isApparatus(block.text),
  );
  return following.slice(0, end === -1 ? undefined : end).some((block) => OTHER_DOCUMENT.test(block.text));
}
const READING_LOOKAHEAD = 2;
const READING_BOX_LOOKAHEAD = 8;
/** A reading's note in a "See also" box is a line or two ("Original specification of packages."). */
const READING_NOTE_MAX_WORDS = 25;
const COPYRIGHT_NOTICE =
  /©|\bcopyright\b[^.]*\b\d{4}\b|\blicensed under\b|\bpermission is (?:hereby )?granted\b|\bpermitted in any medium\b|\bplease donate\b|\blast updated on\b|\bcreated using sphinx\b|\bis free software; you can redistribute\b|\bwithout any warranty\b|\byou should have received a copy of\b|\bgrants you additional permission\b/i;
/** "14.3. Supervision: Prevention, Detection, Deterre...": a printed page's link to another section, its title cut short. */
const TRUNCATED_LINK = /^\d+(?:\.\d+)*\.?\s.*\p{L}(?:\.{3}|…)$/u;
const CONTENTS_MIN_HEADINGS = 3;
const HEADING_NUMBER = /^(?:chapter\s+)?(\d+(?:\.\d+)*)\.?\s/i;
const CONTENTS_LINE_CHARS = 80;
/**
 * A numbered line of a table of contents: a heading, or a short line without a sentence's end that reads
 * as "term: text" ("10.9.1. Local Diagnosis: netstat", "10.2.2. Public Key Infrastructure: easy-rsa").
 */
const isContentsLine = (block: TextBlock) =>
  block.kind === 'heading' || (HEADING_NUMBER.test(block.text) && block.text.length <= CONTENTS_LINE_CHARS && !/[.!?]$/.test(block.text.trim()));
/**
 * A run of numbered headings with no text between them, not each deeper than the one before, is a
 * table of contents (a printed page lists the sections of the whole book at its top): none of them
 * heads the text that follows. "8", "8.1", "8.1.1" in a row are a chapter, its section and
 * subsection heading the same text. A run of single words ("DateHeader", "AddressHeader",
 * "MessageIDHeader") is a table's column that print set one cell to a line, no heading either.
 */
function tableOfContents(blocks: readonly TextBlock[]): Set<number> {
  const contents = new Set<number>();
  let run: number[] = [];
  const close = () => {
    const depths = run.map((index) => HEADING_NUMBER.exec(blocks[index]?.text ?? '')?.[1]?.split('.').length ?? 0).filter((depth) => depth > 0);
    const deepens = depths.every((depth, index) => index === 0 || depth > (depths[index - 1] ?? 0));
    if (depths.length >= CONTENTS_MIN_HEADINGS && !deepens) for (const index of run) if (HEADING_NUMBER.test(blocks[index]?.text ?? '')) contents.add(index);
    let words: number[] = [];
    for (const index of [...run, -1]) {
      if (index >= 0 && /^[\p{L}\d-]+$/u.test(blocks[index]?.text.trim() ?? '')) words.push(index);
      else {
        if (words.length >= CONTENTS_MIN_HEADINGS) for (const word of words) contents.add(word);
        words = [];
      }
    }
    run = [];
  };
  blocks.forEach((block, index) => {
    if (isContentsLine(block)) run.push(index);
    else close();
  });
  close();
  return contents;
}

export function analyse(content: ExtractedContent): Analysis {
  let analysis = cache.get(content);
  if (!analysis) {
    analysis = build(content);
    cache.set(content, analysis);
  }
  return analysis;
}

/** Where a card or question came from: page (and section) for paged documents, else the section. */
export function sourceReference(analysis: Analysis, unitPosition: number, section: string | undefined, quote: string, focus?: string): SourceReference {
  const unit = analysis.units[unitPosition];
  const text = excerpt(quote, focus);
  if (unit?.page !== undefined) return section ? { page: unit.page, section, excerpt: text } : { page: unit.page, excerpt: text };
  return { section: section ?? unit?.title ?? unit?.label ?? 'Document', excerpt: text };
}

export function sentenceReference(analysis: Analysis, sentence: Sentence, focus?: string): SourceReference {
  return sourceReference(analysis, sentence.unit, sentence.section, sentence.text, focus);
}
