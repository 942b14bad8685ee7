import type { Difficulty, MindmapContent, MindmapEdge, MindmapNode } from '../../domain/learning-content.ts';
import { GenerationError } from '../../ports/generator.ts';
import { comparisonKey, containsPhrase } from '../quality.ts';
import type { Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { explain, isStatement } from './explanations.ts';
import { isChromeOrSentence, isEntryHeading, isPrintedEntryHeading, isSignature, MANUAL_TITLE } from './headings.ts';
import { manualEntriesOf, programOf } from './manual-entries.ts';
import type { Definition } from './definitions.ts';
import { RARE_ZIPF, UNSEEN_ZIPF, zipf } from './commonness.ts';
import { hasVagueLead, isGeneralHead, isGenericPhrase, isSetting, isVagueWord, LONG_TEXT_SENTENCES, type Phrase } from './key-phrases.ts';
import { describeRow, type Table } from './tables.ts';
import { capitaliseFirst, collapseWhitespace, truncate } from './text.ts';

// A tree from the document's own structure: the root is the document, its branches are the
// sections, slides, headings or sheets (when there are at least two), and under them the key
// phrases that belong there, then the phrases that occur with those. A sheet branches by a
// category column (continent → countries) when it has one. Without any structure the most
// central key phrases are the branches. Every node carries a short definition from the text;
// the root and the top ~20% of nodes by key-phrase score are marked highly important.
//
// Depth and breadth follow difficulty: easy has 2 levels and 3–5 branches; medium 3 levels;
// hard 4 levels and more children per node. A document of two main sections shows their subsections
// at every difficulty, as two branches alone would say little.

type Shape = { breadth: number[] };
const SHAPES: Record<Difficulty, Shape> = {
  easy: { breadth: [5] },
  medium: { breadth: [6, 4] },
  hard: { breadth: [8, 5, 3] },
};

const DEFINITION_CHARS = 160;
const IMPORTANT_SHARE = 0.2;

type Draft = { label: string; definition: string; score: number; children: Draft[] };

/** `subsections`: the headings one level below the topic's, in document order. */
type Topic = { label: string; sentences: Sentence[]; subsections?: readonly string[]; table?: Table };
type MainSections = { of: (section: string) => string | undefined; subsections: ReadonlyMap<string, readonly string[]> };

type Context = {
  analysis: Analysis;
  shape: Shape;
  used: Set<string>;
  maxScore: number;
  /** Each phrase belongs under the topic that mentions it most (and none when it names a topic). */
  home: Map<string, Topic>;
  /** Two main sections make a thin map: their subsections show at every difficulty. */
  fewSections?: boolean;
};

function short(text: string): string {
  return truncate(collapseWhitespace(text), DEFINITION_CHARS);
}

/**
 * "Generation Data (ID: {G, D, A, 2 }) (N * 4 bytes) [Optional]": a format's notes on a part (its code,
 * its size in a formula, a flag in brackets) after the part's name and a space ("buf[index]" is a name).
 */
const FORMAT_NOTES = /(?:\s+(?:\([^()]*[{}*=][^()]*\)|\[[^[\]]*\]))+\s*$/;

function cleanHeading(text: string): string {
  // A signature's parameters are detail for its leaves: "os.getPriority()" names the branch.
  if (isSignature(text) && !MANUAL_TITLE.test(text.trim())) return text.trim().replace(/\(.*\)$/s, '()');
  const unnumbered = text.replace(/^(?:chapter\s+)?(?:[A-Z]\.)?\d+(?:\.\d+)*[.:)]?\s+/i, '').trim() || text;
  return unnumbered.replace(FORMAT_NOTES, '').trim() || unnumbered;
}

/** "9.2.1.", "Chapter 3", "B.4.1." (an appendix's section): a heading's number. */
const SECTION_NUMBER = /^(?:chapter\s+)?((?:[A-Z]\.)?\d+(?:\.\d+)*)\.?\s+\S/i;
const MIN_MAIN_SECTIONS = 3;
const MIN_SUBSECTIONS_EACH = 2;
/**
 * The level of a document's main sections: the shallowest with three sections or more, or with two
 * ("12.1.1. Software RAID", "12.1.2. LVM") when each has subsections of its own below it.
 */
const isMainLevel = (depths: ReadonlyMap<number, number>, level: number) => {
  const count = depths.get(level) ?? 0;
  return count >= MIN_MAIN_SECTIONS || (count === 2 && (depths.get(level + 1) ?? 0) >= 2 * MIN_SUBSECTIONS_EACH);
};

/**
 * How deep each section's heading stands: by its number ("9.2.1." is 3 deep) where the headings are
 * numbered, else by its level in the document's markup (h2 under h1, "###" under "##") where every
 * heading has one. Empty when neither tells.
 */
function sectionDepths(
  headings: readonly string[],
  headingLevels: ReadonlyMap<string, number>,
  title: string,
  allHeadings: readonly string[],
): Map<string, number> {
  const sections = [...new Set(headings)];
  const numbered = new Map<string, number>();
  for (const section of sections) {
    const number = SECTION_NUMBER.exec(section)?.[1];
    if (number) numbered.set(section, number.split('.').length);
  }
  if (numbered.size > 0) return numbered;
  // The page's title heads the text before the first heading (a web page's introduction), at no level.
  const levelled = sections
    .map((section) => [section, headingLevels.get(section.trim())] as const)
    .filter(([section, level]) => level !== undefined || comparisonKey(topicOf(section)) !== comparisonKey(topicOf(title)));
  if (levelled.every(([, level]) => level !== undefined)) return new Map(levelled as Array<readonly [string, number]>);
  // "Recipe: Push/pull: Staying up to date", a bold line read as a heading under "Merge workflow" (h3): it
  // stands below the last heading the markup levelled.
  const belowMarkup = levelled.some(([, level]) => level !== undefined)
    ? belowLevelled(levelled, Math.min(...headingLevels.values()), allHeadings, headingLevels)
    : undefined;
  if (!sections.some(isEntryHeading)) return belowMarkup ?? new Map();
  return methodsUnderClasses(belowMarkup ?? entryDepths(sections, title), title);
}

/**
 * "BZ2File.peek()" after "bz2.BZ2File(…)": a printed or converted reference sets a class's methods at the
 * level of the class's entry; where that entry stands under no heading but the page's title, they belong
 * one level below it, as the web page nests them. Under a section of their own ("Counter objects") the
 * class and its methods stand side by side, as the reader sees them there.
 */
function methodsUnderClasses(depths: Map<string, number>, title: string): Map<string, number> {
  let owner: { name: string; prefix: string; depth: number } | undefined;
  let headingDepth: number | undefined;
  for (const [section, depth] of depths) {
    if (!isEntryHeading(section)) {
      owner = undefined;
      if (comparisonKey(topicOf(section)) !== comparisonKey(topicOf(title))) headingDepth = depth;
      continue;
    }
    const path = section.replace(/\(.*$/s, '').split('.');
    const name = path.at(-1) ?? '';
    const prefix = path.slice(0, -1).join('.');
    // "asynchat.async_chat()" over "async_chat.push()": a class named in lower case owns its methods too;
    // "bisect.bisect()" over "bisect.insort()" does not: named after its module, it is the module's sibling.
    if (owner && path.at(-2) === owner.name && prefix !== owner.prefix && depth <= owner.depth) depths.set(section, owner.depth + 1);
    else owner = headingDepth === undefined || headingDepth >= depth ? { name, prefix, depth } : undefined;
  }
  return depths;
}

/**
 * A converted reference marks its page's headings (the title, "Examples") but sets its entries
 * ("plistlib.load(fp, …)") and boxes in paragraph styles of their own, and a printed one read by pdf.js
 * levels only the headings its fonts set apart: a heading without a level sits one level below the last
 * heading that has one, or below the page's top heading (the title) before any, as the entries stand
 * under the module's title beside its "Basic Examples". A levelled heading that opens no section
 * ("SYNOPSIS" before a manual page's "Set", "Unset") still tells the level of those after it.
 */
function belowLevelled(
  levelled: ReadonlyArray<readonly [string, number | undefined]>,
  top: number,
  allHeadings: readonly string[],
  headingLevels: ReadonlyMap<string, number>,
): Map<string, number> {
  const depths = new Map<string, number>();
  const sections = new Map(levelled);
  let last = top;
  let lastIsEntry = false;
  for (const heading of allHeadings) {
    const level = headingLevels.get(heading.trim());
    if (level !== undefined) [last, lastIsEntry] = [level, isSignature(heading)];
    if (!sections.has(heading) || depths.has(heading)) continue;
    // An entry after an entry the fonts did level ("weakref.proxy(…)" over "weakref.getweakrefcount(…)") is its sibling.
    depths.set(heading, level ?? (lastIsEntry && isSignature(heading) ? last : last + 1));
  }
  return depths;
}

/** The depth a printed reference's entries take under the plain heading before them. */
const ENTRY_DEPTH = 2;

/**
 * A printed API reference has no heading levels, but its entries ("Queue.put(item)") belong to the
 * plain heading before them ("Queue Objects"); those before any but the page's title are sections.
 */
function entryDepths(sections: readonly string[], title: string): Map<string, number> {
  const depths = new Map<string, number>();
  let under = false;
  for (const section of sections) {
    const entry = isPrintedEntryHeading(section);
    if (!entry) under = comparisonKey(topicOf(section)) !== comparisonKey(topicOf(title));
    depths.set(section, entry && under ? ENTRY_DEPTH : 1);
  }
  return depths;
}

/**
 * The headings that open sections: those with text of their own, and those whose text is all in the
 * subsections that follow them ("4.2. Naming and binding" before "4.2.1."); a heading with neither (a
 * printed link to the next section, "Next Steps" before a heading of its parent's level) opens none.
 */
function sectionHeadings(analysis: Analysis): string[] {
  const { headings, headingLevels } = analysis;
  const withText = new Set(analysis.sentences.map((sentence) => sentence.section));
  // Where no markup levels the headings, data named in full ("math.pi") heads an entry as a signature does.
  const entryHeading = headingLevels.size === 0 ? isPrintedEntryHeading : isEntryHeading;
  const opensSubsection = (heading: string, next: string | undefined) => {
    if (next === undefined) return false;
    // "defaultdict objects" over "collections.defaultdict(…)", "Constants" over "math.pi": a printed reference's section opens with its entry.
    if (entryHeading(next) && !entryHeading(heading)) return true;
    const [own, after] = [SECTION_NUMBER.exec(heading)?.[1], SECTION_NUMBER.exec(next)?.[1]];
    if (own !== undefined && after !== undefined) return after.startsWith(`${own}.`);
    const [level, nextLevel] = [headingLevels.get(heading.trim()), headingLevels.get(next.trim())];
    return level !== undefined && nextLevel !== undefined && nextLevel > level;
  };
  return headings.filter((heading, index) => withText.has(heading) || opensSubsection(heading, headings[index + 1]));
}

/**
 * In a document whose headings are numbered ("9.2. Python Scopes…", "9.2.1. …") or levelled, the main
 * sections: the shallowest level with at least three of them (one "9. Classes" above all is the
 * document itself), counting a heading whose text is all in its subsections ("4.2. Naming and
 * binding"). A deeper section, or a heading without a number that a layout made of a sentence ("Some
 * tips for experts:"), belongs to the main section it comes under; those one level below it are its
 * subsections. Undefined when headings tell no depth.
 */
function mainSectionOf(analysis: Analysis): MainSections | undefined {
  const { headingLevels } = analysis;
  const headings = sectionHeadings(analysis);
  const depthOf = sectionDepths(headings, headingLevels, analysis.title ?? '', analysis.headings);
  const depths = new Map<number, number>();
  for (const depth of depthOf.values()) depths.set(depth, (depths.get(depth) ?? 0) + 1);
  const ordered = [...depths.keys()].sort((a, b) => a - b);
  // A program's DESCRIPTION, read as the page's opening, is one of its main sections all the same (beside
  // git-cherry's OPTIONS and EXAMPLES, whose three subsections are not the page's main level).
  const opening = headingLevels.get(MANUAL_OPENING);
  if (programOf(analysis) !== undefined && opening !== undefined && depths.has(opening)) depths.set(opening, (depths.get(opening) ?? 0) + 1);
  // A printed reference's plain headings are its main sections however few, the entries under them never.
  const printedEntries = headingLevels.size === 0 && [...depthOf].some(([section, level]) => level === ENTRY_DEPTH && isEntryHeading(section));
  const depth = printedEntries ? 1 : (ordered.find((level) => isMainLevel(depths, level)) ?? ordered.find((level) => (depths.get(level) ?? 0) >= 2));
  if (depth === undefined) return undefined;
  let current: string | undefined;
  let headed = false;
  const main = new Map<string, string | undefined>();
  const subsections = new Map<string, string[]>();
  for (const section of headings) {
    if (main.has(section)) continue;
    const own = depthOf.get(section);
    headed ||= own !== undefined;
    if (own === depth) current = section;
    else if (own !== undefined && own < depth) current = undefined;
    // Before the first numbered or levelled heading comes front matter (the author, the copyright): no
    // section; nor does a deeper heading with no main section above it ("Set", "Unset" of a manual page's
    // DESCRIPTION, which is the page's opening), whose text is the opening's.
    const orphan = own !== undefined && own > depth && current === undefined;
    main.set(section, headed && !orphan ? (current ?? section) : undefined);
    if (current !== undefined && own === depth + 1 && !isChromeOrSentence(section)) subsections.set(current, [...(subsections.get(current) ?? []), section]);
  }
  return { of: (section) => (main.has(section) ? main.get(section) : section), subsections };
}

const URL = /\bhttps?:\/\/|\bwww\.\w/i;
const READING_LIST_SHARE = 0.5;
const READING_LIST_MIN_LINKS = 2;
/**
 * "General: … Full text at https://…; https://en.wikipedia.org/wiki/Currying: Entry for…": a list of
 * readings elsewhere, whatever its heading; one link in a section ("See https://… for details") is not.
 */
function isReadingList(topic: Topic): boolean {
  const links = topic.sentences.filter((sentence) => URL.test(sentence.text)).length;
  return links >= READING_LIST_MIN_LINKS && links >= READING_LIST_SHARE * topic.sentences.length;
}

/**
 * A program's manual page opens with its DESCRIPTION, which the analysis leaves without a section (its
 * title heads it): what the program does (git-prune's unreachable objects, git-reflog's subcommands) is a
 * branch beside OPTIONS and EXAMPLES all the same, under the name the page gives it.
 */
const MANUAL_OPENING = 'DESCRIPTION';

function topicsOf(analysis: Analysis): Topic[] {
  const topics = new Map<string, Topic>();
  const mainSections = mainSectionOf(analysis);
  const mainSection = mainSections?.of;
  const opening = programOf(analysis) === undefined ? undefined : MANUAL_OPENING;
  for (const sentence of analysis.sentences) {
    const section = (sentence.section && mainSection ? mainSection(sentence.section) : sentence.section) ?? opening;
    if (!section) continue;
    const topic = topics.get(section) ?? { label: section, sentences: [], subsections: mainSections?.subsections.get(section) ?? [] };
    topic.sentences.push(sentence);
    topics.set(section, topic);
  }
  // A reference describes what a signature does without a subject ("Returns any remaining input…"): its
  // section is a topic all the same.
  // So is a manual page's OPTIONS whose items the tagger reads without a verb ("--raw: Print the raw gpg
  // status output…", "Print" taken for a name): its options are its parts.
  const listing = new Set(manualEntriesOf(analysis).map((entry) => entry.sentence.section));
  // A program's DESCRIPTION too ("Prints a Git logical variable.", the verb taken for a name).
  const hasText = (topic: Topic) =>
    topic.sentences.some(isStatement) || ((isSignature(topic.label) || topic.label === opening) && topic.sentences.length > 0) || listing.has(topic.label);
  const withText = [...topics.values()].filter((topic) => hasText(topic) && !isChromeOrSentence(topic.label) && !isReadingList(topic));
  // A list under a subsection ("4.2.1. Binding of names") is part of its main section's branch, not a branch beside it;
  // so is a list in a section that is a branch for its text (webmin's modules under "9.4.1. … webmin").
  const underSubsection = (table: Table) => mainSection !== undefined && table.section !== undefined && mainSection(table.section) !== table.section;
  const inTopic = (table: Table) => withText.some((topic) => topic.label === table.section);
  const fromTables = analysis.tables
    .filter((table) => !underSubsection(table) && !inTopic(table))
    .map((table) => ({ label: table.title, sentences: [], table }));
  return [...withText, ...fromTables];
}

function phraseDefinition(analysis: Analysis, phrase: Phrase): string {
  const explanation = explain(analysis, phrase);
  const fallback = analysis.sentences[phrase.sentenceIds[0] ?? -1]?.text ?? '';
  return short(explanation?.text ?? fallback);
}

function take(context: Context, phrase: Phrase): boolean {
  if (context.used.has(phrase.concept)) return false;
  context.used.add(phrase.concept);
  return true;
}

/** A topic and the ids of its sentences: phrases below it stay inside it. */
type Within = { topic: Topic; scope: ReadonlySet<number> } | undefined;

/** A term the text defines, or sets in italics where it uses it: one its author marks as a concept. */
const isMarked = (analysis: Analysis, phrase: Phrase) => analysis.definitionByKey.has(phrase.key) || analysis.emphasised.has(phrase.key);

/**
 * In a long document a single word used once or twice, or an everyday one, is a vague node ("Readers",
 * "Extension"); a short text may name each of its concepts once, and a slide deck in everyday words
 * ("Estates", "Taxes"), but in a short page of prose an everyday word alone ("Directory", "Archive",
 * "Platforms") it does not define is vague too.
 */
function isVagueNode(analysis: Analysis, phrase: Phrase): boolean {
  const sentences = analysis.sentences.length;
  const defined = analysis.definitionByKey.has(phrase.key);
  // "Python" in a Python tutorial: what every node is about is no node of its own.
  if (!defined && (phrase.key === analysis.subject || phrase.key === leadingName(analysis))) return true;
  // "Python users", "application developer": who reads or writes the text is no concept of it; nor is
  // a name it mentions in passing ("Jython", "Haskell").
  if (!defined && (PEOPLE.has(phrase.lemmas.at(-1) ?? '') || (phrase.name && phrase.count < MIN_NAME_MENTIONS))) return true;
  if (!defined && (isReferenceWording(phrase) || isSetting(analysis.phrases, phrase))) return true;
  if (sentences < LONG_TEXT_SENTENCES) {
    const slides = analysis.units.some((unit) => unit.kind === 'slide');
    return !slides && !defined && phrase.tokenCount === 1 && zipf(phrase.key) >= RARE_ZIPF;
  }
  return isVagueWord(phrase, { defined, sentences }) || (!defined && isGeneralHead(analysis.phrases, phrase));
}

const MIN_LEADING_NAME_COUNT = 3;
const LEADING_NAME_LEAD = 1.5;
const LEADING_NAME_SPREAD = 0.5;
const leadingNames = new WeakMap<Analysis, string | undefined>();
/**
 * "Debian" on a page of the Debian handbook, "Linux" in a chapter on SELinux: the name the text speaks
 * of well more than of any other, in half its sections or more, is its setting, no node under one of
 * its parts ("Gzip" on zlib's page, named in one section, is a concept of that section).
 */
function leadingName(analysis: Analysis): string | undefined {
  if (leadingNames.has(analysis)) return leadingNames.get(analysis);
  const sectionsOf = (ids: readonly number[]) => new Set(ids.map((id) => analysis.sentences[id]?.section).filter((section) => section !== undefined));
  const sections = sectionsOf(analysis.sentences.map((sentence) => sentence.id)).size;
  const [first, second] = analysis.phrases.ranked.filter((phrase) => phrase.name && /^\p{Lu}\p{Ll}/u.test(phrase.display)).sort((a, b) => b.count - a.count);
  const leads = first !== undefined && first.count >= MIN_LEADING_NAME_COUNT && first.count >= LEADING_NAME_LEAD * (second?.count ?? 0);
  const name = leads && sections >= 2 && sectionsOf(first.sentenceIds).size >= LEADING_NAME_SPREAD * sections ? first.key : undefined;
  leadingNames.set(analysis, name);
  return name;
}

/** How any reference entry speaks of its function: what it takes, gives back and calls, no concept of its own. */
const REFERENCE_WORDING = new Set([
  'parameter',
  'argument',
  'kwargs',
  'return value',
  'default value',
  'callback',
  'callback function',
  'optional callback function',
  'calling code',
  'argument parameter',
]);
/**
 * "Parameters", "Return value", "Callback function" under a reference's entries, a parameter by its name
 * in code ("Kwargs parameter", "Fd parameters"), and an entry's "Return null" read as a phrase.
 */
function isReferenceWording(phrase: Phrase): boolean {
  const [first = '', head = ''] = phrase.lemmas;
  if (REFERENCE_WORDING.has(phrase.key) || phrase.lemmas.every((lemma) => DATA_TYPES.has(lemma))) return true;
  if (phrase.tokenCount === 2 && head === 'parameter' && zipf(first) <= UNSEEN_ZIPF) return true;
  // "Object s", "ASCII string b": a value by the name of the parameter that holds it.
  if (phrase.tokenCount > 1 && /\s\p{Ll}$/u.test(phrase.display)) return true;
  // "Return null": an entry's result read as a phrase; a "return statement" is a concept.
  return phrase.tokenCount === 2 && /^return\s/i.test(phrase.display) && DATA_TYPES.has(phrase.lemmas[1] ?? '');
}

/**
 * "Bytes", "Int", "Tuple", "Bytes object", "Null": the types values have, which every entry of a reference
 * takes or returns; as nodes they stood in 66 maps of 37 documents, never a point of the text, and the
 * judges' notes of 50 of those maps call such leaves weak.
 */
const DATA_TYPES = new Set([
  'bytes',
  'byte',
  'int',
  'integer',
  'str',
  'string',
  'float',
  'bool',
  'boolean',
  'tuple',
  'list',
  'dict',
  'object',
  'array',
  'null',
  'none',
  'number',
  'true',
  'false',
]);

const PEOPLE = new Set([
  'user',
  'developer',
  'programmer',
  'administrator',
  'maintainer',
  'author',
  'reader',
  'people',
  'person',
  'vendor',
  'beginner',
  'newcomer',
  'expert',
  'contributor',
]);
const MIN_NAME_MENTIONS = 2;
/** Leaves a bare branch borrows from the concepts it names that are more at home in other branches. */
const MIN_BORROWED = 2;

/** A related phrase worth a node: seen more than once, or a compound, or defined, and not vague. */
function substantial(analysis: Analysis, phrase: Phrase): boolean {
  return (phrase.count > 1 || phrase.tokenCount > 1 || analysis.definitionByKey.has(phrase.key)) && !isVagueNode(analysis, phrase);
}

/**
 * Where a phrase's neighbours are looked for: its sentences inside its topic; without topics (a page of
 * one section) its paragraphs, as a sentence seldom names two concepts of a short page.
 */
function neighbourhood(analysis: Analysis, phrase: Phrase, within: Within): number[] {
  if (within) return phrase.sentenceIds.filter((id) => within.scope.has(id));
  const blocks = new Set(phrase.sentenceIds.map((id) => analysis.sentences[id]?.block));
  return [...new Set(analysis.blocks.filter((block) => blocks.has(block.id)).flatMap((block) => block.sentenceIds))];
}

/** Phrases that share sentences with `phrase` (inside its topic when there is one), most related first. */
function relatedPhrases(context: Context, phrase: Phrase, within: Within): Phrase[] {
  const { analysis } = context;
  const together = new Map<string, number>();
  for (const id of neighbourhood(analysis, phrase, within)) {
    for (const span of analysis.phrases.inSentence.get(id) ?? []) {
      if (span.key !== phrase.key) together.set(span.key, (together.get(span.key) ?? 0) + 1);
    }
  }
  const belongs = (candidate: Phrase) => (within ? context.home.get(candidate.key) === within.topic : true);
  return [...together.entries()]
    .map(([key, count]) => ({ phrase: analysis.phrases.byKey.get(key), count }))
    .filter(
      (entry): entry is { phrase: Phrase; count: number } =>
        entry.phrase?.keyPhrase === true && !context.used.has(entry.phrase.concept) && belongs(entry.phrase) && substantial(analysis, entry.phrase),
    )
    .sort((a, b) => b.count * b.phrase.score - a.count * a.phrase.score || a.phrase.key.localeCompare(b.phrase.key))
    .map((entry) => entry.phrase);
}

function phraseDraft(context: Context, phrase: Phrase, level: number, within: Within): Draft {
  const draft: Draft = {
    label: capitaliseFirst(phrase.display),
    definition: phraseDefinition(context.analysis, phrase),
    score: phrase.score / context.maxScore,
    children: [],
  };
  const breadth = context.shape.breadth[level] ?? 0;
  if (breadth === 0) return draft;
  const children = relatedPhrases(context, phrase, within).slice(0, breadth);
  for (const child of children) take(context, child);
  draft.children = children.map((child) => phraseDraft(context, child, level + 1, within));
  return draft;
}

function localCounts(analysis: Analysis, sentences: readonly Sentence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    for (const span of analysis.phrases.inSentence.get(sentence.id) ?? []) counts.set(span.key, (counts.get(span.key) ?? 0) + 1);
  }
  return counts;
}

function homes(analysis: Analysis, topics: readonly Topic[]): Map<string, Topic> {
  const home = new Map<string, { topic: Topic; count: number }>();
  for (const topic of topics) {
    for (const [key, count] of localCounts(analysis, topic.sentences)) {
      const current = home.get(key);
      if (!current || count > current.count) home.set(key, { topic, count });
    }
  }
  const named = (key: string) => {
    const phrase = analysis.phrases.byKey.get(key);
    return phrase !== undefined && topics.some((topic) => containsPhrase(topic.label, phrase.display));
  };
  return new Map([...home].filter(([key]) => !named(key)).map(([key, { topic }]) => [key, topic]));
}

/**
 * The topic's own key phrases (in `sentences`, all of the topic's by default), most weighty first
 * (defined or emphasised terms count extra); with `anyHome`, every key phrase it names, also those more at home in
 * another topic.
 */
function topicPhrases(context: Context, topic: Topic, anyHome = false, sentences: readonly Sentence[] = topic.sentences): Phrase[] {
  return [...localCounts(context.analysis, sentences).entries()]
    .map(([key, count]) => ({ phrase: context.analysis.phrases.byKey.get(key), count }))
    .filter(
      (entry): entry is { phrase: Phrase; count: number } =>
        entry.phrase?.keyPhrase === true &&
        (anyHome ? context.home.has(entry.phrase.key) : context.home.get(entry.phrase.key) === topic) &&
        !isVagueNode(context.analysis, entry.phrase),
    )
    .map(({ phrase, count }) => ({ phrase, weight: Math.pow(count, 0.7) * phrase.score * (isMarked(context.analysis, phrase) ? 1.5 : 1) }))
    .sort((a, b) => b.weight - a.weight || a.phrase.key.localeCompare(b.phrase.key))
    .map((entry) => entry.phrase);
}

function describeTable(table: Table): string {
  return `${table.rows.length} rows of ${table.headers.join(', ')}.`;
}

function tableDrafts(context: Context, table: Table, level: number): Draft[] {
  const breadth = context.shape.breadth[level] ?? 0;
  const keys = table.columns[table.keyColumn]?.values ?? [];
  const rowDraft = (row: number): Draft => ({
    label: keys[row] ?? '',
    definition: short(describeRow(table, row)),
    score: 0.5 * (1 - row / Math.max(1, keys.length)),
    children: [],
  });
  const category = table.columns.find((column) => column.categorical);
  const deeper = context.shape.breadth[level + 1] ?? 0;
  if (!category || deeper === 0) return keys.slice(0, breadth).map((_, row) => rowDraft(row));
  const groups = new Map<string, number[]>();
  category.values.forEach((value, row) => groups.set(value, [...(groups.get(value) ?? []), row]));
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, breadth)
    .map(([value, rows]) => ({
      label: value,
      definition: short(`${category.header}: ${value} (${rows.length} of ${keys.length} rows): ${rows.map((row) => keys[row]).join(', ')}.`),
      // A group outranks any single row in it.
      score: 0.6 + rows.length / keys.length,
      children: rows.slice(0, deeper).map(rowDraft),
    }));
}

function topicDraft(context: Context, topic: Topic, level: number): Draft {
  if (topic.table) {
    const { table } = topic;
    return {
      label: table.title,
      definition: short(describeTable(table)),
      score: 1,
      children: tableDrafts(context, table, level + 1),
    };
  }
  const breadth = context.shape.breadth[level + 1] ?? 0;
  const scope = new Set(topic.sentences.map((sentence) => sentence.id));
  const own = topicPhrases(context, topic);
  // The author's own subdivision names the section's parts better than any phrase: its subsections
  // ("Reader Objects", "TextWrapper.width") come first, its phrases fill what is left.
  const subsections = (topic.subsections ?? []).slice(0, context.fewSections ? Math.max(breadth, context.shape.breadth[0] ?? 0) : breadth);
  const unused = (phrases: readonly Phrase[]) => unusedOutside(context, phrases, subsections);
  const subsectionDrafts = subsections.map((heading) => subsectionDraft(context, topic, heading, level + 2));
  // A short section whose concepts are all more at home elsewhere still shows the ones it names, so
  // that no branch of the map is bare.
  const ownUnused = unused(own);
  const borrowed = subsections.length > 0 ? [] : unused(topicPhrases(context, topic, true)).slice(0, MIN_BORROWED);
  const found = (ownUnused.length > 0 ? ownUnused : borrowed).slice(0, Math.max(0, breadth - subsections.length));
  const gist = found.length === 0 && subsections.length === 0 && breadth > 0 ? entryGist(context, topic) : undefined;
  const commands = commandDrafts(context, topic, breadth);
  const phrases = commands.length > 0 ? [] : gist ? [gist] : found;
  for (const phrase of phrases) take(context, phrase);
  return {
    ...sectionNode(context, topic.label, topic.sentences, own),
    children: [...subsectionDrafts, ...commands, ...phrases.map((phrase) => phraseDraft(context, phrase, level + 2, { topic, scope }))],
  };
}

/**
 * A manual page's "COMMANDS" and "OPTIONS": their parts are the program's commands ("clear", "forget",
 * "status") and options ("--edit", "--graft"), in the page's order, not phrases of their descriptions.
 */
function commandDrafts(context: Context, topic: Topic, breadth: number): Draft[] {
  return manualEntriesOf(context.analysis)
    .filter((command) => command.sentence.section === topic.label)
    .slice(0, breadth)
    .map((command) => ({ label: command.name, definition: short(command.sentence.text), score: COMMAND_SCORE, children: [] }));
}
const COMMAND_SCORE = 0.5;

/**
 * "copy.copy()": "Return a shallow copy of x.": an entry described too briefly for any phrase the text
 * ranks still says what it gives or does, in the first compound of its description ("Shallow copy").
 */
function entryGist(context: Context, topic: Topic): Phrase | undefined {
  const [first] = topic.sentences;
  if (!first || !isSignature(topic.label)) return undefined;
  const { phrases } = context.analysis;
  return (phrases.inSentence.get(first.id) ?? [])
    .map((span) => phrases.byKey.get(span.key))
    .find(
      (phrase): phrase is Phrase =>
        phrase !== undefined &&
        phrase.tokenCount > 1 &&
        !phrase.piece &&
        !context.used.has(phrase.concept) &&
        !isGenericPhrase(phrase.key) &&
        !hasVagueLead(phrase.key) &&
        !isVagueNode(context.analysis, phrase),
    );
}

/**
 * Phrases no node of the map shows yet, nor any of `headings` names ("Updatedb command" under "locate
 * and updatedb"), each concept once ("Sudo command" and "Sudo program" are one program).
 */
const unusedOutside = (context: Context, phrases: readonly Phrase[], headings: readonly string[]) =>
  phrases.filter(
    (phrase, index) =>
      !context.used.has(phrase.concept) &&
      phrases.findIndex((other) => other.concept === phrase.concept) === index &&
      !headings.some((heading) => containsPhrase(heading, phrase.display) || (phrase.concept !== phrase.key && containsPhrase(heading, phrase.concept))),
  );

/** A section's node: its heading, its first statement, and its top phrase's weight. */
function sectionNode(context: Context, heading: string, sentences: readonly Sentence[], phrases: readonly Phrase[]): Omit<Draft, 'children'> {
  const first = sentences.find(isStatement) ?? sentences[0];
  const top = phrases[0];
  return { label: cleanHeading(heading), definition: short(first?.text ?? ''), score: top ? top.score / context.maxScore : 0 };
}

/** A subsection of a topic as a node, with its own phrases below it where the map goes that deep. */
function subsectionDraft(context: Context, topic: Topic, heading: string, level: number): Draft {
  const sentences = topic.sentences.filter((sentence) => sentence.section === heading);
  const own = topicPhrases(context, topic, false, sentences);
  const breadth = context.shape.breadth[level] ?? 0;
  const phrases = unusedOutside(context, own, [heading]).slice(0, breadth);
  for (const phrase of phrases) take(context, phrase);
  const scope = new Set(sentences.map((sentence) => sentence.id));
  const node = sectionNode(context, heading, sentences, own);
  return {
    ...node,
    label: isSignature(heading) && node.label === cleanHeading(topic.label) ? overloadLabel(heading) : node.label,
    children: phrases.map((phrase) => phraseDraft(context, phrase, level + 1, { topic, scope })),
  };
}

/**
 * "net.createConnection(options[, connectListener])" under "net.createConnection()": one of the entry's
 * overloads, told apart from the others by what it must be given ("net.createConnection(options)").
 */
function overloadLabel(heading: string): string {
  const signature = heading.trim();
  const open = signature.indexOf('(');
  const required = signature
    .slice(open + 1, -1)
    .replace(/\[.*$/s, '')
    .replace(/,\s*$/, '');
  return `${signature.slice(0, open)}(${required.trim()})`;
}

/**
 * A page title names its site too ("9. Classes — Python 3.11.2 documentation"), a README's what it is
 * ("Libidn2 README -- Introduction information", "README: Tk"): the root is the topic alone.
 */
function topicOf(title: string): string {
  const topic = (title.split(/\s(?:[—–|]|--)\s/)[0] ?? title).replace(/^README:\s*|\s+README$/i, '');
  return cleanHeading(topic).trim() || title;
}

const MIN_SOLE_PARENT_TOPICS = 3;
/** How much of a page a section alone on it holds to be what the page is about, not a part of it (IPv6's "Tunneling"). */
const SOLE_SECTION_SHARE = 0.75;

/**
 * A printed chapter's first page ("Chapter 4. Installation") holds one section ("4.1. Installation
 * Methods") and its subsections ("4.1.1.", "4.1.2.", …): that section is what the page is about, so it is
 * the map's root and its subsections the branches, not a branch beside them. So is a numbered section
 * alone on the page that holds most of its text ("13.1. Configuring the X11 Server" under "Chapter 13.
 * Workstation").
 */
function soleParent(topics: readonly Topic[], sentenceCount: number): Topic | undefined {
  if (topics.length === 1)
    return topics.find((topic) => !topic.table && SECTION_NUMBER.test(topic.label) && topic.sentences.length >= SOLE_SECTION_SHARE * sentenceCount);
  if (topics.length < MIN_SOLE_PARENT_TOPICS) return undefined;
  const numbers = topics.map((topic) => SECTION_NUMBER.exec(topic.label)?.[1]);
  return topics.find((topic, index) => {
    const own = numbers[index];
    return own !== undefined && numbers.every((number, other) => other === index || number?.startsWith(`${own}.`) === true);
  });
}

/** What a reference's title names is a module, a library or a package: "Zlib library" on zlib's page. */
const KINDS_OF_SUBJECT: ReadonlySet<string> = new Set(['module', 'library', 'package']);
const namesTheRoot = (phrase: Phrase, title: string) =>
  comparisonKey(phrase.display) === comparisonKey(title) ||
  (phrase.tokenCount === 2 && KINDS_OF_SUBJECT.has(phrase.lemmas[1] ?? '') && comparisonKey(phrase.lemmas[0] ?? '') === comparisonKey(title));

/**
 * "Introduction", "General Information", "Background", "Code status:": a README's first heading that names no topic;
 * "underscore-readme": a file's name, where the README has no heading; "DejaVu fonts 2.37 (c)2004-2016…":
 * a copyright line.
 */
const PLACEHOLDER_TITLE = /^(?:introduction|overview|general information|about|background|description|summary|code status:?)$|readme$|\(c\)|©/i;
/**
 * "GTK is a multi-platform toolkit…", "The DejaVu fonts are a font family…", "httplib2 is…", "Zstandard,
 * or zstd as short version, is…", "libjpeg-turbo is a JPEG image codec…" (a sentence opening in lower
 * case opens on a name): the name a first sentence is about.
 */
const NAMED_SUBJECT = /^(?:The\s+)?((?:\S*[\p{Lu}\d]\S*|\p{Ll}\S*)(?:\s+\S+){0,2}?)(?:,[^,]{1,40},)?\s+(?:is|are|was)\s/u;
const NOT_A_NAME = /^(?:This|These|That|It|There|Here)\b/;

const ASKS_WHAT = /^what\s+(?:is|are)\s+(.+?)\s*\?$/i;
/**
 * "This is the file README for the gzip distribution.", "These are the GNU core utilities.  This package is…",
 * "This is GNU Bash, version 5.2.": a plain README's first line says whose it is, or what its package holds in a few words.
 */
const README_OF = /^this is the (?:file )?readme (?:file )?for (?:the )?(.+?)(?:\s+(?:distribution|package|project|library))?\.?$/i;
const PACKAGE_OF = /^(?:these are|this is) (?:the )?(?!an?\s)((?:\S+\s+){0,3}?\S+?)[.,](?:\s|$)/i;
/**
 * "This package contains the GNU find, xargs, and locate programs.", "This directory contains the 4.3 release of GNU
 * Make.": what a README's package holds, in up to eight words.
 */
const CONTENTS_OF = /^this (?:package|distribution|directory) (?:contains|provides) (?:the )?(?:[\d.]+ release of )?((?:\S+\s+){0,7}\S+?)\.?$/i;

/** The document's topic: its title, or where the title names none, what its first sentence is about. */
function topicTitle(analysis: Analysis, sourceTitle: string): string {
  const title = topicOf(analysis.title?.trim() || sourceTitle);
  // "What is libffi?": a README's first heading asks what its topic is, or its first line says it.
  const asked = ASKS_WHAT.exec(title)?.[1] ?? README_OF.exec(title)?.[1] ?? PACKAGE_OF.exec(title)?.[1] ?? CONTENTS_OF.exec(title)?.[1];
  if (asked !== undefined) return asked;
  // "Cscope is a text screen based source browsing tool.": a README without a heading, titled by its first sentence, is about its subject.
  const named = /\.$/.test(title) ? NAMED_SUBJECT.exec(title)?.[1] : undefined;
  if (named !== undefined && !NOT_A_NAME.test(named)) return named;
  // "Benchmarks" (##) first in a README without a "#" heading: a section's, not the document's title.
  const levels = [...analysis.headingLevels.values()];
  const sectionTitle = (analysis.headingLevels.get(title) ?? 1) > 1 && Math.min(...levels) > 1;
  if (!PLACEHOLDER_TITLE.test(title) && !sectionTitle) return title;
  // "This is GNU Bash, version 5.2." under "Introduction": what the first sentence says the text is about,
  // or the first under that heading ("D-Bus is a simple system…" after a list of what the file's sections describe).
  const subjectOf = (opening = '') => PACKAGE_OF.exec(opening)?.[1] ?? NAMED_SUBJECT.exec(opening)?.[1];
  const subject = subjectOf(analysis.sentences[0]?.text) ?? subjectOf(analysis.sentences.find((sentence) => sentence.section === title)?.text);
  return subject === undefined || NOT_A_NAME.test(subject) ? title : subject;
}

function rootDraft(analysis: Analysis, sourceTitle: string, shape: Shape): Draft {
  // A title slide or heading that repeats the document's title is the root, not a branch; "More on
  // Modules" under the title "Modules" is a section of it.
  const documentTitle = topicTitle(analysis, sourceTitle);
  const found = topicsOf(analysis);
  const namesTitle = (topic: Topic) => comparisonKey(topicOf(topic.label)) === comparisonKey(documentTitle);
  const all = found.filter((topic) => !namesTitle(topic));
  const parent = soleParent(all, analysis.sentences.length);
  // "Instance Method Objects" beside "Method Objects": a page whose title heads a section of the same
  // level as its others has entries of its own, which stand beside those sections, not under the root's twin.
  const titled = parent || all.length === 0 ? undefined : found.find((topic) => namesTitle(topic) && (topic.subsections?.length ?? 0) >= MIN_SUBSECTIONS_EACH);
  const titledParts = titled ? partsOf(analysis, titled, all) : [];
  const title = parent ? cleanHeading(parent.label) : documentTitle;
  const topics = parent ? all.filter((topic) => topic !== parent) : all;
  const opening = (parent?.sentences ?? analysis.sentences).find(isStatement)?.text ?? (analysis.tables[0] ? describeTable(analysis.tables[0]) : '');
  const root: Draft = { label: title, definition: short(opening), score: Infinity, children: [] };
  const breadth = shape.breadth[0] ?? 0;
  const context: Context = {
    analysis,
    shape,
    // "Kali Linux" under a branch of the map titled "Kali Linux", "Nntplib module" under one titled
    // "nntplib": what the root names is no node below it.
    used: new Set(analysis.phrases.ranked.filter((phrase) => namesTheRoot(phrase, title)).map((phrase) => phrase.concept)),
    maxScore: Math.max(1e-9, analysis.phrases.ranked[0]?.score ?? 1),
    home: homes(analysis, [...titledParts, ...topics]),
  };
  const genera = topics.length < 2 && !topics[0]?.table ? generaDrafts(context) : [];
  if (titledParts.length > 0) {
    const parts = titledParts.slice(0, Math.max(MIN_SUBSECTIONS_EACH, breadth - topics.length));
    const room = Math.max(1, breadth - parts.length);
    const chosen = topics.length <= room ? topics : pickTopics(context, topics, room);
    root.children = [...parts, ...chosen].map((topic) => topicDraft(context, topic, 0));
  } else if (topics.length >= 2) {
    const chosen = topics.length <= breadth ? topics : pickTopics(context, topics, breadth);
    context.fewSections = chosen.length < MIN_MAIN_SECTIONS;
    root.children = chosen.map((topic) => topicDraft(context, topic, 0));
  } else if (topics[0]?.table) {
    root.children = tableDrafts(context, topics[0].table, 0);
  } else if (topics[0] && (topics[0].subsections?.length ?? 0) >= MIN_MAIN_SECTIONS) {
    // One class whose methods are the whole page (robotparser's RobotFileParser): its methods are the map's parts.
    const [only] = topics;
    root.children = (only.subsections ?? []).slice(0, breadth).map((heading) => subsectionDraft(context, only, heading, 1));
  } else if (genera.length >= MIN_GENERA) {
    root.children = genera;
  } else {
    // A reference's one class with its methods ("sched.scheduler()") has no sections either: how its
    // entries speak of what they take ("Callback function", "Kwargs parameter") is no branch of it.
    const candidates = analysis.phrases.ranked.filter((phrase) => !containsPhrase(title, phrase.display) && !isReferenceWording(phrase));
    // Without sections the branches carry the map: compounds and defined terms ("security policy")
    // before single words ("Data", "Defining"), which stay as branches only when there is little else.
    const named = candidates.filter((phrase) => phrase.tokenCount > 1 || analysis.definitionByKey.has(phrase.key));
    root.children = conceptBranches(context, named.length >= MIN_GENERA ? named : candidates, breadth);
  }
  return root;
}

/**
 * Branches of a map without sections: the most central concepts, none of them a leaf of another. One
 * with nothing under it gives way to the next concept and may be a leaf further on; it stands only when
 * too few branches are left.
 */
function conceptBranches(context: Context, candidates: readonly Phrase[], breadth: number): Draft[] {
  const rank = new Map(candidates.map((phrase, index) => [phrase.key, index]));
  const waiting = candidates.slice(breadth);
  const queue = candidates.slice(0, breadth).filter((phrase) => take(context, phrase));
  const bare: Phrase[] = [];
  const ranked: Array<{ draft: Draft; key: string }> = [];
  for (let phrase = queue.shift(); phrase; phrase = queue.shift()) {
    const draft = phraseDraft(context, phrase, 1, undefined);
    if (draft.children.length > 0) {
      ranked.push({ draft, key: phrase.key });
      continue;
    }
    context.used.delete(phrase.concept);
    bare.push(phrase);
    const next = waiting.findIndex((candidate) => take(context, candidate));
    if (next >= 0) queue.push(...waiting.splice(next, 1));
  }
  for (const phrase of bare) {
    if (ranked.length >= MIN_GENERA) break;
    if (take(context, phrase)) ranked.push({ draft: phraseDraft(context, phrase, 1, undefined), key: phrase.key });
  }
  return ranked.sort((a, b) => (rank.get(a.key) ?? 0) - (rank.get(b.key) ?? 0)).map(({ draft }) => draft);
}

/** Fewest branches a map of kinds or of named concepts stands on. */
const MIN_GENERA = 3;
const MIN_GENUS_TERMS = 2;
/**
 * A glossary has no sections: its terms branch by what it defines them as, the kinds it names most
 * ("object": file object, iterator, …; "function": coroutine function, generator, …).
 */
function generaDrafts(context: Context): Draft[] {
  const { analysis, shape } = context;
  const groups = new Map<string, Definition[]>();
  for (const definition of analysis.definitions) {
    const { genus } = definition;
    if (genus && !isGenericPhrase(genus)) groups.set(genus, [...(groups.get(genus) ?? []), definition]);
  }
  return [...groups]
    .filter(([, members]) => members.length >= MIN_GENUS_TERMS)
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, shape.breadth[0] ?? 0)
    .map(([genus, members]) => ({
      label: capitaliseFirst(analysis.definitionByKey.get(genus)?.term ?? genus),
      definition: short(
        analysis.definitionByKey.get(genus)?.text ?? `What the text defines as a kind of ${genus}: ${members.map((member) => member.term).join(', ')}.`,
      ),
      score: members.length,
      children: members
        .slice(0, shape.breadth[1] ?? 0)
        .map((member) => ({ label: capitaliseFirst(member.term), definition: short(member.text), score: 0, children: [] })),
    }));
}

/**
 * The parts of the title's own section ("Functions", "Window Objects" under "curses — Terminal handling…",
 * or the entries under "Instance Method Objects"), each with the text and the headings under it up to the
 * next part or the next section of the page.
 */
function partsOf(analysis: Analysis, titled: Topic, others: readonly Topic[]): Topic[] {
  const parts = titled.subsections ?? [];
  const stops = new Set([...parts, ...others.map((topic) => topic.label)]);
  return parts.map((part) => {
    const under: string[] = [];
    for (const heading of analysis.headings.slice(analysis.headings.indexOf(part) + 1)) {
      if (stops.has(heading)) break;
      under.push(heading);
    }
    const within = new Set([part, ...under]);
    const sentences = titled.sentences.filter((sentence) => within.has(sentence.section ?? ''));
    return { label: part, sentences, subsections: under.filter((heading) => sentences.some((sentence) => sentence.section === heading)) };
  });
}

/** The `count` topics with the most central phrases, kept in document order. */
function pickTopics(context: Context, topics: readonly Topic[], count: number): Topic[] {
  const weight = (topic: Topic) =>
    topic.table
      ? Infinity
      : topicPhrases(context, topic)
          .slice(0, 5)
          .reduce((sum, phrase) => sum + phrase.score, 0);
  const keep = new Set([...topics].sort((a, b) => weight(b) - weight(a)).slice(0, count));
  return topics.filter((topic) => keep.has(topic));
}

function flatten(root: Draft): { nodes: MindmapNode[]; edges: MindmapEdge[]; rootId: string } {
  const nodes: MindmapNode[] = [];
  const edges: MindmapEdge[] = [];
  const scores: Array<{ node: MindmapNode; score: number }> = [];
  const visit = (draft: Draft, parentId: string | null) => {
    const node: MindmapNode = { id: `n-${nodes.length + 1}`, label: draft.label, definition: draft.definition, isHighlyImportant: parentId === null, parentId };
    nodes.push(node);
    if (parentId !== null) {
      edges.push({ id: `e-${edges.length + 1}`, source: parentId, target: node.id });
      scores.push({ node, score: draft.score });
    }
    const seen = new Set<string>();
    for (const child of draft.children) {
      // "plistlib.dumps()" beside "plistlib.dump()": two entries, whatever a plural's spelling would say.
      const key = child.label.endsWith(')') ? child.label : comparisonKey(child.label);
      if (!child.label.trim() || seen.has(key)) continue;
      seen.add(key);
      visit(child, node.id);
    }
  };
  visit(root, null);
  const important = Math.ceil(scores.length * IMPORTANT_SHARE);
  for (const { node } of scores.sort((a, b) => b.score - a.score).slice(0, important)) node.isHighlyImportant = true;
  return { nodes, edges, rootId: nodes[0]?.id ?? 'n-1' };
}

export function generateMindmap(analysis: Analysis, input: { sourceTitle: string; difficulty: Difficulty }): MindmapContent {
  if (analysis.sentences.length === 0 && analysis.tables.length === 0) {
    throw new GenerationError('the source has no text to build a mindmap from');
  }
  const { nodes, edges, rootId } = flatten(rootDraft(analysis, input.sourceTitle, SHAPES[input.difficulty]));
  return { title: `Mindmap: ${input.sourceTitle}`, rootId, nodes, edges };
}
