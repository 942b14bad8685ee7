import type { Content, Part } from '@google/genai';
import type { z } from 'zod';
import { parseJsonAnswer, type GeminiAnswer } from './client.ts';
import { repairRequest } from './prompts.ts';

// The validate-and-repair loop: ask, check the answer (JSON, schema, quality rules, citations), and
// when something is wrong ask again in the same conversation, listing the problems; at most
// `maxAttempts` answers in all. Item lists keep what was good and ask only for the rest.

export type Ask = (contents: Content[], schema: z.ZodType) => Promise<GeminiAnswer>;

export type Judgement<T> = { value: T } | { problems: string[] };

export interface Judge<T> {
  judge(json: unknown): Judgement<T>;
  /** What to ask for after a rejected answer, given what was accepted so far. */
  next(): { ask: string; schema: z.ZodType; kept?: string[] };
}

/** The answers kept failing; `problems` are those of the last one. */
export class RepairExhausted extends Error {
  readonly problems: string[];
  constructor(attempts: number, problems: string[]) {
    super(
      `the model's answer was still unusable after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
    );
    this.name = 'RepairExhausted';
    this.problems = problems;
  }
}

// The rejected answer goes back to the model so it can see what it wrote; a runaway answer is cut.
const ECHO_CHARS = 12_000;

const userTurn = (prompt: string | Part[]): Content => ({ role: 'user', parts: typeof prompt === 'string' ? [{ text: prompt }] : prompt });

export async function askUntilValid<T>(ask: Ask, options: { prompt: string | Part[]; schema: z.ZodType; maxAttempts: number; judge: Judge<T> }): Promise<T> {
  let schema = options.schema;
  let followUp: Content[] = [];
  let problems: string[] = [];
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const answer = await ask([userTurn(options.prompt), ...followUp], schema);
    const parsed = parseJsonAnswer(answer);
    const judgement = parsed.ok ? options.judge.judge(parsed.value) : { problems: [parsed.problem] };
    if ('value' in judgement) return judgement.value;
    problems = judgement.problems;
    const next = options.judge.next();
    schema = next.schema;
    followUp = [{ role: 'model', parts: [{ text: answer.text.slice(0, ECHO_CHARS) || '(empty)' }] }, userTurn(repairRequest({ problems, ...next }))];
  }
  throw new RepairExhausted(options.maxAttempts, problems);
}

export const zodProblems = (error: z.ZodError, prefix = ''): string[] =>
  error.issues.slice(0, 10).map((issue) => `${prefix}${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export type ItemRules<D, T> = {
  /** "card", "question": how items are named to the model. */
  noun: string;
  /** The answer's property holding the list. */
  listKey: string;
  itemSchema: z.ZodType<D>;
  /** The answer schema when asking for `count` more items. */
  answerSchema: (count: number) => z.ZodType;
  wanted: number;
  /** Quizzes need exactly `wanted`; flashcards take fewer when the model offers fewer without faults. */
  exact: boolean;
  /** Checks one draft against the rules and what is already kept. */
  accept: (draft: D, kept: readonly T[]) => { item: T } | { problem: string };
  describe: (item: T) => string;
};

/** A judge that keeps every acceptable item across attempts and asks only for the missing ones. */
export function itemCollector<D, T>(rules: ItemRules<D, T>): Judge<T[]> & { readonly accepted: T[] } {
  const accepted: T[] = [];
  return {
    accepted,
    judge(json) {
      const list = isRecord(json) ? json[rules.listKey] : undefined;
      if (!Array.isArray(list)) return { problems: [`the answer has no "${rules.listKey}" list`] };
      const problems: string[] = [];
      const before = accepted.length;
      list.forEach((raw, index) => {
        if (accepted.length >= rules.wanted) return;
        const label = `${rules.noun} ${index + 1}`;
        const parsed = rules.itemSchema.safeParse(raw);
        if (!parsed.success) {
          problems.push(...zodProblems(parsed.error, `${label}: `));
          return;
        }
        const verdict = rules.accept(parsed.data, accepted);
        if ('item' in verdict) accepted.push(verdict.item);
        else problems.push(`${label}: ${verdict.problem}`);
      });
      if (accepted.length >= rules.wanted || (!rules.exact && problems.length === 0 && accepted.length > 0)) return { value: accepted };
      if (problems.length === 0) problems.push(`the answer had ${list.length} ${rules.noun}s where ${rules.wanted - before} were asked for`);
      return { problems };
    },
    next() {
      const need = rules.wanted - accepted.length;
      const count = rules.exact ? `exactly ${need}` : `up to ${need}`;
      return {
        ask: `Answer again with ${count} new ${rules.noun}${need === 1 ? '' : 's'} that avoid these problems, in the same JSON shape.`,
        schema: rules.answerSchema(need),
        kept: accepted.map(rules.describe),
      };
    },
  };
}
