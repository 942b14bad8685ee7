import type { Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { MANUAL_TITLE } from './headings.ts';
import { wordCount } from './text.ts';

// "git rerere status: Print paths with conflicts whose merge resolution rerere will record.", "git
// replace --delete: Delete existing replace refs for the given objects.": a manual page's commands and
// options are to its program what an API reference's entries are to a library, each named and opened
// with what it does; a learner of the tool asks which command or option does what.

/**
 * "COMMANDS", "SUBCOMMANDS", "OPTIONS": the sections of a manual page that list what its program does, one
 * item each; "VARIABLES" lists what it reads or shows ("GIT_AUTHOR_IDENT: The author of a piece of code.").
 */
const LISTING = /^(?:(?:sub)?commands|options|variables)$/i;
/**
 * "forget <pathspec>: Reset…", "get-ref: Print…": a command's name, what it takes, and after the colon what
 * it does; "--graft <commit> [<parent>…]: Create…", "--format=<format>: When listing…", "--gpg-sign[=<keyid>]:
 * GPG-sign commits.": an option's. A page
 * may list its commands among its options ("write: Write a new MIDX file." under git-multi-pack-index's OPTIONS).
 */
const ITEM = /^(?<name>--?[\p{L}\d][\p{L}\d-]*|\p{Ll}[\p{Ll}\d-]*|\p{Lu}[\p{Lu}\d_]*)(?<takes>[=\s[][^:]*)?:\s+\S/u;
/** "<pathspec>", "<object>" of "forget <pathspec>": what a command takes, as its manual page writes it. */
const PLACEHOLDER = /<([\w-]+)>/g;

export type ManualEntry = { kind: 'command' | 'option' | 'variable'; program: string; name: string; parameters: string[]; sentence: Sentence };

/** Manual sections of programs: user commands (1) and administration commands (8); "gitremote-helpers(7)" describes a protocol. */
const PROGRAM_SECTIONS: ReadonlySet<string> = new Set(['1', '8']);

/** "git-rerere(1)" → "git rerere": the program as its text runs it (Git's commands by a space, others as titled). */
export function programOf(analysis: Analysis): string | undefined {
  const { program, section } = MANUAL_TITLE.exec(analysis.title?.trim() ?? '')?.groups ?? {};
  if (!program || !PROGRAM_SECTIONS.has(section ?? '')) return undefined;
  const spaced = program.replace('-', ' ');
  return spaced !== program && analysis.sentences.some((sentence) => sentence.text.includes(`${spaced} `)) ? spaced : program;
}

/** Each analysis's entries, read once: the questions, the cards and every branch of the map ask for them. */
const read = new WeakMap<Analysis, ManualEntry[]>();

/** A program's manual page's commands and options, each with the first sentence of what it does (the name and colon cut off). */
export function manualEntriesOf(analysis: Analysis): ManualEntry[] {
  const known = read.get(analysis);
  if (known) return known;
  const entries = readEntries(analysis);
  read.set(analysis, entries);
  return entries;
}

const APPLIES_TO = /^This option is (?:only )?valid for\b[^.]*\.$/;

function readEntries(analysis: Analysis): ManualEntry[] {
  const program = programOf(analysis);
  if (!program) return [];
  return analysis.blocks.flatMap((block) => {
    // "--soft: Does not touch the index file…": an option listed wherever the page lists it (git-reset's modes, under DESCRIPTION).
    const listed = ITEM.exec(block.text);
    const item = LISTING.test(block.section?.trim() ?? '') || listed?.groups?.name?.startsWith('-') ? listed : null;
    const first = analysis.sentences[block.sentenceIds[0] ?? -1];
    const colon = first?.tokens.findIndex((token) => token.text === ':') ?? -1;
    if (!item?.groups?.name || !first || colon < 0) return [];
    const text = first.text.slice(first.text.indexOf(':') + 1).trim();
    const parameters = [...(item.groups.takes ?? '').matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    const next = analysis.sentences[block.sentenceIds[1] ?? -1];
    // "--all: This option is only valid for the deinit command. Unregister all submodules…": where the option
    // applies, before the sentence that says what it does.
    const sentence = APPLIES_TO.test(text) && next ? next : { ...first, text, tokens: first.tokens.slice(colon + 1), words: wordCount(text) };
    const { name } = item.groups;
    const kind = name.startsWith('-') ? 'option' : /^\p{Lu}/u.test(name) ? 'variable' : 'command';
    return [{ kind, program, name, parameters, sentence }];
  });
}
