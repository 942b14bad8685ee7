import type { Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { MANUAL_TITLE } from './headings.ts';
import { wordCount } from './text.ts';

// "git rerere status: Print paths with conflicts whose merge resolution rerere will record.": a manual
// page's commands are to its program what an API reference's entries are to a library, each named and
// opened with what it does; a learner of the tool asks which command does what.

/** "COMMANDS", "SUBCOMMANDS": the section of a manual page that lists what its program does, one command an item. */
const COMMANDS_SECTION = /^(?:sub)?commands$/i;
/** "forget <pathspec>: Reset…", "get-ref: Print…": a command's name, what it takes, and after the colon what it does. */
const COMMAND_ITEM = /^(?<name>\p{Ll}[\p{Ll}\d-]*)(?<takes>\s[^:]*)?:\s+\S/u;
/** "<pathspec>", "<object>" of "forget <pathspec>": what a command takes, as its manual page writes it. */
const PLACEHOLDER = /<([\w-]+)>/g;

export type Subcommand = { program: string; name: string; parameters: string[]; sentence: Sentence };

/** Manual sections of programs: user commands (1) and administration commands (8); "gitremote-helpers(7)" describes a protocol. */
const PROGRAM_SECTIONS: ReadonlySet<string> = new Set(['1', '8']);

/** "git-rerere(1)" → "git rerere": the program as its text runs it (Git's commands by a space, others as titled). */
function programOf(analysis: Analysis): string | undefined {
  const { program, section } = MANUAL_TITLE.exec(analysis.title?.trim() ?? '')?.groups ?? {};
  if (!program || !PROGRAM_SECTIONS.has(section ?? '')) return undefined;
  const spaced = program.replace('-', ' ');
  return spaced !== program && analysis.sentences.some((sentence) => sentence.text.includes(`${spaced} `)) ? spaced : program;
}

/** A manual page's commands, each with the first sentence of what it does (the name and colon cut off). */
export function subcommandsOf(analysis: Analysis): Subcommand[] {
  const program = programOf(analysis);
  if (!program) return [];
  return analysis.blocks.flatMap((block) => {
    const item = COMMANDS_SECTION.test(block.section?.trim() ?? '') ? COMMAND_ITEM.exec(block.text) : null;
    const first = analysis.sentences[block.sentenceIds[0] ?? -1];
    const colon = first?.tokens.findIndex((token) => token.text === ':') ?? -1;
    if (!item?.groups?.name || !first || colon < 0) return [];
    const text = first.text.slice(first.text.indexOf(':') + 1).trim();
    const parameters = [...(item.groups.takes ?? '').matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    return [{ program, name: item.groups.name, parameters, sentence: { ...first, text, tokens: first.tokens.slice(colon + 1), words: wordCount(text) } }];
  });
}
