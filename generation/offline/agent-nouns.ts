import { readsAsVerb } from './nlp.ts';

// Nouns that name a doer: "parser", "scheduler", "server", "logger", "emitter", "developer" — a
// program, a component or a person that does what its verb says. A sentence gives a doer something to
// do ("the _____ takes requests and executes them"), so a wrong option beside it must be able to do
// things too: a level, a backslash or a format string cannot. Judged: blanks and definitions whose
// answer is a doer and whose wrong options are mostly not were kept 2 times in 16.

const AGENT_SUFFIX = /^(?<stem>.{3,}?)(?:er|or)$/;
/**
 * Words in -er/-or whose stem is a verb but that name no doer: things ("folder", "buffer", "layer") and
 * the symbols and names of a program's text ("operator", "identifier", "delimiter").
 */
const NOT_DOERS = new Set([
  'number',
  'header',
  'layer',
  'letter',
  'error',
  'buffer',
  'folder',
  'corner',
  'cursor',
  'master',
  'water',
  'matter',
  'manner',
  'banner',
  'border',
  'order',
  'member',
  'chapter',
  'character',
  'parameter',
  'register',
  'filter',
  'paper',
  'cover',
  'power',
  'answer',
  'offer',
  'color',
  'colour',
  'floor',
  'door',
  'mirror',
  'vector',
  'factor',
  'sector',
  'anchor',
  'minor',
  'major',
  'operator',
  'identifier',
  'pointer',
  'modifier',
  'specifier',
  'qualifier',
  'delimiter',
  'separator',
  'placeholder',
  'counter',
  'container',
  'indicator',
  'descriptor',
]);

const readings = new Map<string, boolean>();

/** Whether a head noun's lemma names a doer: it ends in -er/-or and what is left is a verb ("pars(e)", "emit(t)", "identif(y)"). */
export function isDoer(head: string): boolean {
  let doer = readings.get(head);
  if (doer !== undefined) return doer;
  const stem = AGENT_SUFFIX.exec(head)?.groups?.stem;
  const verbs = stem ? [stem, `${stem}e`, stem.replace(/(\p{L})\1$/u, '$1'), stem.replace(/i$/, 'y')] : [];
  doer = !NOT_DOERS.has(head) && verbs.some((verb) => verb.length >= 3 && readsAsVerb(verb));
  readings.set(head, doer);
  return doer;
}

/** What a definition says its term is, when that is a doer: "The program that takes requests…" makes a server one. */
const DOER_GENERA = new Set([
  'program',
  'tool',
  'utility',
  'daemon',
  'service',
  'server',
  'machine',
  'computer',
  'device',
  'process',
  'command',
  'application',
  'person',
  'engine',
  'agent',
]);

export function isDoerGenus(genus: string | undefined): boolean {
  return genus !== undefined && (DOER_GENERA.has(genus) || isDoer(genus));
}
