import { UserAssistantPair } from '@trove/contracts';
import * as chrono from 'chrono-node';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { classify, StatementKind } from './statement-signals';
import { toThirdPerson } from './third-person';

export interface InferenceInput {
  raw_text?: string;
  user_assistant_pairs?: UserAssistantPair[];
  /** Who "I" is; "The user" when unknown. */
  user_name?: string;
  /** The moment relative dates ("next Friday", "yesterday") are resolved against. */
  reference_time: Date;
}

export interface InferredStatement {
  text: string;
  kind: StatementKind;
}

/** At most this many statements per memory, each at most this long: a memory is not a document. */
const MAX_STATEMENTS = 64;
const MAX_STATEMENT_CHARS = 400;

const RELATIVE = /\b(today|tonight|tomorrow|yesterday|next|last|this|ago|in \d+|coming|past)\b/i;
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

let nlp: ReturnType<typeof winkNLP> | undefined;
function sentences(text: string): string[] {
  nlp ??= winkNLP(model);
  return nlp.readDoc(text).sentences().out();
}

/** "Next Friday" means a date: say which, so the statement stands on its own later. */
function resolveDates(sentence: string, reference: Date): { text: string; hasDate: boolean } {
  const found = chrono.parse(sentence, reference, { forwardDate: false });
  let text = sentence;
  for (const result of [...found].reverse()) {
    if (!RELATIVE.test(result.text)) continue;
    const end = result.index + result.text.length;
    text = `${text.slice(0, end)} (${DAY.format(result.start.date())})${text.slice(end)}`;
  }
  return { text, hasDate: found.length > 0 };
}

/** Lines written as "Name: words" belong to that speaker; other text to the user. */
function speakerTurns(text: string, userName: string): { speaker: string; text: string }[] {
  return text
    .split(/\r?\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^([A-Z][\w .'-]{0,40}):\s+(.+)$/.exec(line);
      if (!match) return { speaker: userName, text: line };
      const speaker = match[1]!.trim();
      return { speaker: /^(user|me)$/i.test(speaker) ? userName : speaker, text: match[2]! };
    })
    .filter((turn) => !/^(assistant|ai|bot|system)$/i.test(turn.speaker));
}

/**
 * Offline inference for memories with `infer: true`: short standalone statements of the facts,
 * preferences, plans and dates that the user states about themselves, rewritten in the third
 * person with the user's name and with relative dates made absolute. Rule-based (sentence
 * splitting by wink-nlp, dates by chrono), so it runs anywhere without a model; it keeps what a
 * speaker says about themselves and leaves out questions, small talk and the assistant's words.
 */
export function inferStatements(input: InferenceInput): InferredStatement[] {
  const userName = input.user_name?.trim() || 'The user';
  const turns =
    input.raw_text !== undefined && input.raw_text.trim() !== ''
      ? speakerTurns(input.raw_text, userName)
      : (input.user_assistant_pairs ?? []).flatMap((pair) => speakerTurns(pair.user ?? '', userName));
  const seen = new Set<string>();
  const statements: InferredStatement[] = [];
  for (const turn of turns) {
    for (const sentence of sentences(turn.text)) {
      const { text, hasDate } = resolveDates(sentence.trim(), input.reference_time);
      const kind = classify(sentence, hasDate);
      if (!kind) continue;
      const statement = toThirdPerson(text, turn.speaker).slice(0, MAX_STATEMENT_CHARS);
      const key = statement.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      statements.push({ text: statement, kind });
      if (statements.length >= MAX_STATEMENTS) return statements;
    }
  }
  return statements;
}
