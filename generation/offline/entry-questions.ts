import { comparisonKey, comparisonTokens } from '../quality.ts';
import { sentenceReference, titleModule, type Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { makeOption, type Option } from './distractors.ts';
import { isMemberName, isSignature } from './headings.ts';
import { ARTICLES, CONDITIONS, readsAsVerb, type Token } from './nlp.ts';
import { byDifficulty, DOUBLED_AUXILIARY, quoteExplanation, type Build, type Candidate } from './question-parts.ts';
import { manualEntriesOf } from './manual-entries.ts';
import { capitaliseFirst, escapeRegExp, lowerFirstUnlessAcronym } from './text.ts';

// "Which textwrap function removes any common leading whitespace from every line in text?": an API
// reference heads each entry with a signature and opens it with what the entry does ("Remove any
// common leading whitespace…", "Returns the current store."). The question asks for the entry by
// that description among the other entries of the same module, class or object, which the reference
// shows to be of one kind; it is the item kind built for code the issue asks for, from the prose that
// explains the code.

export const ENTRY_FAMILY = 'entry';
const MIN_WORDS = 4;
const MAX_WORDS = 30;
const OPTIONS = 4;

type Entry = {
  prefix: string;
  member: string;
  kind: 'class' | 'method' | 'function' | 'attribute' | 'constant' | 'exception' | 'command' | 'option';
  sentence: Sentence;
  /** The names of what it takes, from its signature ("which", "howmuch" of "POP3.top(which, howmuch)"). */
  parameters: string[];
};

/** "textwrap.dedent", "git rerere status", "git tag --force": an entry by its full name, a program's command or option after a space. */
export const entryName = (entry: Pick<Entry, 'prefix' | 'member' | 'kind'>) =>
  entry.prefix ? `${entry.prefix}${entry.kind === 'command' || entry.kind === 'option' ? ' ' : '.'}${entry.member}` : entry.member;

/** "--create-reflog" → "create-reflog": an option's name as words, which its description may share. */
const spokenName = (entry: Pick<Entry, 'member'>) => entry.member.replace(/^-+/, '');

/** "Limit to only refs/heads and refs/tags, respectively.": said of two options together, of neither alone. */
const SAID_OF_SEVERAL = /\brespectively\b/i;

/**
 * "Py_INCREF", "setInterval", "WritableStreamDefaultWriter": a name joined by an underscore or a capital
 * inside it, as an API names a function or class of its own; not "len(context)" or "init(asyncId)", which
 * name what the page calls on its object or what it calls back, nor an opcode in capitals ("BUILD_MAP(count)").
 */
const BARE_API_NAME = /^(?![\p{Lu}\d_]+$)[\p{L}_]\w*(?:_|\p{Ll}\p{Lu})\w*$/u;

/** "Represents the C double datatype.", "Represent the C bool datatype": a type's entry, whatever its name ("ctypes.c_double"). */
const REPRESENTS = /^represents?\s/i;

/** "Exception raised on compression errors", "Raised when…": an exception's entry, whatever its name ("zlib.error"). */
const DESCRIBES_EXCEPTION = /^(?:exception\s+)?raised\b/i;

/** "Functions", "Module Functions", "Utility functions": a section of a reference that lists functions only. */
const UNDER_FUNCTIONS = /^(?:[\p{L}-]+\s+)?functions$/iu;

/** The section of the document an entry stands in ("Functions" over "winreg.CloseKey(hkey)"). */
const enclosingSection = (analysis: Analysis, sentence: Sentence) => analysis.units[sentence.unit]?.title;

/**
 * What an entry is, read off its name as the reference writes it. A class is named in capitals; a member of a
 * class or of a camel-cased object is a method; a name without parentheses is an attribute
 * ("JSONDecodeError.msg"), or a constant in capitals ("csv.QUOTE_ALL"). A function may be named in capitals
 * joined by underscores, as a C macro is ("stat.S_ISDIR(mode)"): no class, as "plistlib.UID(data)" is.
 */
function entryKind(entry: {
  prefix: string;
  member: string;
  callable: boolean;
  description: string;
  within: string | undefined;
  module: string | undefined;
}): Entry['kind'] {
  const { prefix, member, callable, description, within, module } = entry;
  if (DESCRIBES_EXCEPTION.test(description)) return 'exception';
  // "xmlparser.SetBase(base)" on the page of xml.parsers.expat: a member of an object the module makes, named
  // in lower case and no part of the module's name, is its method or attribute however it is capitalised.
  if (module !== undefined && /^\p{Ll}/u.test(module) && /^\p{Ll}\w*$/u.test(prefix) && !module.split('.').includes(prefix))
    return callable ? 'method' : 'attribute';
  // "ast.PyCF_ONLY_AST": a flag named in capitals after its C prefix is a constant too.
  if (!callable && /^(?:\p{Lu}\p{L}*_)?[\p{Lu}\d_]+$/u.test(member)) return 'constant';
  const macroName = /^[\p{Lu}\d]+(?:_[\p{Lu}\d]+)+$/u.test(member);
  // "winreg.CloseKey(hkey)" under the page's "Functions": a function named in the capitals of its platform's API.
  const listedAsFunction = callable && UNDER_FUNCTIONS.test(within ?? '');
  // "Record.SetString(field, value)": a member a class's entry calls, capitalised as the C API it wraps, is its method.
  const calledOnClass = callable && /^\p{Lu}/u.test(prefix.split('.').at(-1) ?? '');
  if (/^\p{Lu}/u.test(member) && !macroName && !listedAsFunction && !calledOnClass) return 'class';
  if (!callable) return 'attribute';
  // "ctypes.c_int64" over "Represents the C 64-bit signed int datatype.": what a value is, a type in lower case as C names its own.
  if (REPRESENTS.test(description) && !/\p{Lu}/u.test(prefix)) return 'class';
  return /\p{Lu}/u.test(prefix) ? 'method' : 'function';
}

/**
 * "dns.resolveCname(hostname)" → prefix "dns", member "resolveCname"; "Py_INCREF(o)", "setInterval(callback)": a
 * function of a C API or a runtime's globals, named as only code names things, no module's.
 */
function entryOf(label: string, sentence: Sentence, within: string | undefined, module?: string): Entry | undefined {
  const name = label
    .trim()
    .replace(/^new\s+/, '')
    .replace(/\(.*\)$/s, '');
  const dot = name.lastIndexOf('.');
  const callable = label.includes('(');
  if (dot === 0 || (dot < 0 && !BARE_API_NAME.test(name))) return undefined;
  const prefix = name.slice(0, Math.max(dot, 0));
  const member = name.slice(dot + 1);
  const kind = prefix
    ? entryKind({ prefix, member, callable, description: sentence.text, within, module })
    : DESCRIBES_EXCEPTION.test(sentence.text)
      ? 'exception'
      : /^new\s/.test(label.trim())
        ? 'class'
        : 'function';
  const parameters = (/\((.*)\)/s.exec(label)?.[1] ?? '')
    .split(',')
    .map((parameter) => parameter.replace(/[[\]*\s]|=.*$/gs, ''))
    .filter(Boolean);
  return { prefix, member, kind, sentence, parameters };
}

/**
 * "POP3.retr(which): Retrieve whole message number which…", "POP3.top(which, howmuch): …plus howmuch
 * lines…": a description that says a parameter named by a word of the grammar ("which") reads as a
 * garbled sentence once the signature is gone.
 */
function readsParameterAsWord(entry: Entry, does: string): boolean {
  // A web page's heading keeps no parameters ("POP3.retr()"): "which" before a stop is no relative pronoun.
  if (DANGLING_WHICH.test(does)) return true;
  const words = new Set(does.toLowerCase().split(/[^\p{L}\d_]+/u));
  return entry.parameters.some((parameter) => GRAMMAR_WORDS.has(parameter.toLowerCase()) && words.has(parameter.toLowerCase()));
}
const DANGLING_WHICH = /\bwhich\s*(?:[,.;:?]|$)/i;
const GRAMMAR_WORDS: ReadonlySet<string> = new Set([
  'which',
  'what',
  'that',
  'from',
  'to',
  'as',
  'in',
  'is',
  'for',
  'with',
  'by',
  'of',
  'on',
  'if',
  'or',
  'and',
  'how',
  'when',
  'where',
]);

/** "checkout", "setup": a verb and its particle written as one word, as manuals use them ("checkout <commit-ish>"). */
const JOINED_PARTICLE = /^(check|set|back|clean|log|look|start|shut)(out|up|in|down)$/;

/** "Return" → "returns", "Creates" → "creates", "Copy" → "copies", "checkout" → "checks out": the verb as a question about a thing says it. */
function thirdPerson(word: string): string {
  const lower = word.toLowerCase();
  const particle = JOINED_PARTICLE.exec(lower);
  if (particle) return `${thirdPerson(particle[1] ?? '')} ${particle[2]}`;
  if (/[^s]s$/.test(lower)) return lower;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** "get", "set", "create": words a name shares with any description of its kind, no hint of which entry it is. */
const NAME_VERBS = new Set(['get', 'set', 'is', 'has', 'new', 'create', 'make', 'to', 'from']);

/**
 * The description names the entry ("dns.resolveCname" — "Uses the DNS protocol to resolve CNAME
 * records"; "getStore" — "Returns the current store"; "asdict" — "…to a dict"): a reader picks it by
 * the shared word.
 */
export function namesItself(member: string, description: string): boolean {
  const parts = member
    .split(/_|(?<=\p{Ll})(?=\p{Lu})|\d+/u)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 3 && !NAME_VERBS.has(part));
  // "Get the value of dnsOrder" names getDefaultResultOrder by its "Order".
  const words = comparisonTokens(description.replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' '));
  const name = member.toLowerCase();
  // "asdict" — "Converts the dataclass obj to a dict", "randbits" — "…with k random bits": a word of the description inside the name.
  if ((description.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some((word) => name.includes(word))) return true;
  return parts.some((part) =>
    words.some((word) => word.startsWith(part.slice(0, Math.max(4, part.length - 2))) || (part.startsWith(word) && word.length >= 4)),
  );
}

/**
 * "in_table_c4" — "…whether code is in tableC.4 (Non-character code points)": the code of letters and
 * digits the name holds, spelled by the description without its dots, is the answer read off the stem,
 * however much of the name the other entries share.
 */
function spellsItsCode(member: string, description: string): boolean {
  const spelled = description.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  // "SetString" — "Set field to value through MsiRecordSetString()": the C function it wraps ends with its name.
  if (/^\p{Lu}/u.test(member) && new RegExp(`\\p{L}${escapeRegExp(member)}\\b`, 'u').test(description)) return true;
  return member
    .toLowerCase()
    .split('_')
    .some((part) => /^\p{L}+\d+$/u.test(part) && spelled.includes(part));
}

/**
 * "…and return it", "…and check their CRC's": a pronoun as the object of the word before it, or opening
 * its object, makes that word a verb.
 */
const OBJECT_PRONOUNS: ReadonlySet<string> = new Set(['it', 'them', 'its', 'their']);

/**
 * "…supports to get and set…", "…a format string to represent date and time in…": after an infinitive,
 * "and" joins words inside it, not another verb of the entry ("…back to binary and return…" has no
 * infinitive, "to binary" being no verb; nor has "Convert argument strings to objects and assign them…",
 * a plural after "to" being no infinitive whatever the tagger reads).
 */
const joinsNoVerbOfTheEntry = (tokens: readonly Token[], index: number) =>
  tokens.slice(0, index - 1).some((token, at) => {
    const verb = tokens[at + 1];
    return token.lower === 'to' && verb?.pos === 'VERB' && verb.lower === verb.lemma && !takesToAsPreposition(tokens[at - 1]);
  });

/**
 * "…corresponding to key and delete the message": after a participle in "-ing" ("according", "pointing"; not
 * "trying to…") or these words "to" is a preposition, the word after it no verb.
 */
const TAKES_TO: ReadonlySet<string> = new Set([
  'due',
  'equal',
  'similar',
  'relative',
  'prior',
  'up',
  'equivalent',
  'identical',
  'next',
  'close',
  'related',
  'compared',
  'mapped',
]);
const takesToAsPreposition = (token: Token | undefined) =>
  token !== undefined && ((/\p{L}{3,}ing$/u.test(token.lower) && !/^(?:going|trying|wanting|having)$/.test(token.lower)) || TAKES_TO.has(token.lower));

/**
 * A verb in its base form after "and": tagged one, or a word that reads as one before an article, a
 * preposition ("check for cycles") or a pronoun it takes ("return it"). After a verb already joined, an
 * "and" more often joins the parts of its object ("…and check their CRC's and file headers"): only a word
 * before such an opening of an object is a verb there.
 */
const isJoinedVerb = (token: Token, following: readonly Token[], afterJoinedVerb = false, next = following[0]) =>
  token.lower === token.lemma &&
  // "Return current line number and offset.": a word that ends the sentence after "and" is a noun joined to a noun.
  ((token.pos === 'VERB' && !afterJoinedVerb && next !== undefined && next.pos !== 'PUNCT') ||
    // "…, but do not traverse…": the auxiliary of a verb denied.
    (token.lower === 'do' && next?.lower === 'not') ||
    // "…and close the connection": a verb the tagger read as an adjective before its object.
    ((token.pos === 'NOUN' || token.pos === 'ADJ' || token.pos === 'VERB') &&
      ((readsAsVerb(token.lower) && (next?.pos === 'DET' || (next?.pos === 'ADP' && next.lower !== 'of') || OBJECT_PRONOUNS.has(next?.lower ?? ''))) ||
        // "…and checkout <commit-ish> into it": a manual page's placeholder is the object of the word before it.
        opensPlaceholder(following))));

/** "<commit-ish>", "<path>": a manual page's placeholder ("<= N" is none). */
const opensPlaceholder = ([open, word, ...rest]: readonly Token[]) =>
  open?.text === '<' && /^\p{L}/u.test(word?.text ?? '') && rest.slice(0, MAX_PLACEHOLDER_TOKENS).some((token) => token.text === '>');
const MAX_PLACEHOLDER_TOKENS = 4;

/**
 * "Raises an auditing event glob.glob…", "Changed in version 3.1: …", "Deprecated alias for…", "See how to…",
 * "Note that currently expanded netmasks are not supported", "Refer to the corresponding method documentation in
 * IPv4Address", "Warning: This hook will be removed in a future version", "Read-only attribute…", "This property
 * is an extension by Node.js", "This function is only available for zlib-based streams": the reference's notices
 * about an entry, which say nothing of what it does; nor does a side effect on a property ("Causes the
 * readableStream.locked to be true", said of getReader).
 */
const NOTICE =
  /^(?:raises an auditing event|(?:changed|new|added) in version|deprecated\b|see\b|note\b|warning\b|refer to\b|read-only\b|this \w+ is (?:an extension by|only available)\b|causes (?:the )?[\w.]+ to be\b)/i;
/** "This function is async-signal-safe.": a property of the entry, one other entries may share, not what it does. */
const ONLY_A_PROPERTY = /^this\s+(?:function|method|class|constructor|decorator|property)\s+is\s+(?:not\s+)?[\p{L}-]+\.?$/iu;
/**
 * "Set all the above parameters at once", "…according to the rules described above for…", "A bitmask or'ing together
 * all the comparison flags above.": what the page printed before the entry, which a question or card does not show.
 */
const POINTS_ABOVE = /\bthe\s+above\b|\b(?:described|documented|listed|explained|shown|mentioned)\s+(?:above|here)\b|\babove\.?$/i;
/** "Takes an optional file object fp, which is ignored…": what the entry is given, no word of what it does or is. */
const PARAMETERS_ONLY = /^(?:takes?|accepts?)\b/i;

/** "This function ensures that…", "This method is almost identical to domain.bind()": the entry as the subject, a verb after it. */
const ENTRY_AS_SUBJECT = /^this\s+(?:function|method|class|constructor|decorator|property)$/i;
const FINITE: ReadonlySet<string> = new Set(['VERB', 'AUX']);
const NAMED_AS_SUBJECT = /^the\s+[\p{L}_]\w*\s+(?:property|attribute)\s/iu;
/** "Similar to insort_left(), but…", "Like gettext(), but…", "Same as gettempdir() but…", "Opposite of unref().": the entry beside another it names. */
const COMPARISONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^same\s+as\s+\S+\(\)/i, 'is the same as'],
  [/^opposite\s+of\s+\S+\(\)/i, 'is the opposite of'],
  [/^similar\s+to\s+\S+\(\)/i, 'is similar to'],
  [/^like\s+\S+\(\)/i, 'is like'],
];

/**
 * What an entry that is the subject of its first sentence does ("This function ensures…" → "ensures…"),
 * or how it compares with another entry it names ("Like gettext(), but look the message up…" → "is like
 * gettext(), but looks the message up…"): a reference's ways of saying what an entry does besides the
 * bare verb.
 */
function sayingOf(tokens: readonly Token[], text: string): string | undefined {
  const [first, second, verb] = tokens;
  const joined = (from: readonly Token[]) => from.map((token, index) => (index === 0 ? token.text : token.space + token.text)).join('');
  if (first && second && verb && ENTRY_AS_SUBJECT.test(`${first.text} ${second.text}`) && FINITE.has(verb.pos)) return joined(tokens.slice(2));
  // "The auth property is the username and password portion of the URL": the attribute by its name as the subject.
  if (NAMED_AS_SUBJECT.test(text) && FINITE.has(tokens[3]?.pos ?? '')) return joined(tokens.slice(3));
  const phrase = COMPARISONS.find(([lead]) => lead.test(text))?.[1];
  if (!phrase) return undefined;
  // "…, but look the message up", "… but redirecting sys.stderr": the verb after "but" agrees with the entry asked about,
  // also after a condition set off by commas ("…but, if the path points to a symbolic link, return…").
  const but = tokens.findIndex((token) => token.lower === 'but');
  const condition =
    tokens[but + 1]?.text === ',' && tokens[but + 2]?.lower === 'if' ? tokens.findIndex((token, index) => index > but + 2 && token.text === ',') : -1;
  const afterBut = condition > 0 ? condition + 1 : but + 1;
  const agreeing = tokens.map((token, index) => {
    if (but < 0 || index !== afterBut) return token;
    if (token.pos === 'VERB' && /ing$/.test(token.lower)) return { ...token, text: thirdPerson(token.lemma) };
    return isJoinedVerb(token, tokens.slice(index + 1)) ? { ...token, text: thirdPerson(token.text) } : token;
  });
  // "insort_left() , but": a space the page set before the comma.
  return `${phrase} ${joined(agreeing.slice(phrase === 'is like' ? 1 : 2))}`.replace(/\s+,/g, ',');
}

/** The words a bare noun before "of" may take ("Group ID of…"). */
const MAX_BARE_HEAD = 2;
const NOMINAL: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

/** "A flag, defaulting to true.": an attribute's type and default, nothing of what it is for. */
const ONLY_TYPE_AND_DEFAULT = /^an?\s+(?:flag|boolean|integer|string|number|list)\s*,?\s+default(?:s|ing)?\s+to\s+\S+\.?$/i;

/**
 * "The unformatted error message.", "A one-character string used to separate fields.": an attribute
 * described by what it is, a noun phrase with no verb of its own ("The module.exports object is
 * created…" and "The excel class defines…" are sentences about it).
 */
function attributeDescription(sentence: Sentence): string | undefined {
  const [first] = sentence.tokens;
  const said = (text: string) => asked(`is ${first?.lower ?? ''}${text.slice(first?.text.length ?? 0)}`);
  // "True if the process is a primary.": the value the attribute holds.
  if (first && /^(?:true|false)$/.test(first.lower)) return said(sentence.text);
  // "Group ID of the user who originally stored this member", "Name of the archive member": the attribute's
  // noun without its article ("Group" read as a verb is its first word).
  const of = sentence.tokens.findIndex((token) => token.lower === 'of');
  if (
    of >= 1 &&
    of <= MAX_BARE_HEAD &&
    sentence.tokens.slice(1, of).every((token) => NOMINAL.has(token.pos)) &&
    (first?.pos === 'VERB' || NOMINAL.has(first?.pos ?? ''))
  )
    return asked(`is the ${lowerFirstUnlessAcronym(sentence.text)}`);
  if (!first || !/^(?:the|an?)$/i.test(first.text) || ONLY_TYPE_AND_DEFAULT.test(sentence.text)) return undefined;
  const finite = sentence.tokens.some((token) => token.pos === 'AUX' || (token.pos === 'VERB' && /[^s]s$/.test(token.lower)));
  // "The search paths for the module", "The module objects required…": a plural reads "Which module attribute is the search paths…".
  const phrase = sentence.tokens.slice(1).findIndex((token) => !['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(token.pos));
  const head = sentence.tokens.slice(1, phrase < 0 ? undefined : phrase + 1).at(-1);
  const plural = head !== undefined && head.lemma !== head.lower && /s$/.test(head.lower);
  return finite || plural ? undefined : said(sentence.text);
}

const METHOD_NOUNS: ReadonlySet<string> = new Set(['method', 'function', 'callback', 'handler', 'routine']);
/** "Abstract", "Concrete": adjectives that open a reference's noun phrase ("Concrete implementation of…"), though they read as verbs. */
const NOUN_OPENERS: ReadonlySet<string> = new Set(['abstract', 'concrete', 'generic', 'legacy', 'convenience']);
/** "Call this function to…", "Use this at the end of test_main whenever…": the reader's act, where or what for. */
const CALL_THIS = /^(call|use)\s+this(?:\s+(?:function|method|option))?\s+(?=(?:to|at|in|when|whenever|before|after)\s)/i;

/**
 * "Encodes the payload into base64 form…": a verb in its third person, which the tagger, meeting it
 * capitalised and unknown, takes for a name and leaves as it is, reads as its base form does.
 */
function readsAsVerbForm(word: string): boolean {
  if (readsAsVerb(word)) return true;
  const base = /(?:sh|ch|ss|x|z)es$/.test(word) ? word.slice(0, -2) : /[^su]s$/.test(word) ? word.slice(0, -1) : undefined;
  return base !== undefined && readsAsVerb(base);
}

/** The entry's first sentence as what it does, when it opens with a verb ("Converts the dataclass obj to a dict"), or what an attribute is. */
function description(described: Sentence, attribute: boolean): string | undefined {
  const sentence = withoutDefault(described);
  const lead = leadOf(sentence) ?? selfReference(sentence) ?? insteadOf(sentence);
  if (lead) {
    const does = description(lead.rest, attribute);
    return does && (lead.adverb ? `${lead.adverb} ${does}` : does);
  }
  if (sentence.words < MIN_WORDS || sentence.words > MAX_WORDS || !/\.$/.test(sentence.text.trim())) return undefined;
  // "Return the outcome of the test b in a. Note the reversed operands.": a one-letter name before the
  // full stop kept two sentences together; a question asks by one.
  if (/\.\s+\p{Lu}/u.test(sentence.text)) return undefined;
  const [first, ...rest] = sentence.tokens;
  if (
    !first ||
    !/^\p{Lu}/u.test(first.text) ||
    NOTICE.test(sentence.text) ||
    ONLY_A_PROPERTY.test(sentence.text) ||
    PARAMETERS_ONLY.test(sentence.text) ||
    POINTS_ABOVE.test(withoutBackPointer(sentence.text))
  )
    return undefined;
  // "Using auto with Flag results in integers that are powers of two": a gerund is the subject of a note, no verb of the entry's;
  // "Given the path to a PEP 3147 file name, return…" opens with the condition, its verb after it.
  if ((first.lower.endsWith('ing') && first.lower !== first.lemma) || first.lower === 'given') return undefined;
  // "Like gettext(), but…" before "like" read as a verb.
  const saying = sayingOf(sentence.tokens, sentence.text);
  if (saying) return asked(saying);
  // "Group has read permission": a subject and its verb, a clause about the constant's value, no verb of the constant's.
  if (attribute && first.lower === first.lemma && (rest[0]?.pos === 'AUX' || rest[0]?.pos === 'VERB') && rest[0].lower !== rest[0].lemma) return undefined;
  // "Limits on the number of entries…", "Maximum number of…", "String that will be prepended…": an attribute's noun before a
  // preposition or a relative clause, though "to limit" and "to string" are verbs;
  // "True if…": its value.
  const noun =
    attribute &&
    // "Mask for file owner permissions": a word in its base form before a preposition names what the constant is.
    (((rest[0]?.pos === 'ADP' || rest[0]?.lower === 'for') && (first.pos !== 'VERB' || first.lower === first.lemma)) ||
      /^(?:that|which)$/.test(rest[0]?.lower ?? '') ||
      /^(?:true|false)$/.test(first.lower) ||
      // "Group ID of the user…": a noun before "of" makes the first word a noun too.
      (NOMINAL.has(rest[0]?.pos ?? '') && rest[1]?.lower === 'of'));
  // "Sequence of Frame instances sorted…": a class described by what it is, a noun before "of", says nothing it does;
  // nor does "Abstract base class for unions…", an adjective before its noun though "to abstract" is a verb, nor
  // "Concrete implementation of importlib.abc.SourceLoader.path_stats()".
  const nounOf = (first.pos !== 'VERB' && rest[0]?.lower === 'of') || (NOUN_OPENERS.has(first.lower) && NOMINAL.has(rest[0]?.pos ?? ''));
  // "True if this network is partly or wholly contained in other…" of a method: the value it returns.
  if (!attribute && /^(?:true|false)$/.test(first.lower)) return asked(`returns ${first.text}${sentence.text.slice(first.text.length)}`);
  if (!readsAsVerbForm(first.lemma.toLowerCase()) || noun || nounOf) return attribute ? attributeDescription(sentence) : undefined;
  // "Commits that are referred by some branch or tag are selected.": a verb for the relative clause after the first
  // word and one more for the sentence make that word its subject.
  if (/^(?:that|which)$/.test(rest[0]?.lower ?? '') && sentence.tokens.filter((token) => /^(?:is|are)$/.test(token.lower)).length >= 2) return undefined;
  // "Promise contexts may not get precise executionAsyncIds…": a noun and its verb after the first word make
  // it a sentence's subject ("Promise contexts"), no verb saying what the entry does.
  if (rest[0]?.pos === 'NOUN' && rest[1]?.pos === 'AUX') return undefined;
  // "Hook method executed just before the command line is interpreted", "Class method that attempts to find a
  // spec…": the first word names a kind of method, not what the entry does; the entry is that method.
  if (METHOD_NOUNS.has(rest[0]?.lower ?? '') && ((rest[1]?.pos === 'VERB' && /ed$/.test(rest[1].lower)) || /^(?:that|which)$/.test(rest[1]?.lower ?? '')))
    return asked(`is the ${first.lower}${sentence.text.slice(first.text.length)}`);
  // "Call this function to specify a recording source": the reader's act, which the entry is there for.
  const called = CALL_THIS.exec(sentence.text);
  if (called) return asked(`is ${called[1]?.toLowerCase() === 'use' ? 'used' : 'called'} ${sentence.text.slice(called[0].length)}`);
  // "Raised by any of the functions when an error is detected": what is done with the entry. "Altered an
  // exponent to fit…" (decimal's Clamped signal) is what happened, its object after it: no passive to ask with.
  if (first.pos === 'VERB' && /ed$/.test(first.lower) && first.lemma !== first.lower)
    return rest[0]?.pos === 'DET' ? undefined : asked(`is ${first.lower}${sentence.text.slice(first.text.length)}`);
  // "Collapse and truncate the given text", "Mark the graph as finished and check for cycles": every verb
  // joined to the first agrees with the thing asked about.
  // "Enable/disable the use of Nagle's algorithm": two verbs with a slash between are either one.
  const [and, second] = rest;
  // "Suspend or resume input or output": two verbs with "or" between are either one too.
  const joiner =
    and?.lower === 'and' || and?.lower === 'or' ? ` ${and.lower}` : and?.text === '/' && and.space === '' && second?.space === '' ? ' or' : undefined;
  const coordinated = joiner !== undefined && second !== undefined && readsAsVerb(second.lower);
  // "…; return a Differ-style delta", "…, otherwise return False": a verb after a semicolon or an
  // "otherwise" goes on saying what the entry does.
  // "Fetch and/or change the signal mask": "or" after "and/" joins as "and" does.
  // "Perform the same operation as sub(), but return a tuple": a verb after "but" goes on saying what it does
  // too, with its object ("…, but offset and cropped by…" is a participle).
  // "…, but do not traverse their ancestors", "…but keep HEAD and the index untouched": before "not" or a name too.
  const joining = (token: Token | undefined, before?: Token, next?: Token) =>
    token?.lower === 'and' ||
    (token?.lower === 'but' && (next?.pos === 'DET' || next?.pos === 'PROPN' || next?.lower === 'not' || OBJECT_PRONOUNS.has(next?.lower ?? ''))) ||
    token?.lower === 'otherwise' ||
    token?.text === ';' ||
    (token?.lower === 'or' && before?.text === '/');
  let joinedVerbs = coordinated ? 1 : 0;
  const agreeing = rest.map((token, index) => {
    // "Do not remove anything; just report…", "Don’t actually remove anything, just show…", "…; instead, exit…": an
    // adverb, and a comma after it, between the joining word (here a comma too) and the verb it joins.
    const comma = rest[index - 1]?.text === ',' && JOINING_ADVERBS.has(rest[index - 2]?.lower ?? '') ? 1 : 0;
    const adverb = JOINING_ADVERBS.has(rest[index - 1 - comma]?.lower ?? '') ? 1 + comma : 0;
    const joiner = rest[index - 1 - adverb];
    if (
      index - adverb <= 1 ||
      !(
        joining(joiner, rest[index - 2 - adverb], rest[index + 1]) ||
        (joiner?.text === ',' && (adverb === 1 || endsSeries(rest, index))) ||
        afterJoinedCondition(rest, index)
      ) ||
      // "…; see setswitchinterval()": a pointer elsewhere, no verb of the entry's.
      token.lower === 'see' ||
      // "(but resets the head to <commit>, just like all modes do)": an aside in brackets says what the entry does in its own words.
      inBrackets(rest, index) ||
      joinsNoVerbOfTheEntry(rest, index) ||
      // ", and dispatch to action methods" closes a series of verbs rather than joining parts of an object.
      !isJoinedVerb(token, rest.slice(index + 1), joinedVerbs > 0 && rest[index - 2 - adverb]?.text !== ',')
    )
      return token;
    joinedVerbs += 1;
    return { ...token, text: thirdPerson(token.text) };
  });
  const words = coordinated ? [{ ...second, text: thirdPerson(second.text), space: ' ' }, ...agreeing.slice(2)] : agreeing;
  const text = `${thirdPerson(first.text)}${coordinated ? joiner : ''}${words.map((token) => token.space + token.text).join('')}`;
  return asked(text);
}

/**
 * "moves to the “Main” initialization phase, finish the Python initialization": a second verb after a comma
 * alone, which nothing joins to the first, so the question leaves it in its base form. A participle goes on
 * well ("…, maintaining the heap invariant", "…, given a namespaceURI"), and so does an aside in brackets
 * ("(that is, show a report in the browser…)").
 */
export function leavesAVerbUnjoined(does: string): boolean {
  const word = UNJOINED_VERB.exec(does.replace(/\([^()]*\)/g, ''))?.[1];
  return word !== undefined && !/(?:ing|ed|en|s)$/.test(word) && readsAsVerb(word);
}
const UNJOINED_VERB = /,\s+(\p{Ll}+)\s+(?:the|a|an|its|their)\s/u;

/**
 * "Return a logger with the specified name or, if name is None, return the root logger": a condition in
 * commas between the joining word and the second verb, which goes on saying what the entry does.
 */
function afterJoinedCondition(rest: readonly Token[], index: number): boolean {
  if (rest[index - 1]?.text !== ',') return false;
  const start = rest.slice(0, index - 1).findLastIndex((token) => token.text === ',' || CONDITIONS.has(token.lower));
  const before = rest[start - 1]?.text === ',' ? rest[start - 2] : rest[start - 1];
  return CONDITIONS.has(rest[start]?.lower ?? '') && (before?.lower === 'or' || before?.lower === 'and');
}

/**
 * "Repeatedly issue a prompt, accept input, parse an initial prefix…, and dispatch to action methods": a verb
 * after a comma is one of a series of the entry's verbs when ", and" or ", or" closes the series after it.
 */
const endsSeries = (rest: readonly Token[], index: number) =>
  rest.slice(index + 1).some((token, at, after) => token.text === ',' && (after[at + 1]?.lower === 'and' || after[at + 1]?.lower === 'or'));

/** Whether the token at `index` stands inside brackets opened before it. */
const inBrackets = (tokens: readonly Token[], index: number) =>
  tokens.slice(0, index).reduce((depth, token) => depth + (token.text === '(' ? 1 : token.text === ')' ? -1 : 0), 0) > 0;

/** "just", "instead": an adverb that may stand between a joining word and the second verb of an entry's description. */
const JOINING_ADVERBS: ReadonlySet<string> = new Set(['just', 'instead', 'only', 'then', 'simply']);

const MAX_MEANING_WORDS = 6;
/**
 * "errno.ENOENT: No such file or directory.", "errno.EIO: I/O error": a code's meaning in a few words, no
 * sentence, is what the constant stands for. A verb of its own ("Use the default…") says how to use it.
 */
function codeMeaning(sentence: Sentence): string | undefined {
  const text = sentence.text.trim().replace(/\.$/, '');
  const [first] = sentence.tokens;
  if (!first || !/^\p{Lu}/u.test(first.text) || sentence.words < 2 || sentence.words > MAX_MEANING_WORDS || /[.;:!?"“”]/.test(text)) return undefined;
  if (
    sentence.tokens.some((token) => token.pos === 'AUX' || (token.pos === 'VERB' && token !== first && token.lower !== token.lemma && /s$/.test(token.lower)))
  )
    return undefined;
  return `stands for "${text}"`;
}

/** A description with what leads into its verb set aside: the verb's adverb, if any, and the sentence from the verb on. */
type Lead = { adverb?: string; rest: Sentence };

/**
 * "Silently overwrite ignored files…", "Interactively select hunks…": an adverb before the verb, which the
 * question keeps before the verb that agrees ("silently overwrites…"); "Quiet, suppress feedback messages."
 * (git checkout --quiet): the option's name as a label before what it does, which the question leaves out.
 */
function leadOf(sentence: Sentence): Lead | undefined {
  const [first, comma] = sentence.tokens;
  if (!first || !/^\p{Lu}\p{Ll}+$/u.test(first.text)) return undefined;
  const adverb = /ly$/.test(first.lower);
  const skipped = comma?.text === ',' ? 2 : 1;
  const verb = sentence.tokens[skipped];
  if ((!adverb && skipped === 1) || !verb || verb.lower !== verb.lemma || !readsAsVerb(verb.lower)) return undefined;
  const text = sentence.text.slice(sentence.text.indexOf(verb.text, first.text.length));
  const rest = {
    ...sentence,
    text: capitaliseFirst(text),
    words: sentence.words - 1,
    tokens: [{ ...verb, text: capitaliseFirst(verb.text) }, ...sentence.tokens.slice(skipped + 1)],
  };
  return { ...(adverb ? { adverb: first.lower } : {}), rest };
}

/**
 * "This function returns true if the worker's process has terminated…" (Node's worker.isDead), "This option
 * determines how the supplied commit message should be cleaned up…" (git commit --cleanup): the entry names itself
 * before the verb saying what it does, which the question says of it. "This option is only applicable…", "This
 * option may be specified…" say how it is used, not what it does.
 */
function selfReference(sentence: Sentence): Lead | undefined {
  const [demonstrative, noun, verb] = sentence.tokens;
  if (
    demonstrative?.text !== 'This' ||
    !/^(?:option|function|method|flag)$/.test(noun?.lower ?? '') ||
    !verb ||
    verb.pos === 'AUX' ||
    !/[^s]s$/.test(verb.lower)
  )
    return undefined;
  if (verb.lemma === verb.lower || !readsAsVerb(verb.lemma)) return undefined;
  const text = sentence.text.slice(sentence.text.indexOf(verb.text, demonstrative.text.length + (noun?.text.length ?? 0)));
  return {
    rest: {
      ...sentence,
      text: capitaliseFirst(text),
      words: sentence.words - 2,
      tokens: [{ ...verb, text: capitaliseFirst(verb.text) }, ...sentence.tokens.slice(3)],
    },
  };
}

/**
 * "Instead of applying the patch, output diffstat for the input." (git apply --stat): what the entry does after
 * what it does in its stead, which the question says after it ("…outputs diffstat for the input instead of
 * applying the patch").
 */
function insteadOf(sentence: Sentence): Lead | undefined {
  const { tokens } = sentence;
  const comma = tokens.findIndex((token) => token.text === ',');
  const verb = tokens[comma + 1];
  const last = tokens.at(-1);
  if (
    tokens[0]?.text !== 'Instead' ||
    tokens[1]?.lower !== 'of' ||
    comma < 3 ||
    !verb ||
    verb.lower !== verb.lemma ||
    !readsAsVerb(verb.lower) ||
    last?.text !== '.'
  )
    return undefined;
  const reordered = [
    { ...verb, text: capitaliseFirst(verb.text), space: '' },
    ...tokens.slice(comma + 2, -1),
    { ...tokens[0], text: 'instead', space: ' ' },
    ...tokens.slice(1, comma),
    last,
  ];
  const text = reordered.map((token) => token.space + token.text).join('');
  return { rest: { ...sentence, text, tokens: reordered } };
}

/** "(default: 70) The maximum length of wrapped lines.": an attribute's default before what it is. */
function withoutDefault(sentence: Sentence): Sentence {
  if (!/^\(default:[^)]*\)\s+\S/.test(sentence.text)) return sentence;
  const close = sentence.tokens.findIndex((token) => token.text === ')');
  return { ...sentence, text: sentence.text.replace(/^\(default:[^)]*\)\s+/, ''), tokens: sentence.tokens.slice(close + 1) };
}

/**
 * "Outputs the record to the file, catering for rollover as described previously.", "…from the data in desc,
 * described below.", "Determines optparse’s behaviour when this option is seen on the command line; the
 * available options are documented here.", "Generate patch (see section on generating patches).": a pointer into
 * the page, which a question or card does not show; what the sentence says without it stands alone.
 */
export const withoutBackPointer = (text: string) =>
  text
    .replace(/\s*\(see\s[^()]*\)/gi, '')
    .replace(/,?\s+as\s+(?:described|explained|discussed|noted|shown)\s+(?:above|previously|earlier|before)(?=\.?$)/i, '')
    .replace(/;\s+[^;]*\b(?:described|documented|listed|explained)\s+(?:here|above|below)(?=\.?$)/i, '')
    .replace(/,\s+(?:as\s+)?(?:described|explained|listed|shown)\s+(?:below|above)(?=\.?$)/i, '');

/**
 * A description as a question says it: without its full stop, without a pointer elsewhere ("…in the heap,
 * see V8 GetHeapCodeAndMetadataStatistics API."), and naming the functions it mentions by their names
 * ("passed to find() to get…" → "passed to find to get…"), as a question's text holds no code, and
 * without a second sentence joined by a comma ("…to a line of ASCII characters, the return value is the
 * converted line…"), which a question cannot go on into, nor into what an "i.e." restates ("…and apply it on
 * top of the current working tree state, i.e., do the inverse operation of git stash push", whose verb
 * would not agree), nor into what a colon spells out in a clause of its own ("…a new strong reference to an
 * object: increment the reference count…", the same; "…in Set-Cookie: headers that…" goes on), and without a footnote's mark ("…header to quoted-printable [1]").
 */
const asked = (text: string) =>
  withoutBackPointer(text.replace(/\s*\.$/, ''))
    .replace(/:\s+(\p{Ll}+)\b.*$/su, (colon, word: string) => (readsAsVerb(word) ? '' : colon))
    .replace(/[,;]\s+see\s.*$/is, '')
    .replace(/,?\s+i\.e\.,?\s.*$/is, '')
    .replace(/\s\[\d+\](?=\s|$)/g, '')
    .replace(/,\s+(?:the|its)\s+(?:\p{L}+\s+){0,2}(?:is|are)\s.*$/isu, '')
    .replace(/(?<=\w)\(\)(?!\w)/g, '');

/**
 * "Mapping class that references keys weakly", "Class that simulates a dictionary", "Concrete class for
 * urlsplit() results", "Function similar to PyErr_WarnEx(), but…": a description that opens with what the entry
 * is, not with a verb a question can say it does ("Which class classes…", "Which function functions similar…"),
 * though it describes the entry well for a card.
 */
const NAMES_WHAT_IT_IS = /^(?:\p{L}+ing|(?:(?!(?:the|a|an|this|that)\s)\p{L}+\s+)?class(?:es)?|function\s+similar\b)\b/iu;

/**
 * "…to compare the directories a and b. ignore is a list of names…": a parameter's name in lower case
 * after a full stop kept the next sentence in the description; a card may show both, a question asks by one.
 */
const RUNS_ON = /(?<!\b(?:e\.g|i\.e|etc|vs|cf))\.\s+\p{Ll}/u;

/**
 * "Returns a list of PerformanceEntry objects in chronological order…" said of getEntries and, with a
 * filter by name after it, of getEntriesByName; "Return r length subsequences…" of combinations and, with
 * repeats allowed, of combinations_with_replacement: an entry whose description goes on from the stem's
 * words fits the question as well, so it is no wrong option. (Words shared out of order are not enough:
 * dropwhile "drops elements … as long as the predicate is true" is a fair wrong option for takewhile.)
 * An attribute asked as what it "is" ("is the final path component") is fitted by one described as that
 * and more ("The final path component, without its suffix").
 */
function saysAllOf(description: string, does: string, member: string): boolean {
  if (namesAmongItsCases(description, does) || qualifiesAWordOf(description, does, member) || returnsTheSame(description, does)) return true;
  return ` ${comparisonKey(description)} `.includes(` ${comparisonKey(does.replace(/^is\s+/, ''))} `);
}

/**
 * PyCode_New "Return a new code object." beside PyCode_NewEmpty "Return a new empty code object with the
 * specified filename…", PyCallIter_New "Return a new iterator." beside PySeqIter_New "Return an iterator that
 * works with a general sequence object", PyUnicode_New "Create a new Unicode object." beside PyUnicode_DecodeUTF8
 * "Create a Unicode object by decoding…": a stem that says no more than what the entry gives fits every entry
 * returning or creating that kind of thing.
 */
function returnsTheSame(description: string, does: string): boolean {
  const result = SHORT_RESULT.exec(does)?.[1];
  if (result === undefined) return false;
  return new RegExp(`^(?:returns?|creates?)\\s+(?:a|an|the)\\s+(?:new\\s+)?(?:[\\w-]+\\s+){0,2}?${escapeRegExp(result)}\\b`, 'i').test(description);
}
/** "returns a new code object", "creates a new Unicode object": what the entry gives, in three words at most, and nothing else. */
const SHORT_RESULT = /^(?:returns|creates)\s+(?:a|an|the)\s+(?:new\s+)?((?:[\w-]+\s+){0,2}[\w-]+)$/i;

/**
 * isdev "Return True if it is one of character device, block device or FIFO." beside isblk "returns True if
 * it is a block device": an entry whose description lists the stem's case among others fits it as well.
 */
function namesAmongItsCases(description: string, does: string): boolean {
  if (!/\bone\s+of\b/i.test(description)) return false;
  const words = new Set(comparisonTokens(description));
  return comparisonTokens(does).every((word) => words.has(word) || ARTICLES.has(word));
}

/**
 * get_string "Return a string representation of the message corresponding to key" beside __getitem__ "returns a
 * representation of the message corresponding to key": the stem's words with a qualifier set before one of its
 * nouns, one the entry's name says, fit as well. "…all variables' values in…" (values) names another thing,
 * "…the inverse hyperbolic tangent…" (atanh) the opposite, and "…is a Python generator function" goes on past
 * "…is a generator".
 */
function qualifiesAWordOf(description: string, does: string, member: string): boolean {
  const stem = comparisonTokens(does.replace(/^is\s+/, ''));
  const other = comparisonTokens(description);
  const inserted = other.length - stem.length;
  if (inserted < 1 || inserted > MAX_QUALIFIERS) return false;
  let same = 0;
  while (same < stem.length && stem[same] === other[same]) same += 1;
  const qualifier = other.slice(same, same + inserted);
  return (
    same > 0 &&
    same < stem.length &&
    !FUNCTION_WORDS.has(stem[same] ?? '') &&
    qualifier.some((word) => word.length >= MIN_QUALIFIER_CHARS && member.toLowerCase().includes(word)) &&
    stem.slice(same).join(' ') === other.slice(same + inserted).join(' ')
  );
}
const MAX_QUALIFIERS = 2;
const MIN_QUALIFIER_CHARS = 3;
const FUNCTION_WORDS: ReadonlySet<string> = new Set(['in', 'of', 'to', 'for', 'from', 'with', 'on', 'at', 'by', 'and', 'or', 'as']);

/** "LC_COLLATE": the prefix a family of constants shares. */
const familyPrefix = (entry: Entry) => /^([\p{Lu}\d]+)_/u.exec(entry.member)?.[1];

/**
 * "LC_COLLATE", "LC_NUMERIC" beside "CODESET", "T_FMT": constants named with a prefix enough of them
 * share are a family of their own (locale's categories beside nl_langinfo's codes), each asked among
 * its own family only.
 */
function constantFamilies(entries: Entry[]): Entry[][] {
  if (entries[0]?.kind !== 'constant') return [entries];
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const prefix = familyPrefix(entry);
    if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const familyOf = (entry: Entry) => {
    const prefix = familyPrefix(entry);
    return prefix && (counts.get(prefix) ?? 0) >= OPTIONS ? prefix : '';
  };
  const families = new Map<string, Entry[]>();
  for (const entry of entries) families.set(familyOf(entry), [...(families.get(familyOf(entry)) ?? []), entry]);
  return [...families.values()];
}

/** An entry of the reference and, when it opens with what it does, that as a question asks it ("returns …"). */
export type DescribedEntry = Entry & { does?: string };

/**
 * "TLSVersion.MINIMUM_SUPPORTED" and "TLSVersion.MAXIMUM_SUPPORTED" over "The minimum or maximum supported SSL or
 * TLS version.", "ast.ListComp()" … "ast.DictComp()" over "List and set comprehensions, generator expressions,
 * and dictionary comprehensions.": names printed together over a description that names what sets each apart
 * share it, none of them described alone. Aliases share one that names none of them apart ("operator.not_" and
 * "operator.__not__", "turtle.forward()" and "turtle.fd()" over "Move the turtle forward…").
 */
function saysEachOf(labels: readonly string[], description: string): boolean {
  if (labels.length < 2) return false;
  // "Test that first and second are (or are not) the same object." over assertIs and assertIsNot: said of both at once.
  if (/\(or\s[^)]+\)/.test(description)) return true;
  // "MINIMUM_SUPPORTED" → minimum, supported; "ListComp" → list, comp.
  const names = labels.map((label) =>
    (label.replace(/\(.*$/s, '').split('.').at(-1) ?? '')
      .split(/_+|(?<=\p{Ll})(?=\p{Lu})/u)
      .filter(Boolean)
      .map((word) => word.toLowerCase()),
  );
  const shortest = Math.min(...names.map((words) => words.length));
  const same = (at: (words: string[]) => string | undefined) => names.every((words) => at(words) === at(names[0] ?? []));
  let prefix = 0;
  while (prefix < shortest && same((words) => words[prefix])) prefix += 1;
  let suffix = 0;
  while (suffix < shortest - prefix && same((words) => words.at(-1 - suffix))) suffix += 1;
  const said = description.toLowerCase().split(/[^\p{L}\d]+/u);
  // What sets each name apart, its first word: "minimum" of "MINIMUM_SUPPORTED", "dict" of "DictComp" ("dictionary").
  return names.every((words) => {
    const apart = words[prefix];
    return prefix < words.length - suffix && apart !== undefined && apart.length >= 2 && said.some((word) => word.startsWith(apart));
  });
}

/**
 * The reference's entries, grouped by their module, class or object and kind (the entries a question
 * offers as options); overloads, which describe one name several times, are no entry of their own,
 * and entries described alike are described by neither.
 */
export function describedEntries(analysis: Analysis): DescribedEntry[][] {
  // An entry opens with what it does, after the list of what it takes ("* `port` {number} Port to listen on…").
  const firstSentence = new Map<string, Sentence>();
  for (const sentence of analysis.sentences) {
    const listed = analysis.blocks[sentence.block]?.kind === 'bullet';
    const { section } = sentence;
    if (section && (isSignature(section) || isMemberName(section)) && !listed && !firstSentence.has(section)) firstSentence.set(section, sentence);
  }
  const groups = new Map<string, Entry[]>();
  const module = titleModule(analysis.title);
  for (const [label, sentence] of firstSentence) {
    if (saysEachOf([...(analysis.namesAbove.get(label) ?? []), label], sentence.text)) continue;
    const entry = entryOf(label, sentence, enclosingSection(analysis, sentence), module);
    if (!entry) continue;
    const key = `${entry.prefix}|${entry.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  // A program's commands ("git rerere status") and long options ("git tag --force") are its entries, each among its
  // kind: a learner of the tool asks which option does what, as one of a library asks which function does.
  for (const { kind, program, name, parameters, sentence } of manualEntriesOf(analysis)) {
    if (kind === 'command' || (kind === 'option' && name.startsWith('--') && !SAID_OF_SEVERAL.test(sentence.text)))
      groups.set(kind, [...(groups.get(kind) ?? []), { prefix: program, member: name, kind, parameters, sentence }]);
  }
  return [...groups.values()].flatMap(constantFamilies).map((entries) => {
    // Overloads ("new URLSearchParams()" thrice) are one entry with several descriptions: none is the answer alone.
    const members = entries.map((entry) => entry.member);
    const distinct = entries.filter((entry) => members.indexOf(entry.member) === members.lastIndexOf(entry.member));
    // Two entries described alike ("assert.rejects()" and "assert.doesNotReject()" both open "Awaits the
    // asyncFn promise…") are both right for that description.
    const described = distinct.map(
      (entry) =>
        description(entry.sentence, entry.kind === 'attribute' || entry.kind === 'constant' || entry.kind === 'exception') ??
        (entry.kind === 'constant' ? codeMeaning(entry.sentence) : undefined),
    );
    return distinct.map((entry, index) => {
      const does = described[index];
      return does && described.indexOf(does) === described.lastIndexOf(does) && !readsParameterAsWord(entry, does) ? { ...entry, does } : entry;
    });
  });
}

/**
 * PyEval_EvalFrame "Evaluate an execution frame. This is a simplified interface to PyEval_EvalFrameEx(), for
 * backward compatibility.": an entry that calls itself a simpler way to another does what that one does, so
 * neither is a wrong option for the other.
 */
function simplifies(analysis: Analysis, entry: Entry, other: Entry): boolean {
  const names = simplifiedInterfaces(analysis).get(entry.sentence.section ?? '');
  return names?.has(other.member.split('.').at(-1) ?? '') ?? false;
}
const SIMPLIFIED = /\bsimplified\s+(?:interface|version|form)\s+(?:to|of)\s+([\w.]+)\(\)/g;
const interfacesRead = new WeakMap<Analysis, Map<string, Set<string>>>();
/** For each entry's section, the entries it says it is a simplified interface to, read once per analysis. */
function simplifiedInterfaces(analysis: Analysis): Map<string, Set<string>> {
  const known = interfacesRead.get(analysis);
  if (known) return known;
  const interfaces = new Map<string, Set<string>>();
  for (const sentence of analysis.sentences) {
    for (const match of sentence.text.matchAll(SIMPLIFIED)) {
      const label = sentence.section ?? '';
      interfaces.set(label, (interfaces.get(label) ?? new Set()).add(match[1]?.split('.').at(-1) ?? ''));
    }
  }
  interfacesRead.set(analysis, interfaces);
  return interfaces;
}

export function entryQuestions({ analysis, difficulty }: Build): Candidate[] {
  const preference = byDifficulty(difficulty, { easy: 0.7, medium: 0.6, hard: 0.6 });
  if (preference === undefined) return [];
  return describedEntries(analysis).flatMap((entries) => {
    if (entries.length < OPTIONS) return [];
    const option = (entry: Entry) => makeOption(entry.member, { family: ENTRY_FAMILY, units: new Set([entry.sentence.unit]), codeName: true });
    // "console.info(): an alias for console.log()": an entry that names the answer in its description may do the same.
    // "Which v8 function generates a snapshot of the current V8 heap…?": a description that names its entry
    // gives it away, unless it names every wrong option as well (getHeapSnapshot, getHeapSpaceStatistics).
    // "Which function is similar to Py_NewRef, but…?": an entry the stem names by its code name is no wrong
    // option either ("radians" of "…in radians" is a word too).
    // Each entry's name as a word, compiled once for the group rather than once per pair of entries.
    // "--sign" is a word of its own where no letter or dash runs on ("--sign" of "--no-sign" is not).
    const nameOf = new Map(
      entries.map((entry) => [
        entry,
        new RegExp(entry.kind === 'option' ? `(?<![\\w-])${escapeRegExp(entry.member)}(?![\\w-])` : `\\b${escapeRegExp(entry.member)}\\b`),
      ]),
    );
    const named = (entry: Entry, text: string) => nameOf.get(entry)?.test(text) ?? false;
    // "This function is analogous to getgeneratorlocals(), but…": an entry the description calls, however plain its name.
    const namedInStem = (entry: Entry, does: string, text: string) =>
      (/[_\p{Lu}\d]/u.test(entry.member) && named(entry, does)) || (text.includes(`${entry.member}(`) && named(entry, text));
    const optionsFor = (answer: Entry, does: string): Option[] =>
      entries
        .filter(
          (other) =>
            !named(answer, other.sentence.text) &&
            !namedInStem(other, does, answer.sentence.text) &&
            !saysAllOf(other.sentence.text, does, other.member) &&
            !simplifies(analysis, answer, other) &&
            !simplifies(analysis, other, answer),
        )
        .filter((other) => other !== answer && (!namesItself(spokenName(answer), does) || namesItself(spokenName(other), does)))
        .map(option);
    return entries.flatMap((entry): Candidate[] => {
      const { does } = entry;
      // "…why the peer's certificate was not been verified": a slip of the page's grammar the stem would repeat.
      if (
        !does ||
        spellsItsCode(entry.member, does) ||
        NAMES_WHAT_IT_IS.test(entry.sentence.text) ||
        RUNS_ON.test(does) ||
        DOUBLED_AUXILIARY.test(does) ||
        leavesAVerbUnjoined(does) ||
        optionsFor(entry, does).length < OPTIONS - 1
      )
        return [];
      return [
        {
          kind: 'entry',
          preference,
          position: entry.sentence.id,
          fact: `sentence:${entry.sentence.id}`,
          question: () => ({
            stem: `Which ${[entry.prefix, entry.kind].filter(Boolean).join(' ')} ${does}?`,
            answer: option(entry),
            pools: [{ family: ENTRY_FAMILY, options: optionsFor(entry, does) }],
            explanation: quoteExplanation(`${entryName(entry)}: ${entry.sentence.text}`, entry.member),
            source: sentenceReference(analysis, entry.sentence, entry.member),
          }),
        },
      ];
    });
  });
}
