import { comparisonKey, comparisonTokens, looksLikeCode } from '../quality.ts';
import { RARE_ZIPF, UNSEEN_ZIPF, zipf } from './commonness.ts';
import type { Block, Sentence } from './document-parts.ts';
import { isCApiName, isMemberName, isSignature } from './headings.ts';
import { chunkNounPhrases, hasVagueLead, isGenericPhrase, isKeyBinding, phraseKey, type Span } from './key-phrases.ts';
import { ARTICLES, CONDITIONS, joinTokens, parseText, readsAsVerb, type Token } from './nlp.ts';
import { asSentence, capitaliseFirst, escapeRegExp, isTitleCase, lowerFirstUnlessAcronym, repeatsAWord, wordCount } from './text.ts';

// Term/definition pairs the document states itself: glossary lines ("Term: definition",
// "Term – definition") and definitional sentences ("X is a …", "X refers to …", "X means …",
// "X is defined as …", "…, called X, …", "… is called X").

export type Definition = {
  term: string;
  /** Lemma key, the same as the key phrase's when the term is one. */
  key: string;
  text: string;
  origin: 'glossary' | 'sentence';
  sentenceId: number;
  /** The source text the pair was read from. */
  quote: string;
  /** The noun the definition opens with, lemmatised ("program" for "A program that…"): read once, in the analysis. */
  genus?: string;
};

/** "Term: definition" or "Term – definition"; the colon of a URL ("Unicode (https://…") is none. */
const GLOSSARY_LINE = /^(?<term>[^:–—]{1,60}?)\s*(?::(?!\/\/)|\s[–—-]\s)\s*(?<body>\S.*)$/su;
const MAX_TERM_WORDS = 6;
/**
 * "Parameter module is a string with the name of the module to read", "The optional callback is a function
 * that is invoked after the message is sent", "The flags argument is an integer…": a function's parameter,
 * by its name or a role any function's may have, no concept ("the servers argument" names this API's);
 * nor are "Multiple arguments" (…can be used to pass non-standard options), a count of them, or "The
 * arguments are the username and the password…", a function's all; nor is "Optional s" (the initial
 * header value), a parameter by a letter.
 */
const PARAMETER_TERM =
  /^(?:the\s+)?(?:(?:optional\s+)?[a-z]|(?:parameter|argument)\s+\S+|arguments|(?:multiple|several|additional|extra)\s+(?:argument|parameter)s?|(?:optional\s+)?callback(?:\s+(?:function|argument|parameter))?|(?:file|filename|flags?|path|options|data|buffer|name|value|mode|size|input|output|args|string|object|key|fd)\s+(?:argument|parameter)|(?:default|return)\s+value)$/i;
export const namesAParameter = (term: string) => PARAMETER_TERM.test(term);
const MIN_BODY_WORDS = 3;
const MIN_SENTENCE_BODY_WORDS = 4;
/** Labels that introduce layout, not a term being defined. */
const NOT_TERMS = new Set([
  'background',
  'note',
  'notes',
  'example',
  'examples',
  'summary',
  'source',
  'sources',
  'figure',
  'table',
  'see also',
  'key points',
  'tip',
  'warning',
  'remember',
  'answer',
  'question',
  'objective',
  'objectives',
  'chapter',
  'page',
  'slide',
  'for example',
  'for instance',
  'typical examples',
  'here',
  'this',
  'that',
  'there',
  'it',
  'usage',
  'default',
  'syntax',
  'description',
  'returns',
  'parameters',
  'see',
  'important',
  'important warning',
  'caution',
  'hint',
  'important note',
  'output',
  'input',
  'value',
  'values',
  'return value',
  'arguments',
  // "Availability: Linux >= 2.6.36 with glibc >= 2.13": where an entry runs, a notice.
  'availability',
  'addendum',
  'side note',
  'aside',
  'remark',
  'caveat',
  'caveats',
  'in plain english',
  'in other words',
  'in short',
  'in practice',
]);
const TITLE_MIN_WORDS = 3;
const HOW_TO_BODY = /^(?:an?|the)\s+(?:[\p{L}-]+\s+){0,3}(?:can|may|must|should)\s+be\s+\p{L}+ed\s+(?:by|using|with|through)\b/iu;
/** What a reading list says of a work: "A lengthy tutorial for…", "The official guide to…". */
const WORK_BODY =
  /^(?:an?|the)\s+(?:[\p{L}-]+\s+){0,2}(?:tutorial|book|guide|article|document|introduction|reference|manual|paper|howto|faq|series|website)\b/iu;
/** A definition that starts like this points at text it does not show ("Here is an example…"). */
const POINTING_BODY = /^(?:this|these|that|those|it|they|here|there|such|above|below|following|example|see|another|obsolete|e\.g\.|for example)(?:\b|\s)/i;
/**
 * "…is the recommended tool for this", "…any of the three constants below", "A function decorator – see Function
 * definitions for details.": a definition that ends on what the text shows elsewhere (a sentence of its own
 * after it, "See PEP 411 for more details.", leaves the definition before it whole).
 */
const POINTING_END = /\b(?:for|to do|like)\s+(?:this|that|these|those)\.?$|\s(?:below|above)\.?$|[–—]\s*see\s[^.]*\bfor\s+(?:more\s+)?details\.?$/i;
/** "A reference to that file's data": a thing the text showed before, by a demonstrative. */
const POINTING_POSSESSIVE = /\b(?:this|that)\s+\p{L}+['’]s\s/iu;
const isPointing = (body: string) => POINTING_BODY.test(body) || POINTING_END.test(body.trim()) || POINTING_POSSESSIVE.test(body);
/** "Legal values: 'x', 'y', 'both', 'none'.": the values an option takes, quoted one after another, no meaning. */
const VALUE_LIST = /^(?:\s*(?:or|and)?\s*['"‘“][^'"’”]*['"’”]\s*[,;.]?)+$/;
/** "Legal values are the strings: "left", "center", …" too. */
const listsValues = (body: string) => VALUE_LIST.test(body.replace(/^(?:the\s+)?(?:strings|values)\s*:\s*/i, ''));
/** "As a verb: To bring…", "In more detail: …": a lead-in inside an entry, saying how the term is taken, not a term. */
const SENSE_LABEL = /^(?:as|in|for)\s+(?:an?|the|more|this|that)\s/i;
/** "As a noun: A single point in the Git history…": the sense an entry's text takes first, no part of its meaning. */
const SENSE_LEAD = /^as an? \p{L}+:\s*/iu;
/** A glossary entry longer than this keeps its first sentence, which is the definition proper. */
const GLOSSARY_FIRST_SENTENCE_CHARS = 160;
/**
 * "The sort is stable", "Let's take an example", "Please define flags types like this", "In summary this means",
 * "The settings are": a sentence as a lead-in, no term.
 */
const CLAUSE_LABEL = /^(?:let['’]s|please)\b|^returns?\s|\s(?:is|are|was|were|has|have|can|will|must)(?:\s|$)|\b(?:this|that|it)\s+(?:means|implies)$/i;
const SEPARATORS = new Set([':', '–', '—', '-']);
const NAMING_WORDS = new Set(['called', 'termed', 'named']);
const TERM_ENDINGS = new Set([',', '.', ';', ')', ':']);

function termDisplay(tokens: readonly Token[], span: Span): string {
  const text = joinTokens(tokens.slice(span.start, span.end + 1));
  return span.start <= 1 && tokens[span.start]?.pos === 'NOUN' ? lowerFirstUnlessAcronym(text) : text;
}

/** Where a glossary line's term ends: its colon, or a dash with a space after it. */
function separatorIndex(tokens: readonly Token[]): number {
  return tokens.findIndex((token) => token.text === ':' || (SEPARATORS.has(token.text) && token.space !== ''));
}

/** The lemma key of a glossary term: the tokens before the separator, without an article or a parenthesis. */
function glossaryKey(sentence: Sentence | undefined, term: string): string {
  const tokens = sentence?.tokens ?? [];
  const separator = separatorIndex(tokens);
  let end = separator < 0 ? -1 : separator - 1;
  const parenthesis = tokens.findIndex((token) => token.text === '(');
  if (parenthesis >= 0 && parenthesis <= end) end = parenthesis - 1;
  const start = ARTICLES.has(tokens[0]?.lower ?? '') ? 1 : 0;
  if (end < start || joinTokens(tokens.slice(0, separator)) !== term) return comparisonKey(term);
  return phraseKey(tokens, { start, end });
}

/**
 * "bare repository: A bare repository is normally an appropriately named directory…", "branch: A "branch"
 * is a line of development": an entry that restates its term as the subject of its first sentence
 * defines it by what follows, which is the meaning a card or an option shows.
 */
function withoutRestatedTerm(body: string, term: string): string {
  const words = term.split(/\s+/).map(escapeRegExp).join('\\s+');
  const restated = new RegExp(`^(?:an?|the)\\s+["“]?${words}["”]?\\s+(?:is|are)\\s+(?:\\p{Ll}+ly\\s+)?(?=(?:an?|the)\\s)`, 'iu').exec(body);
  return restated ? capitaliseFirst(body.slice(restated[0].length)) : body;
}

/** "(main)", "(non-free-firmware)": the archive area a Debian package list gives after a package's name. */
const ARCHIVE_AREA = /\s*\((?:main|contrib|non-free(?:-firmware)?)\)$/;
/** "$SYSTEMD_OFFLINE=[0|1]", "$SYSTEMD_BUS_TIMEOUT=SECS": an environment variable and the values it takes. */
const ENVIRONMENT_VARIABLE = /^(\$[A-Z][A-Z\d_]+)=\S+$/;
/** "$SYSTEMD_PROC_CMDLINE": an environment variable a list describes is a term however code-like its name. */
const NAMED_VARIABLE = /^\$[A-Z][A-Z\d_]+$/;
/** "`nonce` nonce": a protocol's field by its name and the value it holds, which the page names alike. */
const FIELD_AND_VALUE = /^(\S+)\s+\1$/i;
/** Verbs an instruction opens with ("Add …", "Set …"), where a bullet's step may hold a "key: value" pair. */
const STEP_VERBS = new Set([
  'try',
  'add',
  'append',
  'insert',
  'put',
  'set',
  'change',
  'edit',
  'replace',
  'remove',
  'delete',
  'enable',
  'disable',
  'install',
  'run',
]);
/** "By adding", "With this option": a phrase of manner or means, no term. */
const MANNER_LABEL = /^(?:by|with|without|through|via)\s+\p{Ll}/iu;

/** A glossary line, and whether its body opens with a verb (see `opensWithVerb`). */
type Labelled = { definition: Definition; command: boolean };

/**
 * "objects/info/alternates: This file records paths to…": in a list of a repository's files, "this
 * file" is the entry itself, and what it does is the definition ("Records paths to…"); "This file is to
 * help…" says no more than the verb after it.
 */
const OWN_ENTRY_SUBJECT = /^this\s+(?:file|directory)\s+(?!is\b|was\b)(?=\p{Ll}+s\b)/iu;
/** "info: Additional information about the repository is recorded in this directory": a body about what the entry holds. */
const HELD_BY_ENTRY = /\b(?:in|under)\s+(?:subdirectories\s+of\s+)?this\s+(?:file|directory)\b/i;

/** "Appendix B of ``GAWK: Effective Awk Programming'' discusses…": the colon inside a quoted title, whose quotation the "term" opens and does not close. */
const OPENS_A_QUOTATION = /``(?!.*'')|“(?!.*”)|^[^"]*"[^"]*$/;

function fromGlossaryLine(block: Block, sentences: ReadonlyMap<number, Sentence>): Labelled | undefined {
  const match = GLOSSARY_LINE.exec(block.text);
  // "fwupd (main): Firmware update daemon…": a package list's archive area is no part of the package's name.
  const named = match?.groups?.term?.trim().replace(ARCHIVE_AREA, '') ?? '';
  // "$SYSTEMD_OFFLINE=[0|1]": a list of environment variables gives each with the values it takes.
  const term = named.replace(ENVIRONMENT_VARIABLE, '$1').replace(FIELD_AND_VALUE, '$1');
  const stated = match?.groups?.body?.trim().replace(SENSE_LEAD, '') ?? '';
  const body = OWN_ENTRY_SUBJECT.test(stated) ? capitaliseFirst(stated.replace(OWN_ENTRY_SUBJECT, '')) : stated;
  // "null, undefined: Use default value", "commit graph concept, representations and usage": a list of
  // values or a title's parts, no one term.
  if (!term || !body || wordCount(term) > MAX_TERM_WORDS || /[.!?](?:\s|$)|,/.test(term) || !/^[\p{L}$]/u.test(term) || OPENS_A_QUOTATION.test(term))
    return undefined;
  // "Note on…", "A note on commit messages", "Portability alert", "CPython implementation detail": the label of a remark beside the text, not a term.
  if (
    NOT_TERMS.has(term.toLowerCase()) ||
    /^(?:an?\s+)?(?:note|warning|tip|see)\b|\b(?:alert|warning|note|tip|caution|hint|reminder|implementation detail)$/i.test(term)
  )
    return undefined;
  // "The sort is stable: …", "Let's take an example: …": a sentence as a lead-in, not a term; "By adding: …"
  // a phrase of manner; "Vim -- Debian package", "…text editor -- The official upstream site…": a list
  // of links, each a title and where it points.
  if (CLAUSE_LABEL.test(term) || SENSE_LABEL.test(`${term} `) || MANNER_LABEL.test(term) || /\s--\s/.test(`${term} ${stated}`)) return undefined;
  // "Bug meta-data - particularly affected versions - must be up to date": dashes around an aside, no term's.
  if (/^[^:]*\s[–—-]\s/.test(block.text) && /\s[–—-]\s/.test(stated)) return undefined;
  // "data: URLs only resolve bare specifiers…", "node: URLs are supported…": the colon ends a URL scheme's name.
  if (/^[a-z][a-z0-9+.-]*$/.test(term) && /^(?:URLs?|URIs?|URL schemes?|specifiers?|imports?)\b/.test(body)) return undefined;
  if (wordCount(body) < MIN_BODY_WORDS || isTitleCase(body) || isPointing(body) || listsValues(body)) return undefined;
  // "Exception: If your mailer is mangling patches…": the exception to a rule, stated as a case.
  if (EXCEPTION_WORDS.has(term.toLowerCase()) && /^if\b/i.test(body)) return undefined;
  // "Proofread debian/control: Does it follow the best practices? …": a checklist's questions define nothing;
  // "Deleted submodule: A submodule can be deleted by running git rm…" says how to bring it about, not what it is.
  if (/^[^.!?]*\?(?:\s|$)/.test(body) || HOW_TO_BODY.test(body)) return undefined;
  // "Writing Programs with NCURSES: A lengthy tutorial for C programmers": another text the page points to.
  if (wordCount(term) >= TITLE_MIN_WORDS && isTitleCase(term) && WORK_BODY.test(body)) return undefined;
  // A glossary's entry opens as a sentence does; "der: buffer to hold…" is a parameter's note — but an
  // item of a bulleted list ("uid: unique number identifying each user;") is an entry however it opens.
  if (/^\p{Ll}/u.test(stated) && block.kind !== 'bullet') return undefined;
  // "A colon : is used as in srcref:dstref…": the colon the sentence names, set apart before its own verb,
  // labels nothing ("Reported-by: is used to credit…" is a trailer's entry).
  if (/^[^:]*\s:/.test(block.text) && /^(?:is|are|was|were|can|cannot|must|may|should)\s/.test(stated)) return undefined;
  const firstSentenceId = block.sentenceIds[0];
  if (firstSentenceId === undefined) return undefined;
  if (labelsAClause(sentences.get(firstSentenceId)?.tokens ?? [])) return undefined;
  // "`in`: is the signed certificate": a parameter named by a word of the language's grammar, no term.
  const [firstToken] = sentences.get(firstSentenceId)?.tokens ?? [];
  if (!/\s/.test(term) && firstToken?.stop === true && firstToken.lower === term.toLowerCase()) return undefined;
  // "Add XS-Autobuild: yes into the header part of debian/control": a step, its object holding a colon
  // ("Build dependencies: packages needed to build…" is a term however its first word reads).
  if (/\s/.test(term) && /^\p{Ll}/u.test(stated) && firstToken?.pos === 'VERB' && STEP_VERBS.has(firstToken.lower)) return undefined;
  // "documentation packages: no special requirements", "interpreter program packages: compatible
  // interpreter must be available": what a case requires, no meaning ("ECONNREFUSED: No connection
  // could be made…", with a verb, says what the error is).
  const tokens = bodyTokens(sentences.get(firstSentenceId));
  const verb = tokens.find((token) => token.pos === 'AUX' || token.pos === 'VERB');
  if ((/^no\s/i.test(stated) && !verb) || verb?.lower === 'must') return undefined;
  // "no-private-update: When using the refspec capability, git normally updates the private ref…",
  // "$SYSTEMD_TMPFILES_FORCE_SUBVOL: If unset, v/q/Q lines will…": what happens without the entry.
  if (/^(?:when|if)\b[^.]*\b(?:normally|by default)\b|^if unset\b/i.test(stated)) return undefined;
  const firstSentence = /^.{20,}?[.!?](?=\s+\p{Lu})/su.exec(body)?.[0];
  const definition: Definition = {
    term,
    key: glossaryKey(sentences.get(firstSentenceId), term),
    text: asSentence(withoutRestatedTerm(capitaliseFirst(body.length > GLOSSARY_FIRST_SENTENCE_CHARS && firstSentence ? firstSentence : body), term)),
    origin: 'glossary',
    sentenceId: firstSentenceId,
    quote: block.text,
  };
  if (!HELD_BY_ENTRY.test(body) && (definesAnotherSubject(tokens, term) || leadsAParagraph(tokens))) return undefined;
  if (isWordList(term, tokens)) return undefined;
  return { definition, command: opensWithVerb(tokens) };
}

/**
 * "Environment variable used in the Makefile: Python command line arguments…", "Display all warnings by
 * default: the list of…": a label with a verb of its own (a participle after its noun, an order before
 * its object) says what the entry is for or what it does, no term ("Build dependencies" is).
 */
function labelsAClause(tokens: readonly Token[]): boolean {
  // "EISDIR (Is a directory):": an aside in brackets glosses the name, no verb of the label's.
  const colon = tokens.findIndex((token) => token.text === ':');
  let depth = 0;
  const label = tokens.slice(0, Math.max(0, colon)).filter((token) => {
    depth += token.text === '(' ? 1 : token.text === ')' ? -1 : 0;
    return depth === 0 && token.text !== ')';
  });
  // A participle inside a compound ("Profile guided optimization") qualifies its noun; one before a
  // preposition or an article ("used in the Makefile") opens a clause.
  const opensObject = (index: number) => label[index + 1]?.pos === 'ADP' || label[index + 1]?.pos === 'DET';
  // A menu's item in title case ("Select All") names a command, an order in sentence case gives one.
  const order = !isTitleCase(joinTokens(label));
  const verb = (token: Token, index: number) =>
    index === 0 ? order && readsAsVerb(token.lower) && label[1]?.pos === 'DET' : (token.pos === 'VERB' || token.pos === 'AUX') && opensObject(index);
  return label.some(verb);
}

const MIN_LISTED_WORDS = 3;
/**
 * "Whitespaces: space tab newline": a plural label over its members named one after another, without
 * an article, a verb, a preposition or a conjunction that would make them a description ("Intrinsic
 * attributes: mode and length" lists them as a sentence does; "tty: Terminal control functions" is one
 * thing described): no definition.
 */
function isWordList(term: string, tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => token.pos !== 'PUNCT');
  if (!/s$/i.test(term) || words.length < MIN_LISTED_WORDS || words.length < tokens.length - 1) return false;
  return !words.some((token) => ['DET', 'VERB', 'AUX', 'ADP', 'CCONJ'].includes(token.pos));
}

const SUBJECT_MAX_TOKENS = 8;
const MODALS = new Set(['should', 'must', 'can', 'may', 'will', 'shall']);
/**
 * "text encoding: A string in Python is a sequence of code points…" says what a string is: a body that
 * is a sentence of its own about something other than the term ("Coroutines are…" under "coroutine"
 * is about the term) defines that other thing.
 */
function definesAnotherSubject(tokens: readonly Token[], term: string): boolean {
  const verb = tokens.findIndex((token) => token.pos === 'AUX' || token.pos === 'VERB');
  // "CPython implementation detail: Users should not touch __builtins__": a rule for another subject.
  const ruling = MODALS.has(tokens[verb]?.lower ?? '');
  if (verb < 1 || verb > SUBJECT_MAX_TOKENS || (tokens[verb]?.lemma !== 'be' && !ruling)) return false;
  const subject = new Set(comparisonTokens(joinTokens(tokens.slice(0, verb))));
  // "The quantity of a good that consumers are willing to buy": the verb of a relative clause.
  if (tokens.slice(0, verb).some((token) => token.pos === 'PRON' || RELATIVE_WORDS.has(token.lower))) return false;
  // "contiguous: A buffer is considered contiguous if…" still says what the term means.
  const body = ` ${comparisonTokens(joinTokens(tokens)).join(' ')} `;
  return !comparisonTokens(term).some((word) => subject.has(word)) && !body.includes(` ${comparisonTokens(term).join(' ')} `);
}

const PERSONAL_SUBJECTS: ReadonlySet<string> = new Set(['i', 'you', 'we']);
/**
 * "IRC: I am federico on irc.gnome.org…", "Documentation: You can read…": a paragraph under a bold
 * lead-in, the writer or the reader its subject, says nothing of what the label is.
 */
function leadsAParagraph(tokens: readonly Token[]): boolean {
  const [subject, verb] = tokens;
  return subject !== undefined && PERSONAL_SUBJECTS.has(subject.lower) && (verb?.pos === 'VERB' || verb?.pos === 'AUX');
}

/** The tokens after a glossary line's separator. */
function bodyTokens(sentence: Sentence | undefined): readonly Token[] {
  const tokens = sentence?.tokens ?? [];
  const separator = separatorIndex(tokens);
  if (separator < 0) return [];
  const body = tokens.slice(separator + 1);
  const sense = body.findIndex((token) => token.text === ':');
  return sense > 0 && SENSE_LEAD.test(joinTokens(body.slice(0, sense + 1))) ? body.slice(sense + 1) : body;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'its', 'their', 'all', 'any', 'each', 'every', 'some', 'this', 'these']);
const NOT_VERB_LEADS = new Set(['DET', 'ADJ', 'NUM', 'PRON', 'ADV', 'AUX']);
/**
 * "INSTALL: Install add-on packages.", "RHOME: Print the path…", "dummy: Make a data frame…": a body
 * that opens with a verb says what a command does or what a reader should do, not what a term is.
 * The tagger reads a capitalised verb as a name, so a word followed by a determiner counts too.
 */
function opensWithVerb(tokens: readonly Token[]): boolean {
  // "(Unix only) Update the Java configuration": a qualifier in brackets comes before the verb.
  const close = tokens[0]?.text === '(' ? tokens.findIndex((token) => token.text === ')') : -1;
  const [first, second] = tokens.slice(close + 1);
  if (!first) return false;
  if (first.pos === 'VERB' || (!NOT_VERB_LEADS.has(first.pos) && DETERMINERS.has(second?.lower ?? ''))) return true;
  // A noun or a preposition after it ("String literals…", "Nickname for…") makes the word a noun.
  return /^\p{Lu}\p{Ll}+$/u.test(first.text) && !NOUN_FOLLOWERS.has(second?.pos ?? '') && readsAsVerb(first.lower);
}

const NOUN_FOLLOWERS = new Set(['NOUN', 'ADP', 'AUX', 'VERB']);

/** "The display is then an ANOVA table…": what something turns out to be in a procedure, not what it is. */
const NARRATIVE_ADVERBS = new Set([
  'not',
  'never',
  'then',
  'now',
  'therefore',
  'thus',
  'hence',
  'still',
  'also',
  'usually',
  'often',
  'sometimes',
  // "Linux is definitely a multi-user system, so…": an assertion about X, not what X is.
  'definitely',
  'certainly',
  'probably',
  'obviously',
  'clearly',
  'actually',
  'really',
  'indeed',
  // "Finally, the maintenance choices were sub-optimal": a step of a story.
  'finally',
  'first',
  'next',
  'lastly',
  'later',
  'afterwards',
  'meanwhile',
  // "The bigger MTU value is generally better when other limitations are met": a comparison and the
  // condition it holds under (the tagger reads "better when" as adverbs), no kind of thing.
  'better',
  'worse',
  'when',
  'where',
  'whenever',
]);

function skipAdverbs(tokens: readonly Token[], index: number): number | undefined {
  let at = index;
  while (tokens[at]?.pos === 'ADV') {
    if (NARRATIVE_ADVERBS.has(tokens[at]?.lower ?? '')) return undefined;
    at += 1;
  }
  return at;
}

function hasNounSoon(tokens: readonly Token[], from: number): boolean {
  return tokens.slice(from, from + 6).some((token) => token.pos === 'NOUN' || token.pos === 'PROPN');
}

/**
 * "X is simple and…", "X is inter-dependent, and…" say how X is, not what it is: adjectives after the
 * verb open a definition only when a noun follows them ("X is automatic memory management").
 */
function adjectivesQualifyANoun(tokens: readonly Token[], from: number): boolean {
  let at = from;
  while (tokens[at]?.pos === 'ADJ' || tokens[at]?.pos === 'ADV' || tokens[at]?.text === '-') at += 1;
  return tokens[at]?.pos === 'NOUN' || tokens[at]?.pos === 'PROPN';
}

/** "Regular expressions (called REs, or regexes, or regex patterns) are…": an aside between the term and its verb. */
const MAX_ASIDE_TOKENS = 12;

/**
 * "Technically, a package is…", "Instead, the Handler class is…": one adverb and a comma may open a
 * definition; a narrative one ("Then, the display is…") tells what something turns out to be.
 * Returns where the sentence proper starts.
 */
function openingAdverb(tokens: readonly Token[]): number {
  const first = tokens[0];
  return first?.pos === 'ADV' && tokens[1]?.text === ',' && !NARRATIVE_ADVERBS.has(first.lower) ? 2 : 0;
}

/**
 * "A set is an unordered collection…", "A method is a function that…": a word too general to be a
 * term elsewhere ("set", "method") is one when the text says, of any one of them, what it is — an
 * indefinite subject and an indefinite genus; "The result is a list…" speaks of one result.
 */
function definesAKind(tokens: readonly Token[], term: Span, body: number): boolean {
  return INDEFINITE.has(tokens[term.start - 1]?.lower ?? '') && INDEFINITE.has(tokens[body]?.lower ?? '');
}
const INDEFINITE = new Set(['a', 'an']);
const CLAUSE_NAMES = new Set(['clause', 'statement', 'block']);
const PREDICATE_LINKS = new Set(['so', 'because', 'enough', 'since']);

/** What a thing is to someone ("the responsibility of the programmer", "the job of the kernel"), not what it is. */
const ROLE_NOUNS = new Set(['responsibility', 'job', 'task', 'duty', 'concern', 'business', 'choice', 'decision', 'privilege']);

const MAKER_NOUNS: ReadonlySet<string> = new Set(['author', 'authors', 'creator', 'creators', 'designer', 'inventor']);
const MAX_MAKER_MODIFIERS = 2;
/** "(main|upstream) author of": a maker's role in what it made, after a word or two that qualify it. */
function authorOf(tokens: readonly Token[], from: number): boolean {
  for (let index = from; index <= from + MAX_MAKER_MODIFIERS; index += 1)
    if (MAKER_NOUNS.has(tokens[index]?.lower ?? '') && tokens[index + 1]?.lower === 'of') return true;
  return false;
}

/** How a running time grows ("linear time", "quadratic time"). */
const GROWTH_ORDERS = new Set(['constant', 'logarithmic', 'linear', 'quadratic', 'cubic', 'polynomial', 'exponential']);

/** What is wrong with a value ("an invalid URL", "an unknown signal"): an error's condition, no kind of thing. */
const FAULTS = new Set(['invalid', 'unknown', 'unsupported', 'malformed', 'missing']);

const ERROR_NOUNS = new Set(['error', 'exception', 'mistake', 'warning']);
/** An error, by its general name ("a syntax error") or an exception class's ("ValueError"). */
const namesAnError = (tokens: readonly Token[]) => tokens.some((token) => ERROR_NOUNS.has(token.lemma) || /(?:Error|Exception|Warning)$/.test(token.text));

/** "The exception", "the only exception": the case a rule just stated does not cover, no term. */
const EXCEPTION_WORDS = new Set(['exception', 'exceptions']);

/** Words that make a subject some of a kind ("Many Linux distributions", "Most packages"). */
const QUANTIFIERS = new Set(['many', 'most', 'some', 'several', 'few', 'numerous', 'various']);

/** Words between the article and "detail" ("a low-level detail of"). */
const MAX_DETAIL_QUALIFIERS = 4;
/** "X is a …", "X refers to …", "X means …", "X is defined as …", "X consists of …": X opens the sentence. */
function copulaDefinition(sentence: Sentence, spans: readonly Span[]): { term: Span; body: number } | undefined {
  const { tokens } = sentence;
  const lead = openingAdverb(tokens);
  const start = ARTICLES.has(tokens[lead]?.lower ?? '') ? lead + 1 : lead;
  const subject = spans.find((span) => span.start === start);
  // "Many Linux distributions are derivatives of Debian": a statement about some of a kind defines none of it.
  if (!subject || QUANTIFIERS.has(tokens[start]?.lower ?? '')) return undefined;
  // "The exception is the empty tuple, for which parentheses are required": the exception to a rule just stated.
  if (tokens[lead]?.lower === 'the' && subject.start === subject.end && EXCEPTION_WORDS.has(tokens[start]?.lower ?? '')) return undefined;
  let verb = subject.end + 1;
  if (tokens[verb]?.text === '(') {
    const close = tokens.findIndex((token, index) => index > verb && token.text === ')');
    // "Unicode (https://www.unicode.org/) is…" points at where the definition is, and a long aside stands for a clause.
    if (close < 0 || close - verb > MAX_ASIDE_TOKENS || tokens.slice(verb, close).some((token) => /\/\/|^https?$/i.test(token.text))) return undefined;
    verb = close + 1;
  }
  // "A string consisting of eight groups of four hexadecimal digits…": a participle, no verb of the sentence's.
  if (/ing$/.test(tokens[verb]?.lower ?? '')) return undefined;
  const lemma = tokens[verb]?.lemma;
  if (lemma === 'be') {
    const next = skipAdverbs(tokens, verb + 1);
    if (next === undefined) return undefined;
    const word = tokens[next]?.lower ?? '';
    if (word === 'defined' && tokens[next + 1]?.lower === 'as') return { term: subject, body: next + 2 };
    if ((word === 'made' || word === 'composed') && tokens[next + 1]?.lower === 'of' && hasNounSoon(tokens, next + 2)) return { term: subject, body: next + 2 };
    if (NAMING_WORDS.has(word) || word === 'known') return undefined;
    // "Padding is the responsibility of the programmer": whose task X is says nothing of what X is;
    // "The imported module string is an invalid URL…": an error's condition, neither.
    if (ARTICLES.has(word) && ROLE_NOUNS.has(tokens[next + 1]?.lower ?? '') && tokens[next + 2]?.lower === 'of') return undefined;
    // "The Internet Software Consortium is the main author of the DHCP server", "Benoît is the upstream
    // author of dblatex": who made a thing, trivia about the maker, says nothing of what the maker is.
    if (ARTICLES.has(word) && authorOf(tokens, next + 1)) return undefined;
    if (ARTICLES.has(word) && FAULTS.has(tokens[next + 1]?.lower ?? '')) return undefined;
    // "Code objects are a low-level detail of the CPython implementation": where X stands in something
    // larger, a remark that says nothing of what X is.
    const detail = tokens.findIndex((token, index) => index > next && index - next <= MAX_DETAIL_QUALIFIERS && /^details?$/.test(token.lower));
    if (ARTICLES.has(word) && detail > 0 && tokens[detail + 1]?.lower === 'of') return undefined;
    // "A non-empty return statement is a syntax error in an asynchronous generator function": a rule about
    // where X is not allowed, unless X is itself an error ("ValueError is an error raised when…").
    if (ARTICLES.has(word) && namesAnError(tokens.slice(next + 1, next + 3)) && !namesAnError(tokens.slice(subject.end, subject.end + 1))) return undefined;
    // "SequenceMatcher is quadratic time for the worst case": how fast X is, no kind of thing.
    if (GROWTH_ORDERS.has(word) && tokens[next + 1]?.lower === 'time') return undefined;
    const opener = tokens[next];
    // "The cache is threadsafe so the wrapped function…": a bare word before a clause of result or
    // reason says how X is, whatever the tagger makes of an unknown word.
    if (opener?.pos === 'NOUN' && PREDICATE_LINKS.has(tokens[next + 1]?.lower ?? '')) return undefined;
    // "The exact mechanism is platform-specific and is an internal implementation detail": a bare word with a
    // second predicate after "and" says how X is, whatever the tagger makes of the word.
    let bare = next;
    while (tokens[bare + 1]?.text === '-') bare += 2;
    const afterAnd = tokens[bare + 2]?.pos;
    if ((opener?.pos === 'NOUN' || opener?.pos === 'ADJ') && tokens[bare + 1]?.lower === 'and' && (afterAnd === 'AUX' || afterAnd === 'VERB')) return undefined;
    const opensNounPhrase =
      opener !== undefined &&
      (ARTICLES.has(opener.lower) || opener.lower === 'one' || opener.pos === 'NOUN' || (opener.pos === 'ADJ' && adjectivesQualifyANoun(tokens, next)));
    return opensNounPhrase && hasNounSoon(tokens, next) ? { term: subject, body: next } : undefined;
  }
  if (lemma === 'refer' && tokens[verb + 1]?.lower === 'to') return { term: subject, body: verb + 2 };
  // "A list comprehension consists of brackets containing…": what a thing is made of defines it.
  if (lemma === 'consist' && tokens[verb + 1]?.lower === 'of' && hasNounSoon(tokens, verb + 2)) return { term: subject, body: verb + 2 };
  // "An unobvious fix meant for maint is applied…": the participle says what a thing is for, no meaning.
  if (lemma === 'mean' && tokens[verb]?.pos === 'VERB' && tokens[verb]?.lower !== 'meant') return { term: subject, body: verb + 1 };
  return undefined;
}

const RELATIVE_WORDS = new Set(['what', 'which', 'that', 'who']);
const NAMING_PRONOUNS = new Set(['this', 'that', 'it']);

/**
 * The verb of the words' own clause whose object follows it ("…, in turn, contains another piece of
 * software"; not "in turn", nor a verb of a relative clause, "the tool that creates…"); -1 without one.
 */
function mainVerb(tokens: readonly Token[]): number {
  const relative = tokens.findIndex((token) => RELATIVE_WORDS.has(token.lower) || token.lower === 'whose');
  return tokens.findLastIndex(
    (token, index) =>
      (token.pos === 'VERB' || token.pos === 'AUX') &&
      (relative < 0 || index < relative) &&
      !/(?:ed|ing)$/.test(token.lower) &&
      OBJECT_OPENERS.has(tokens[index + 1]?.pos ?? ''),
  );
}
const OBJECT_OPENERS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/** "The fluid around the thylakoids, called the stroma, …" / "… is called mitosis." */
function namingDefinition(
  sentence: Sentence,
  spans: readonly Span[],
): { term: Span; bodyStart: number; bodyEnd: number; referent: string | null | undefined } | undefined {
  const { tokens } = sentence;
  for (let index = 1; index < tokens.length; index += 1) {
    const word = tokens[index]?.lower ?? '';
    const knownAs = word === 'known' && tokens[index + 1]?.lower === 'as';
    if (!NAMING_WORDS.has(word) && !knownAs) continue;
    const before = tokens[index - 1];
    if (!before || (before.text !== ',' && before.lemma !== 'be')) continue;
    // "… by what are known as generic functions": the name's referent is not in the sentence.
    if (before.lemma === 'be' && RELATIVE_WORDS.has(tokens[index - 2]?.lower ?? '')) continue;
    let termStart = index + (knownAs ? 2 : 1);
    if (ARTICLES.has(tokens[termStart]?.lower ?? '')) termStart += 1;
    const term = spans.find((span) => span.start === termStart);
    if (!term) continue;
    const after = tokens[term.end + 1];
    if (after && !TERM_ENDINGS.has(after.text)) continue;
    // "…is named openssl.cnf": the name is a file's, of which the term would be a piece.
    if (after?.space === '' && /^[./_@:-]$/.test(after.text) && tokens[term.end + 2]?.space === '') continue;
    // "…three to six versions of each program, named Experimental, Unstable, Testing…": the first of a list
    // of names, which names the things together.
    if (after?.text === ',' && tokens[term.end + 2]?.pos === 'PROPN' && /^\p{Lu}/u.test(tokens[term.end + 2]?.text ?? '')) continue;
    // "…without requiring the Enter key to be pressed; this is called cbreak mode": the body ends before
    // the pronoun that names it and the stop before that.
    let bodyEnd = index - 1;
    if (NAMING_PRONOUNS.has(tokens[bodyEnd - 1]?.lower ?? '')) {
      // "The tool that creates it is called diff": without a break before it, the pronoun is the
      // object of the clause before, which is then no whole description.
      const preceding = tokens[bodyEnd - 2]?.text ?? '';
      if (!CLAUSE_BREAKS.has(preceding) && preceding !== ',') continue;
      bodyEnd -= 1;
    }
    if (CLAUSE_BREAKS.has(tokens[bodyEnd - 1]?.text ?? '') || tokens[bodyEnd - 1]?.text === ',') bodyEnd -= 1;
    if (wordCount(joinTokens(tokens.slice(0, bodyEnd))) < MIN_SENTENCE_BODY_WORDS) continue;
    // "Standard builds of Python include an object-oriented interface to the Tcl/Tk widget set, called
    // tkinter": what is named is the object of the clause before, and that object describes it.
    const verb = before.text === ',' ? mainVerb(tokens.slice(0, bodyEnd)) : -1;
    // "…has a code name: Debian 9 is called stretch", "The submodule has its own history; the repository it is
    // embedded in is called a superproject": what is named follows a colon or a semicolon. "…three points:
    // the two branches and a third commit, called the merge base": the name is the last listed thing's,
    // after the "and" before it.
    const described = tokens.slice(0, bodyEnd);
    const colon = described.findLastIndex((token) => CLAUSE_BREAKS.has(token.text));
    const conjunction = described.findLastIndex((token, at) => token.pos === 'CCONJ' && ARTICLES.has(tokens[at + 1]?.lower ?? ''));
    // "…, but the convention is that the "normal" branch is called master": what is named is the subject
    // of the clause after "is that", not the sentence before it.
    const complement = described.findLastIndex((token, at) => token.lower === 'that' && tokens[at - 1]?.lemma === 'be');
    const bodyStart = Math.max(verb, colon, complement, before.text === ',' ? conjunction : -1) + 1;
    // "Debian 9 is called stretch; Debian 10, buster; …; Debian 13 will be called trixie": a list of names.
    if (tokens.slice(bodyStart, bodyEnd).some((token) => NAMING_WORDS.has(token.lower))) continue;
    if (wordCount(joinTokens(tokens.slice(bodyStart, bodyEnd))) < MIN_SENTENCE_BODY_WORDS) continue;
    const afterBreak = CLAUSE_BREAKS.has(tokens[bodyStart - 1]?.text ?? '');
    // What "it" stands for in the body after a break: the clause's subject before it, or null when that names nothing.
    return { term, bodyStart, bodyEnd, referent: afterBreak ? (clauseSubject(tokens.slice(0, bodyStart - 1)) ?? null) : undefined };
  }
  return undefined;
}

const SUBJECT_MAX_WORDS = 4;
/** Pronouns of a clause after a break that stand for something before it, which a card would not show. */
const LEANING_PRONOUNS: ReadonlySet<string> = new Set(['its', 'they', 'them', 'their']);
/** "The submodule has its own history": the noun phrase a clause opens with, before its verb. */
function clauseSubject(tokens: readonly Token[]): string | undefined {
  const verb = tokens.findIndex((token) => token.pos === 'VERB' || token.pos === 'AUX');
  const [article, ...words] = tokens.slice(0, verb);
  if (!article || verb < 2 || verb > SUBJECT_MAX_WORDS || !ARTICLES.has(article.lower) || !words.every((token) => token.pos === 'NOUN' || token.pos === 'ADJ'))
    return undefined;
  return joinTokens([{ ...article, text: article.lower }, ...words]);
}

/**
 * "…we use a locale, which is a coherent set of values…", "…the numeric vector, which is a single
 * entity consisting of…": a relative clause that says what the phrase before it is. Its body ends
 * where the sentence goes on ("X, which is a Y, is used for…").
 */
function appositiveDefinition(sentence: Sentence, spans: readonly Span[]): { term: Span; body: number; bodyEnd: number } | undefined {
  const { tokens } = sentence;
  for (let comma = 1; comma < tokens.length - 3; comma += 1) {
    if (tokens[comma]?.text !== ',' || tokens[comma + 1]?.lower !== 'which' || tokens[comma + 2]?.lemma !== 'be') continue;
    if (!INDEFINITE.has(tokens[comma + 3]?.lower ?? '') || !hasNounSoon(tokens, comma + 4)) continue;
    const term = spans.find((span) => span.end === comma - 1);
    // "build_opener, which is…": the phrase is the tail of a name glued to what comes before it.
    if (!term || tokens[term.start]?.space === '') continue;
    const body = comma + 3;
    const resumes = tokens.findIndex((token, index) => index > body && token.text === ',' && CLAUSE_OPENERS.has(tokens[index + 1]?.pos ?? ''));
    return { term, body, bodyEnd: resumes > 0 ? resumes : firstClauseEnd(tokens, body) };
  }
  return undefined;
}

const CLAUSE_BREAKS = new Set([';', ':', '–', '—']);
const EXAMPLE_TAIL = /,?\s*(?:for (?:instance|example)|e\.g\.|as follows)\s*[.:]?\s*$/i;
const ANNOUNCED_REST = /\b(?:is|are|was|were)\s+as follows\s*[.:]?\s*$/i;
const CLAUSE_OPENERS = new Set(['PRON', 'AUX', 'VERB', 'ADV']);
const LONG_BODY_WORDS = 15;

/** "aborts", "contains": a verb in the third person, which agrees with a subject of its own. */
const isFinitePresent = (token: Token | undefined) => token?.pos === 'VERB' && token.lower !== token.lemma && /[^s]s$/.test(token.lower);
const RELATIVES: ReadonlySet<string> = new Set(['which', 'that', 'who']);

/**
 * A second predicate of the term ("Evolution is the GNOME email client and can be installed with…", "A
 * non-zero exit means a failure of the hook and aborts the commit") or a contrast with a subject of its
 * own ("…the main program but many of the tools are…") says something else than what the term is: the
 * definition ends before it, however short. After "which" ("a tool which checks logs and reports…") the
 * verbs are the tool's.
 */
const startsOtherPredicate = (tokens: readonly Token[], index: number, from: number) => {
  const [token, next] = [tokens[index], tokens[index + 1]];
  if (token?.pos !== 'CCONJ' || !next) return false;
  const before = tokens.slice(from, index);
  const termsVerb = token.lower === 'and' && isFinitePresent(next) && !before.some((earlier) => RELATIVES.has(earlier.lower) || isFinitePresent(earlier));
  // "but many of the tools are…" opens a clause with a verb of its own; "solid but rustic" joins two
  // words, "not by the disks but by their volume" two complements.
  const clause = tokens.slice(index + 2).some((later) => later.pos === 'AUX' || later.pos === 'VERB');
  return termsVerb || ((token.lower === 'and' || token.lower === 'but') && next.pos === 'AUX') || (token.lower === 'but' && next.pos !== 'ADP' && clause);
};

const MAX_SPLICED_SUBJECT = 4;
const SUBJECT_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'DET', 'CCONJ']);
const FINITE_TAGS: ReadonlySet<string> = new Set(['AUX', 'VERB']);
/**
 * "The gid is an integer, name and password are strings, …": after a comma, a subject of its own and its
 * verb, a clause about something else (unless a relative word before it made the comma part of its clause).
 */
function splicedClause(tokens: readonly Token[], from: number): number {
  return tokens.findIndex((token, comma) => {
    if (comma <= from || token.text !== ',' || tokens.slice(from, comma).some((earlier) => RELATIVES.has(earlier.lower) || FINITE_TAGS.has(earlier.pos)))
      return false;
    let verb = comma + 1;
    while (verb <= comma + MAX_SPLICED_SUBJECT && SUBJECT_TAGS.has(tokens[verb]?.pos ?? '')) verb += 1;
    return verb > comma + 1 && tokens[verb]?.pos === 'AUX' && ['NOUN', 'PROPN'].includes(tokens[verb - 1]?.pos ?? '');
  });
}

/** Where a definition's first clause ends ("…protein on Earth, and it is also slow" stops at the comma). */
function firstClauseEnd(tokens: readonly Token[], from: number): number {
  const spliced = splicedClause(tokens, from);
  if (spliced > 0) return spliced;
  for (let index = from + MIN_SENTENCE_BODY_WORDS; index < tokens.length; index += 1) if (startsOtherPredicate(tokens, index, from)) return index;
  if (tokens.length - from <= LONG_BODY_WORDS) return tokens.length;
  for (let index = from + MIN_SENTENCE_BODY_WORDS; index < tokens.length; index += 1) {
    const token = tokens[index];
    // ", and it is also slow" starts a clause of its own; ", and 3.1 of the protocol" ends a list, and
    // "developed, or sponsored, by the FSF" joins two participles.
    const coordinatedVerbs = tokens[index - 1]?.pos === 'VERB' && tokens[index + 2]?.pos === 'VERB';
    // "a flag that when True, interprets timeval, and returns a date…": after a relative word, a verb in the
    // third person goes on with that clause's verbs.
    const relativeGoesOn = isFinitePresent(tokens[index + 2]) && tokens.slice(from, index).some((earlier) => RELATIVES.has(earlier.lower));
    const startsClause = tokens[index + 1]?.pos === 'CCONJ' && CLAUSE_OPENERS.has(tokens[index + 2]?.pos ?? '') && !coordinatedVerbs && !relativeGoesOn;
    if (token && (CLAUSE_BREAKS.has(token.text) || (token.text === ',' && startsClause))) return index;
  }
  return tokens.length;
}

/** "…and you can configure it…": a clause to the reader joined to what the sentence says a term is. */
const TELLS_THE_READER = /\b(?:and|so) you (?:can|may|should|must|will|need)\b/i;

function fromSentence(sentence: Sentence): Definition | undefined {
  const { tokens } = sentence;
  if (repeatsAWord(sentence.text)) return undefined;
  const made = (term: Span, body: string): Definition => ({
    term: termDisplay(tokens, term),
    key: phraseKey(tokens, term),
    text: asSentence(capitaliseFirst(body)),
    origin: 'sentence',
    sentenceId: sentence.id,
    quote: sentence.text,
  });
  const spans = chunkNounPhrases(tokens, sentence.entities);
  // "This is the purpose of encryption, which is a form of encoding…": a relative clause defines the
  // phrase before it whatever the sentence opens with.
  const appositive = appositiveDefinition(sentence, spans);
  if (appositive) {
    const key = phraseKey(tokens, appositive.term);
    const body = joinTokens(tokens.slice(appositive.body, appositive.bodyEnd));
    if (!isGenericPhrase(key) && !NOT_TERMS.has(key) && wordCount(body) >= MIN_SENTENCE_BODY_WORDS && !isPointing(body)) return made(appositive.term, body);
  }
  if (NOT_TERMS.has(tokens[0]?.lower ?? '') || NOT_TERMS.has(`${tokens[0]?.lower} ${tokens[1]?.lower}`)) return undefined;
  const copula = copulaDefinition(sentence, spans);
  if (copula) {
    // "…separated by commas, for instance:" announces an example the card does not show.
    const clause = joinTokens(tokens.slice(copula.body, firstClauseEnd(tokens, copula.body)));
    const body = clause.replace(EXAMPLE_TAIL, '');
    const key = phraseKey(tokens, copula.term);
    const general = isGenericPhrase(key) && !definesAKind(tokens, copula.term, copula.body);
    // "A type is a subclass of another type if any instance of…" says when a relation holds, not what a type is.
    // "…zero or more for or if clauses" names a clause, no condition.
    const conditional = tokens.some(
      (token, index) => index > copula.body && token.pos === 'SCONJ' && CONDITIONS.has(token.lower) && !CLAUSE_NAMES.has(tokens[index + 1]?.lemma ?? ''),
    );
    // "…ERE and the meanings of the extensions are as follows.": a clause whose rest is the list below; "The
    // default return value is a mock object and you can configure it in the normal way:" goes on to tell the reader what to do.
    const announcing = ANNOUNCED_REST.test(clause) || TELLS_THE_READER.test(clause);
    if (wordCount(body) >= MIN_SENTENCE_BODY_WORDS && !general && !conditional && !announcing && !isPointing(body) && !listsValues(body) && !NOT_TERMS.has(key))
      return made(copula.term, body);
  }
  const naming = namingDefinition(sentence, spans);
  if (!naming || isGenericPhrase(phraseKey(tokens, naming.term))) return undefined;
  // "…; the repository it is embedded in is called a superproject": after a break, "it" is what the clause
  // before it was about, or nothing the card can show; "…; the unscrupulous individuals sending them are
  // known as spammers": "them" is the emails of the clause before, which no subject names.
  const { referent } = naming;
  const named = tokens.slice(naming.bodyStart, naming.bodyEnd);
  const leaning = (token: Token) => (token.lower === 'it' && referent === null) || (referent !== undefined && LEANING_PRONOUNS.has(token.lower));
  if (named.some(leaning)) return undefined;
  const body = joinTokens(named.map((token) => (token.lower === 'it' && referent ? { ...token, text: referent } : token)));
  return isPointing(body) ? undefined : made(naming.term, body);
}

/**
 * A sentence in lower case is cut from a longer one, unless it opens with the name it defines, a word of
 * no everyday English as a program's name is ("anacron is the daemon that completes cron…").
 */
function opensWithCommandName(definition: Definition): boolean {
  const first = /^[\p{Ll}][\p{L}\p{N}-]*/u.exec(definition.quote)?.[0];
  return first !== undefined && first === definition.term && zipf(first) < RARE_ZIPF;
}

/**
 * "…'utf-8' on Windows, the value returned by.": a sentence cut where the code it named was taken out ("…the
 * glyphs the console draws its characters with." strands its preposition).
 */
const CUT_AT_PREPOSITION = /\s(?:by|than|the|an?)\.$/i;

/** A parameter list or a line of code read as "name: description" is no term a learner studies. */
const isProse = (definition: Definition) =>
  !CUT_AT_PREPOSITION.test(definition.text) &&
  !looksLikeCode(definition.term) &&
  !looksLikeCode(definition.text) &&
  !API_DESCRIPTION.test(definition.text) &&
  !opensWithDoing(definition.text) &&
  !SHOUTED.test(definition.text) &&
  !(definition.origin === 'sentence' && (QUALITY.test(definition.text) || (/^\p{Ll}/u.test(definition.quote) && !opensWithCommandName(definition)))) &&
  !FRAGMENT_START.test(definition.text) &&
  !(definition.origin === 'glossary' && (isParameterName(definition.term) || CAMEL_CASE.test(definition.term))) &&
  !isKeyBinding(definition.term) &&
  (!NOTATION_IN_TERM.test(definition.term) || NAMED_VARIABLE.test(definition.term)) &&
  !hasVagueLead(definition.key) &&
  !hasVagueLead(comparisonKey(definition.term)) &&
  !NOT_A_DEFINITION_START.test(definition.text) &&
  !RANKING.test(definition.text) &&
  !RUN_ON.test(definition.text) &&
  !SECOND_DEFINITION.test(definition.text) &&
  !NARRATION.test(definition.text) &&
  !(definition.origin === 'sentence' && pointsBack(definition.quote)) &&
  !RELATION_ONLY.test(definition.text.replace(/\.$/, '')) &&
  !ENUMERATION.test(definition.text) &&
  !/\betc\.?$/i.test(definition.text) &&
  !DEFAULTING.test(definition.text) &&
  !PRESENT_WHEN.test(definition.text) &&
  !VAGUE_KIND.test(definition.text) &&
  !ONLY_A_TYPE.test(definition.text) &&
  !INNER_LABEL.test(definition.text) &&
  !API_PARAMETER.test(definition.term) &&
  !TYPED_PARAMETER.test(definition.term) &&
  !PRAISE.test(definition.text) &&
  !leansOnAntecedent(definition.text) &&
  !(definition.origin === 'sentence' && (TYPICAL_LEAD.test(definition.quote) || EMPHATIC_COPULA.test(definition.quote))) &&
  !DEGREE_LEAD.test(definition.text) &&
  !ACTIVITY_TERM.test(definition.term) &&
  !DECLARATION.test(definition.term) &&
  !isCircular(definition) &&
  !isCutShort(definition.text);
/**
 * "A semicolon-separated list of subsystem.priority pairs (example.": a bracket left open; ":* options
 * also control…" (the rest of "Acquire::*"), "Of three values a, b and c will be…" (the rest of "the
 * harmonic mean of…"), "Is appended to result, and.": a text cut at its start or its end.
 */
function isCutShort(text: string): boolean {
  if (/^(?:[^\p{L}\p{N}“"'(]|of\s)/iu.test(text) || /\b(?:and|or|but|nor|the|an?|of)\.$/i.test(text)) return true;
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
  }
  return depth > 0;
}
/**
 * A formula ("y ~ x"), an argument ("log=", "col.sub", "M_1"), a call, a quoted fragment or a trailing
 * number: notation, not a concept. An abbreviation in brackets ("Gross domestic product (GDP)") is fine.
 */
const NOTATION_IN_TERM = /[~=%^"'“”[\]{}<>|\\_*]|\w\(|^[^(]*\)|\p{Ll}\.\p{Ll}|\d$/u;
/** "Similar to…", "The result, instead of a collection of isolated functions…" (the result of what?), "A bit more complex", "A lot more user-friendly", "The most important type…", "The best protocol to use…", "The leader in this respect", "Of course…", "10.93 on 10 degrees…", "Examples of sequence types", "Twofold: the size…": a comparison, a ranking, a remark carrying on, printed output, instances of a kind, or a word predicated of the term before a colon. */
const NOT_A_DEFINITION_START =
  /^(?:\(|(?:an?\s+)?examples?\s+of\b|(?:the\s+)?(?:most|least)\s|(?:a\s+bit|a\s+little|a\s+lot|much|even|slightly|somewhat|far)\s+(?:more|less)\b|the\s+(?:best|worst|leader|leading|preferred)\b|(?:the|this|that)\s+(?:whole\s+|entire\s+)?thing\b|(?:similar|same|like|unlike|equivalent|analogous|identical|of course|however|also|but|and|so|thus|then|otherwise|in fact|note)\b|the\s+(?:result|outcome|consequence)\b(?!\s+of\b)|\d|[a-z]+:\s)/i;
/**
 * "One of the first protocols of the Internet", "One of the most major advances…", "One (free) provider
 * of such tunnels": a rank or one instance among others the text points back to, a remark about the
 * term rather than what it is ("One of the default meta path finders which…" still defines).
 */
const RANKING =
  /^one\b(?:\s*\([^)]*\))?\s+(?:of\s+the\s+(?:first|last|oldest|earliest|newest|latest|most|least|best|biggest|largest|greatest|main|major|few)\b|\w+\s+of\s+such\b)/i;
/** "A generic term, and the various involved activities have several goals", "The class where the descriptor is used, and the name is…": a remark run on into another clause. */
const RUN_ON = /^(?:an?|the)\s[^,.;]*?,?\s+and\s+(?:it|they|this|there|the)\s[^.;]*?\b(?:is|are|was|were|has|have|must|should)\b/i;
/** "An acronym for Remote Black List, and RHSBL stands for…": a second term's definition run on after the first. */
const SECOND_DEFINITION = /,\s+and\s+[A-Z]{2,}\w*\s+(?:stands\s+for|is|means)\b/;
/**
 * "…, which we discuss later", "the language for you", "the declarative language you're most likely to
 * be familiar with": the text talking about itself or to its reader, around a definition rather than in it.
 */
const NARRATION = /\b(?:we|us|our)\b|\bfor you\b|\byou['’](?:re|ve|ll|d)\b/i;

/** Words after "this" that make it a pronoun ("this may be an expression"), not a pointer to a thing named before. */
const PRONOUN_THIS = new Set(['is', 'are', 'was', 'were', 'may', 'can', 'will', 'would', 'should', 'could', 'must', 'means', 'has', 'have', 'does', 'do']);

/**
 * "The name of the server software used by Falcot Corp to offer this service", "The starting point of
 * this hierarchical tree": a thing the text named before the sentence, so the card leans on what it
 * does not show ("modify this state" after "some internal state", "these parameters" after "each
 * parameter can be set" point inside the sentence). A glossary line's "this" is its own entry ("MX: An
 * email server. This information is used…").
 */
function pointsBack(text: string): boolean {
  for (const match of text.matchAll(/\b(?:this|these)\s+(\p{L}+)(?:\s+(\p{L}+))?/giu)) {
    const following = [match[1], match[2]].filter((word): word is string => word !== undefined).map((word) => word.toLowerCase());
    if (PRONOUN_THIS.has(following[0] ?? '')) continue;
    const before = new Set(comparisonTokens(text.slice(0, match.index)));
    if (!following.some((word) => comparisonTokens(word).every((token) => before.has(token)))) return true;
  }
  return false;
}
/** "The number of times through the loop, defaulting to one million": a parameter's description, with its default. */
const DEFAULTING = /\bdefault(?:s|ing)?\s+to\b|\(default\b/i;
/**
 * "A number or None.", "An integer (or None).", "A triple (fontname, fontsize, fonttype).", "One of the strings “left”,
 * “center” or “right”.": a parameter's type or values, nothing of what it is for.
 */
const ONLY_A_TYPE =
  /^(?:(?:an?\s+)(?:number|integer|int|float|string|str|boolean|bool|triple|pair|tuple|list|dict|dictionary)(?:\s*\([^)]*\))?(?:\s*,?\s*\(?or\s+None\)?)?|one\s+of\s+the\s+(?:strings|values)\b.*)\.?$/i;
/** "An all-or nothing proposition", "A tricky matter": a short judgement whose noun names no kind of thing. */
const VAGUE_KIND = /^(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:proposition|matter|affair|business|story|thing)\.?$/i;
/** "self: PicklerObject obj: object": a type named in code and a second label, a declaration of a form, not prose. */
const INNER_LABEL = /\p{Ll}\p{Lu}\w*\s+\w+:\s/u;
/**
 * "required value argument", "optional timeout parameter", "single parameter": how a reference names a
 * function's parameter, by its place or its need rather than by its name.
 */
/**
 * "row (str)", "database (path-like object)": a field list's parameter, named in lower case, and its type, a
 * signature's part, no term ("EISDIR (Is a directory)" is an error code and its meaning).
 */
const TYPED_PARAMETER = /^[a-z_][\w.]*\s+\([\w.-]+(?:\s+[\w.-]+){0,2}\)$/;
const API_PARAMETER =
  /^(?:(?:required|optional)\s(?:.*\s)?|(?:single|first|second|third|last|only|sole|extra|additional|positional|keyword)\s+)(?:argument|parameter)s?$/i;
/**
 * "Present only when Generation Data chunk is present…", "Manageable through --allow-fs-read": when a
 * thing is there or how it is handled, not what it is.
 */
const PRESENT_WHEN =
  /^(?:(?:present|available|used|required|needed|allowed|valid)\s+only\s+(?:when|if)|(?:manageable|configurable|controllable|accessible)\s+(?:through|via|by|with))\b/i;
/** "For loops, repeat and while.": a list of the things a heading covers, without a word of what they are. */
const ENUMERATION = /^(?!(?:an?|the)\s)[^\s,;:]+(?:\s[^\s,;:]+){0,2}(?:,\s*[^\s,;:]+(?:\s[^\s,;:]+){0,2})+,?\s+(?:and|or)\s+[^\s,;:]+(?:\s[^\s,;:]+){0,2}\.?$/i;
/**
 * "A subclass of NameError", "A subset of YAML 1.2": where a term stands among others, not what it is;
 * "The foundation of everything in Debian": a metaphor of its weight; "The same as for the dict class":
 * a likeness, not a kind; "A common use for a heap": what else it serves; "A special case which uses the HTTP
 * response code…": an exception to a rule the definition does not give.
 */
const RELATION_ONLY =
  /^an?\s+(?:subset|subclass|superset|superclass|subtype)\s+of\s+[^,;]{1,40}$|^(?:the|an?)\s+(?:foundation|cornerstone|backbone)\s+of\b|^(?:an?\s+)?(?:(?:common|typical|popular|frequent)\s+)?(?:use|application)\s+(?:of|for)\b|^(?:the\s+)?(?:same\s+as|similar\s+to|identical\s+to)\b|^an?\s+special\s+case\b(?!\s+of\b)/i;
/**
 * "Graphical facilities are an important and extremely versatile component…", "OpenVPN: an efficient
 * solution, easy to deploy", "DNS is a fundamental component of the Internet", "a key to a deep
 * understanding", "an interesting solution for a disk…", "a perfect match for computers…": praise or
 * weight, said of a term rather than what it is ("a good that is non-rival" names a good).
 */
const PRAISE =
  /^an?\s+(?:(?:very|extremely|most|quite|rather)\s+)?(?:important|versatile|powerful|useful|convenient|great|nice|excellent|handy|popular|good|elegant|neat|clever|fundamental|integral|essential|crucial|vital|efficient|difficult|interesting|perfect|ideal|indispensable|influential|notable|remarkable|famous|revolutionary|successful)\b(?![\s,]+(?:that|which|who|whose|where)\b)|^an?\s+key\s+(?:to|part|component|element|role)\b|^the\s+(?:indispensable|essential|ultimate|best)\s/i;
/** Whether a predicate praises or weighs its subject ("an important and extremely versatile component", "the indispensable configuration utility"). */
export const praises = (predicate: string) => PRAISE.test(predicate);
const PLURAL_PRONOUN = /\b(?:they|them)\b/i;
/**
 * "gnome-control-center: The main program that brings them all together": "them" stands for things the
 * text named before the definition, which the card does not show ("… remote files by including them"
 * names its own).
 */
function leansOnAntecedent(text: string): boolean {
  const pronoun = PLURAL_PRONOUN.exec(text);
  if (!pronoun) return false;
  const before = parseText(text.slice(0, pronoun.index)).flatMap((sentence) => sentence.tokens);
  return !before.some((token) => (token.pos === 'NOUN' || token.pos === 'PROPN') && token.lemma !== token.lower);
}
/**
 * "Typically, event names are camel-cased strings…", "Historically, CVS was the first widely used tool…":
 * what a term usually is or once was, a convention or its history rather than a definition.
 */
const TYPICAL_LEAD =
  /^(?:typically|usually|often|generally|normally|commonly|mostly|sometimes|in general|in most cases|historically|originally|formerly|traditionally)\b/i;
/** "Debian is truly an international project": an emphasis that says what the text thinks of a term. */
const EMPHATIC_COPULA = /\b(?:is|are)\s+(?:truly|really|definitely|certainly|indeed|clearly|obviously)\s/i;
/** "A relatively regimented activity", "a fairly new tool": a degree, a judgement of the term rather than its kind. */
const DEGREE_LEAD = /^an?\s+(?:relatively|fairly|rather|somewhat|pretty|truly|really)\s/i;
/** "class TracingChannel", "function fn": a declaration's keyword and a name from code, as a reference's heading writes it; the name alone is the term. */
const DECLARATION = /^(?:class|interface|struct|enum|function|method)\s+\S*\p{Lu}/u;
/** "understanding descriptors", "using the logger": an activity about a concept, not the concept. */
const ACTIVITY_TERM = /^(?:understanding|learning|knowing|using)\s/i;
const CIRCULAR_LEAD_WORDS = 4;
const COPULAS = new Set(['is', 'are', 'refers', 'means']);
/** How far into a definition "installation or removal of software" (under "software") names an action on its own term. */
const ACTION_LEAD_WORDS = 6;
const SHORT_CIRCLE_WORDS = 6;
/**
 * "expression: An R expression, …" defines the term by itself; "statement: A statement is …" goes on to
 * define it. "software: Installation or removal of software from…" is what is done with the term.
 */
function isCircular(definition: Definition): boolean {
  const term = comparisonTokens(definition.term);
  const words = comparisonTokens(definition.text);
  const at = (index: number) => term.length > 0 && term.every((word, offset) => words[index + offset] === word);
  const lead = words.slice(0, CIRCULAR_LEAD_WORDS);
  if (lead.some((_, index) => at(index) && !COPULAS.has(words[index + term.length] ?? ''))) return true;
  // "ipv4first: Sets default order to ipv4first.": a short definition that ends on its own term, as written.
  const written = definition.text.replace(/\.$/, '').toLowerCase();
  if (words.length <= SHORT_CIRCLE_WORDS && written.endsWith(` ${definition.term.toLowerCase()}`)) return true;
  return words.slice(0, ACTION_LEAD_WORDS - 1).some((word, index) => word === 'of' && at(index + 1));
}
/**
 * How reference manuals describe a function's parameters and results ("Pointer to…", "Output variable…"),
 * and a flag's effect ("If true (the default is False), __slots__ attribute will be generated…").
 */
const API_DESCRIPTION = /^(?:pointer|output|input|returns?|return value|specif(?:y|ies)|counts?|initially|node|flags?|if\s+(?:true|false)\b)\b/i;
/**
 * "Gives an unbiased estimate of the true population mean…" under "sample": what a function does, as its
 * reference entry says it, not what a term is.
 */
function opensWithDoing(text: string): boolean {
  const [word = '', next = ''] = text.split(/\s+/);
  return /^\p{Lu}\p{Ll}+s$/u.test(word) && /^(?:an?|the)$/i.test(next) && readsAsVerb(word.slice(0, -1).toLowerCase());
}
/** "Mutable, and their elements…": a word and a comma open an aside, not a definition. */
const FRAGMENT_START = /^[\p{L}-]+,\s/u;
/** "tagValue", "octetName": a name from code, as a reference manual lists its parameters. */
const CAMEL_CASE = /\p{Ll}\p{Lu}/u;
/**
 * "X is useful for…", "X is used to…", "X is often…", "Path objects are traversable using the / operator…":
 * a quality or a use of X, not what X is ("Reliable transmission of…" names a thing).
 */
const QUALITY =
  /^(?:useful|used|usable|able|possible|available|necessary|important|required|responsible|optional|worth|often|usually|always|never|also|only|not|\p{L}{3,}[ai]ble\s+(?:using|by|with|via|through|from|in|on|for|to|as)\b)\b/iu;
/** A parameter named in capitals and what it must hold ("VALUE must be…", "LEN is…"): an API's rules, not a definition. */
const SHOUTED = /\b[A-Z]{3,}\s+(?:must|will|contains|should|indicates)\b/;
/** A parameter's name as a reference manual prints it ("der len", "ivalue", "str size"): words English never uses. */
const isParameterName = (term: string) => /^[\p{Ll}\s_]+$/u.test(term) && term.split(/[\s_]+/).some((word) => zipf(word) <= UNSEEN_ZIPF);

const COMMAND_LIST_MIN_LINES = 3;
const COMMAND_LIST_SHARE = 0.4;
/**
 * Glossary lines whose body opens with a verb describe commands or steps, and a run of lines where
 * many do is a command reference (R's `R CMD` list: "INSTALL: Install add-on packages.", "Rdiff: Diff R
 * output…"): none of its lines is a term to study, whatever its wording.
 */
function withoutCommands(lines: readonly (Labelled | undefined)[]): Definition[] {
  const kept: Definition[] = [];
  let run: Labelled[] = [];
  const close = () => {
    const commands = run.filter((line) => line.command).length;
    const reference = run.length >= COMMAND_LIST_MIN_LINES && commands >= run.length * COMMAND_LIST_SHARE;
    if (!reference) kept.push(...run.filter((line) => !line.command).map((line) => line.definition));
    run = [];
  };
  for (const line of lines) {
    if (line) run.push(line);
    else close();
  }
  close();
  return kept;
}

/** One definition per term: a glossary line wins over a sentence, an earlier one over a later one. */
export function findDefinitions(blocks: readonly Block[], sentences: readonly Sentence[]): Definition[] {
  const byId = new Map(sentences.map((sentence) => [sentence.id, sentence]));
  const labelled = withoutCommands(blocks.map((block) => fromGlossaryLine(block, byId)));
  // A glossary defines a term once; a label that comes back with other text is a reference manual's
  // parameter ("der:", "str:" under every function), not a term.
  const labels = new Map<string, number>();
  for (const definition of labelled) labels.set(definition.key, (labels.get(definition.key) ?? 0) + 1);
  const glossary = labelled.filter((definition) => (labels.get(definition.key) ?? 0) < 2 && isProse(definition));
  const glossarySentences = new Set(glossary.map((definition) => definition.sentenceId));
  const fromSentences = sentences
    .filter((sentence) => !glossarySentences.has(sentence.id))
    .map(fromSentence)
    .filter((definition): definition is Definition => definition !== undefined && isProse(definition) && !namesAParameter(definition.term));
  const byKey = new Map<string, Definition>();
  for (const definition of [...glossary, ...withoutShiftingParameters(fromSentences)]) {
    if (!byKey.has(definition.key) && !isEntryField(definition, byId) && !PART_OF_THE_TEXT.test(definition.term)) byKey.set(definition.key, definition);
  }
  return [...byKey.values()].sort((a, b) => a.sentenceId - b.sentenceId);
}

/**
 * "arg is a raw string of the parameter name" under "ast.keyword()", "msg – The message format string" under
 * "logging.LogRecord(…)", "True: The default…" under TypedDict: a field, parameter or value of the entry the text
 * is under, named as code names it, is no term on its own ("arg" is also the class ast.arg); the entry's own
 * name is ("lambda is a minimal function definition…" under "ast.Lambda()").
 */
function isEntryField(definition: Definition, sentences: ReadonlyMap<number, Sentence>): boolean {
  // "A true value is the equivalent of setting optimization to the empty string.": what a parameter is given, no term either.
  if (/^(?:True|False|None)$/.test(definition.term) || /^(?:true|false)\s+values?$/i.test(definition.term)) return true;
  const section = sentences.get(definition.sentenceId)?.section ?? '';
  const member = section.replace(/\(.*$/s, '').split('.').at(-1) ?? '';
  // "gitglossary(7)" is a manual page's title, no entry: an entry is named in full ("ast.keyword()"), or as
  // the C API names its functions ("func is the function that will be called…" under "PyInstanceMethod_New()").
  const entry = (/^[^(]*\./.test(section) || isCApiName(section.replace(/\(.*$/s, ''))) && (isSignature(section) || isMemberName(section));
  return CODE_NAME.test(definition.term) && entry && member.toLowerCase() !== definition.term.toLowerCase();
}
const CODE_NAME = /^\p{Ll}[\p{Ll}\d_]*$/u;

/** "The Event Loop Methods section is the reference documentation of…": a part of the text, which it points to, no term. */
const PART_OF_THE_TEXT = /\s(?:section|chapter)$/i;

/** "sound parameter", "flags argument": a function's parameter named by its role. */
const ROLE_NAMED = /\s(?:parameter|argument)$/i;
/** The words a definition opens with, which say what kind of thing it makes its term. */
const OPENING_WORDS = 3;

/**
 * "The sound parameter is the name of a WAV file." under SND_FILENAME, "…is a sound association name"
 * under SND_ALIAS: a parameter that several sentences say different things of is what each flag makes
 * it, and no one of them defines it. One said alike of two functions ("The servers argument is an
 * array of…"), or opened alike ("The compresslevel argument is an integer from 0 to 9, as for…",
 * "…controlling the level of compression"), is defined all the same.
 */
function withoutShiftingParameters(definitions: readonly Definition[]): Definition[] {
  const said = new Map<string, Set<string>>();
  const opening = (text: string) => text.toLowerCase().split(/\s+/).slice(0, OPENING_WORDS).join(' ');
  for (const definition of definitions)
    if (ROLE_NAMED.test(definition.term)) said.set(definition.key, (said.get(definition.key) ?? new Set()).add(opening(definition.text)));
  return definitions.filter((definition) => (said.get(definition.key)?.size ?? 0) < 2);
}
