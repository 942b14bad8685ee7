import { zipf } from './commonness.ts';
import { isTitleCase } from './text.ts';

// Headings that head nothing a reader studies: page chrome and apparatus, callout boxes, and lines a
// layout took for headings that are really sentences, code or hex dumps.

const CHROME_LABEL =
  /^(?:prev(?:ious)?|next|up|home|download|footnotes?|see also|contents|table of contents|index|navigation|go|sidebar|(?:external )?links|further reading|bibliography|show source|report a bug|this page|(?:previous|next) topic|quick search)\b/i;
/** "The Debian Administrator's HandbookNext": a printed page's header with its navigation link glued on. */
const GLUED_NAVIGATION = /\p{Ll}(?:Next|Prev)$/u;
/** "CULTURE Character sets", "TIP Text shortcuts for cron": a box beside the text, labelled with an everyday word in capitals. */
const CALLOUT = /^(\p{Lu}{3,})(?:\s\p{Lu}{2,})*\s+\p{Lu}?\p{Ll}/u;
/** A word of everyday English in capitals ("NOTE", "CULTURE", "COMMUNITY"), as a box's label prints it. */
export const isEverydayCapitals = (word: string | undefined) => word !== undefined && zipf(word.toLowerCase()) >= CALLOUT_WORD_ZIPF;
const isCallout = (label: string) => isEverydayCapitals(CALLOUT.exec(label)?.[1]);
const CALLOUT_WORD_ZIPF = 3.2;
/**
 * "TOOL debconf …", "DEBIAN POLICY Pre-Depends, …": a printed page's box label run into the text after
 * it, an everyday word in capitals (or a run of capitals ending in one) before the box's title.
 */
export function opensWithCallout(text: string): boolean {
  if (isCallout(text)) return true;
  // "CAUTION IPv6 tunneling and firewalls": a label books print on their boxes, whatever its title.
  // "COMMUNITY CUPS" too; but a title all in capitals without such a label is a heading ("EXIT STATUS
  // CODES", a manual page's "NOTES ON FREQUENTLY CONFUSED OPTIONS"), whatever everyday words it has.
  if (isBoxLabel(/^(\p{Lu}+)\s+\S/u.exec(text.trim())?.[1])) return true;
  const words = text.trim().split(/\s+/);
  if (words.length >= 2 && words.every((word) => /^\p{Lu}[\p{Lu}\d-]*$/u.test(word))) return false;
  const run = /^((?:\p{Lu}{2,}\s+){2,})\p{Lu}/u.exec(text)?.[1]?.trim().split(/\s+/);
  return isEverydayCapitals(run?.at(-1));
}

/** "NOTE UEFI", "Sidebar ALTERNATIVE deborphan": a box's label in capitals, whatever follows it. */
export const isBoxLabel = (word: string | undefined) => word !== undefined && /^\p{Lu}{3,}$/u.test(word) && BOX_LABELS.has(word.toLowerCase());

/** The labels books print on their sidebars. */
const BOX_LABELS = new Set([
  'note',
  'tip',
  'warning',
  'caution',
  'important',
  'community',
  'culture',
  'vocabulary',
  'tool',
  'security',
  'history',
  'documentation',
  'alternative',
  'beware',
  'hint',
  'sidebar',
  'perspective',
  'extra',
  'hardware',
  'discovery',
  'complements',
  'tools',
]);

/**
 * "Note", "Warning": the title of a box beside the text, as converted pages print it above the box. A
 * manual page's "NOTES", in its sections' capitals, is a section of the page.
 */
const ADMONITION = /^(?:notes?|warning|tip|caution|important|hint|attention|danger)$/i;
export const isAdmonition = (label: string) => ADMONITION.test(label) && label !== 'NOTES';
/**
 * "Section 8.2.5, “Automatic Network Configuration for": a cross-reference, or a line that stops on a word
 * that needs more or inside a quotation; a straight quote left open is the odd one ('"name"' is closed).
 */
const CUT_LINE = /^section\s+\d|\s(?:for|of|the|a|an|and|or|to|in|with|on|by)$|[“(][^”)]*$|^[^"]*"(?:[^"]*"[^"]*")*[^"]*$/iu;
/** "Example 10.10. Example of IPv6 configuration", "Figure 8.1 …", "Example B.1. …": the caption of what is shown, not a section. */
const CAPTION = /^(?:example|figure|table|listing)\s+(?:[A-Z]\.)?\d+(?:\.\d+)*\.?\s/i;
/** "Bus 001 Device 004: ID 04f3:0c03 Elan…": a line of a command's output, with its padded numbers and hex ids. */
const CONSOLE_LINE = /\b0\d{2,}\b.*\b0\d{2,}\b|\b[0-9a-f]{4}:[0-9a-f]{4}\b/i;
/** "Source code: Lib/secrets.py": where a reference page's module lives, no section of it. */
const SOURCE_LINK = /^source code:\s/i;
export const isSourceLink = (line: string) => SOURCE_LINK.test(line.trim());
/** "The value of i is 65536": a program's printed output, a statement of a value, not a title. */
const PRINTED_VALUE = /\s(?:is|are|was|equals)\s+-?\d[\d.,]*$/i;
/**
 * "The channel continues to collect data forever": a subject, its verb and what follows it, in lower case
 * after an article: a table's cell or a sentence without its full stop, no title.
 */
const DESCRIBING_CLAUSE = /^(?:[Tt]he|[Aa]n?)\s+\p{Ll}+\s+\p{Ll}+s\s+(?:to|the|a|an|all|its|their|on|in|with|for|from|by|into)\s/u;
/** "None", "True": a value a table's cell names ("None" over "The channel continues to collect data forever"), no title. */
const VALUE_NAME = /^(?:None|True|False|NULL)$/;
/**
 * "We assume the following in /etc/services", "As with all packages, you just have to do": the author
 * speaking to the reader, a sentence; a title asks ("I can't…: why?") or names.
 */
/**
 * "Report bugs to bug-ed@gnu.org", "Ed home page: http://…", "Copyright (C) 1993, 1994 Andrew L. Moore": an address
 * to write to or a copyright notice, a README's lines no section is titled by.
 */
const ADDRESS_OR_NOTICE = /\S@[\w-]+\.\p{L}|\b(?:https?|ftp):\/\/|^copyright\s+(?:\(c\)\s*|©\s*)?\d{4}/iu;
/** "Return type: Connection", "Parameters: …": a reference's field list, its label and value, no section. */
const FIELD_LABEL = /^(?:return type|returns|parameters|raises|type):\s/i;
/** "Which produces" between an example and its output, "This gives": a clause leading into what follows, no title. */
const LEAD_IN = /^(?:which|this|that)\s+\p{Ll}+s(?:\s+\p{Ll}+){0,2}$/iu;
const SPOKEN_CLAUSE = /^(?:[^,]+,\s+)?(?:we|you|they)\s+(?!and\b|or\b)\p{Ll}+\b(?!.*\?$)/iu;

/**
 * "os.cpus()", "new StringDecoder([encoding])", "buf.write(string[, offset])": an API reference heads
 * each section with the signature of what it documents, the reference's own concepts.
 */
const SIGNATURE = /^(?:new\s+)?[\p{L}_$][\w$]*(?:\.[\w$]+)*\((?:[^()]|\([^()]*\))*\)$/u;
export const isSignature = (label: string) => SIGNATURE.test(label.trim());
/** "asyncio.subprocess.PIPE", "errno.EPERM": a module's constant, named in full, its own name in capitals. */
const CONSTANT_NAME = /^[\p{Ll}_]\w*(?:\.\w+)*\.\p{Lu}[\p{Lu}\d_]+$/u;
export const isConstantName = (label: string) => CONSTANT_NAME.test(label.trim());
/** "math.pi", "mimetypes.types_map": a module's or an object's data, named in full in lower case. */
const DATA_NAME = /^[\p{Ll}_]\w*(?:\.[\p{Ll}_]\w*)+$/u;
export const isDataName = (label: string) => DATA_NAME.test(label.trim());
/** What heads a reference's entry: a signature, or a constant named in full. */
export const isEntryHeading = (label: string) => isSignature(label) || isConstantName(label);
/** What heads a printed reference's entry, where no markup levels it: data and attributes named in full as well ("math.pi", "Node.nodeValue"). */
export const isPrintedEntryHeading = (label: string) => isEntryHeading(label) || isMemberName(label) || C_API_TYPE.test(label.trim());
/** "PySendResult", "PyTupleObject", "PyFloat_Type": a C API's type or variable, which a printed page heads by its declaration, an entry beside its functions. */
const C_API_TYPE = /^_?Py[\p{Lu}_]\w*$/u;
/** "PyWeakref_Check", "PyInstanceMethod_New": a C API function's name, in the API's own style (a capital, then a word and an underscore). */
export const isCApiName = (name: string) => /^\p{Lu}[\p{L}\d]*_\w+$/u.test(name);

const DUNDER = /\b__\w+?__\b/g;
/** "add_argument()", "test.support.socket_helper": a function named with its call's brackets, or a module by its dotted name, as prose names them. */
const NAMED_CODE = /\b[\p{L}_][\w.]*\(\)|\b[\p{L}_]\w*(?:\.\w+)+/gu;
/** "… ICU (system-icu)", "… Installer (FAI)": a title's closing aside of a word or two, after a space. */
const NAMING_ASIDE = /\p{L}.*\s\(`?[\p{L}\d][\w.+-]*`?(?:\s[\w.+-]+)?\)$/u;
/** "The tp_call Protocol": a title in capitals that names a name of the code in its own lower case. */
export const CODE_IN_TITLE = /^The\s+[a-z]\w*_\w*(?:\s+\p{Lu}\p{Ll}+){1,3}$/u;
/** "TextWrapper.expand_tabs": a reference's entry for a member of a class, named as the reference names it. */
const MEMBER = /^[\p{L}_]\w*(?:\.\w+)+$/u;
/** "JSONDecodeError.msg", "csv.QUOTE_ALL": an entry for an attribute or a constant, named without parentheses. */
export const isMemberName = (label: string) => MEMBER.test(label.trim());
/** Page chrome ("Prev", "Download"), apparatus ("Footnotes", "See also"), a callout, or a sentence, code or hex dump a layout took for a heading. */
export function isChromeOrSentence(label: string): boolean {
  const trimmed = label.trim();
  if (isSignature(trimmed)) return false;
  // "69 65 73 3a 20 0a": a hex dump has no word in it; "CARD32 ICON_NAME_OFFSET" is a line of code, but
  // "__annotations__ Quirks" names a concept of the language, "The add_argument() method" a function and
  // "test.support.socket_helper — Utilities for socket tests" a module.
  const wordless =
    !/\p{L}{3,}/u.test(trimmed) || (/\w_\w/.test(trimmed.replace(DUNDER, '').replace(NAMED_CODE, '')) && !MEMBER.test(trimmed) && !CODE_IN_TITLE.test(trimmed));
  return (
    CHROME_LABEL.test(trimmed) ||
    isAdmonition(trimmed) ||
    GLUED_NAVIGATION.test(trimmed) ||
    // A question is a section's title as often as not ("Who specifies the namespace?"), and so is a
    // title ending in a short aside naming its subject ("Build with a pre-installed ICU (system-icu)").
    /[:.!]$/.test(trimmed) ||
    (trimmed.endsWith(')') && !NAMING_ASIDE.test(trimmed)) ||
    (trimmed.split(/\s+/).length > 10 && !isTitleCase(trimmed)) ||
    opensWithCallout(trimmed) ||
    wordless ||
    CUT_LINE.test(trimmed) ||
    CAPTION.test(trimmed) ||
    CONSOLE_LINE.test(trimmed) ||
    SOURCE_LINK.test(trimmed) ||
    PRINTED_VALUE.test(trimmed) ||
    SPOKEN_CLAUSE.test(trimmed) ||
    DESCRIBING_CLAUSE.test(trimmed) ||
    VALUE_NAME.test(trimmed) ||
    ADDRESS_OR_NOTICE.test(trimmed) ||
    LEAD_IN.test(trimmed) ||
    FIELD_LABEL.test(trimmed)
  );
}

/**
 * "References", "Footnotes", "Acknowledgements", "See also:": apparatus, whose text (names, citations, notes) is
 * no subject matter; so is a README's "License", "Copyright and licensing", "Authorship and Licensing" or
 * "Authors & Credits" (the licence's notice, who wrote it).
 */
const APPARATUS =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:footnotes?|references|bibliography|acknowledg(?:e)?ments?|credits|see also|further reading|(?:external )?links|revision history(?: and acknowledg(?:e)?ments?)?|licen[cs]e|licensing|(?:copyright|authorship|authors?)(?:\s+(?:and|&)\s+(?:licen[cs](?:e|ing)|credits))?):?$/i;

/**
 * "NAME", "SYNOPSIS", "AUTHOR": a manual page's apparatus, in the capitals manual pages set them in ("Name"
 * may be a subject); so is Git's "GIT" ("Part of the git(1) suite") that ends each of its pages.
 */
const MANUAL_APPARATUS = /^(?:NAME|SYNOPSIS|AUTHORS?|REPORTING BUGS|COPYRIGHT|GIT)$/;

export function isApparatus(label: string): boolean {
  return APPARATUS.test(label.trim()) || MANUAL_APPARATUS.test(label.trim());
}

/** "gittutorial(7)", "git-log(1)": a manual page's title, its program's name and section, no call. */
export const MANUAL_TITLE = /^(?<program>[\w.-]+)\((?<section>\d)\w*\)$/;

/** A manual page's "DESCRIPTION": the page's own opening, which its title heads, not one of its parts. */
export const opensManualPage = (label: string) => label.trim() === 'DESCRIPTION';

/** A page's navigation ("Previous topic", "This Page", "Navigation"): the whole section under it is chrome. */
export function isPageChrome(label: string): boolean {
  return CHROME_LABEL.test(label.trim()) || GLUED_NAVIGATION.test(label.trim());
}

/** "Prev6.9. Automatic Upgrades", "NextChapter 7. …", "Up", "Home": a saved page's navigation links as list items. */
const NAVIGATION_LINK = /^(?:Prev|Next|Up|Home)(?:$|(?=\p{Lu}|\d))/u;
export const isNavigationLink = (text: string) => NAVIGATION_LINK.test(text.trim());
