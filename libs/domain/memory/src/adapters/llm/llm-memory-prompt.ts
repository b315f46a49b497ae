import { StatementKind } from '../../inference/statement-signals';
import { InferredMemory, MemoryInferenceInput } from '../../ports/memory-inference';

// What the LLM inference asks, and how its answer is read. Kept apart from the adapter so the
// prompt can be read (and tuned) on its own.

/** The kinds the offline inference gives too: one set, whoever inferred the memory. */
export const MEMORY_KINDS: readonly StatementKind[] = ['fact', 'preference', 'plan', 'date'];

/** As the offline inference: at most this many statements, each at most this long. */
export const MAX_MEMORIES = 64;
export const MAX_MEMORY_CHARS = 400;

/** The answer's shape; strict (every property required, nothing else allowed) for structured outputs. */
export const MEMORY_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['memories'],
  properties: {
    memories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['text', 'kind'],
        properties: {
          text: { type: 'string', description: 'One short third-person statement about the user.' },
          kind: { type: 'string', enum: [...MEMORY_KINDS] },
        },
      },
    },
  },
};

export const SYSTEM_PROMPT = `You extract long-term memories about a user from what they said to an assistant.

Return the durable facts, preferences, plans and dates the user states about themselves, each as one short standalone statement in the third person, naming the user by the name given (or "The user" when none is given). Examples: "Ana works as a nurse in Lisbon.", "Ana loves surfing at dawn.", "Ana plans to visit Japan next spring.".

Rules:
- Take memories only from the user's own words; the assistant's turns are context, never a source of facts about the user.
- Leave out greetings, thanks, small talk, questions, and anything temporary or trivial.
- Make relative dates absolute against today's date, keeping the original words: "next Friday (19 May 2023)".
- One fact per statement, at most ${MAX_MEMORY_CHARS} characters; no duplicates; keep the order in which they were said.
- kind is one of: "fact" (who they are, what they do or have done), "preference" (likes, dislikes, wants, diets, allergies), "plan" (what they intend or have scheduled), "date" (a dated event that fits none of the others).
- Follow the caller's instructions when given, unless they conflict with these rules.
- Nothing worth remembering: an empty list.

Answer with JSON only: {"memories": [{"text": "...", "kind": "fact"}]}`;

function isoDay(date: Date): string {
  const weekday = date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${date.toISOString().slice(0, 10)}`;
}

/** The user message: who the user is, today's date, the caller's instructions, then what was said. */
export function userPrompt(input: MemoryInferenceInput): string {
  const name = input.user_name?.trim() || 'The user';
  const lines = [`User's name: ${name}`, `Today: ${isoDay(input.reference_time)}`];
  if (input.custom_instructions?.trim()) {
    lines.push('', 'Instructions from the caller:', input.custom_instructions.trim());
  }
  if (input.raw_text !== undefined && input.raw_text.trim() !== '') {
    // A text is the user's own, unless its lines say who speaks ("Name: …").
    lines.push('', `Text written by ${name}:`, input.raw_text.trim());
  } else {
    lines.push('', 'Conversation:');
    for (const pair of input.user_assistant_pairs ?? []) {
      if (pair.user?.trim()) lines.push(`${name}: ${pair.user.trim()}`);
      if (pair.assistant?.trim()) lines.push(`Assistant: ${pair.assistant.trim()}`);
    }
  }
  return lines.join('\n');
}

/**
 * The model's answer, checked field by field: an item that is not an object, has no text, a text
 * too long, or a kind outside MEMORY_KINDS is dropped, and so is a repeated text. `null` when the
 * answer is not `{memories: [...]}` at all, or when every item it listed was dropped: then the
 * model said nothing usable (an empty list is an answer: nothing worth keeping).
 */
export function readAnswer(value: unknown): InferredMemory[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const listed = (value as { memories?: unknown }).memories;
  if (!Array.isArray(listed)) return null;
  const seen = new Set<string>();
  const memories: InferredMemory[] = [];
  for (const item of listed) {
    if (typeof item !== 'object' || item === null) continue;
    const { text: rawText, kind: rawKind } = item as { text?: unknown; kind?: unknown };
    if (typeof rawText !== 'string' || typeof rawKind !== 'string') continue;
    const text = rawText.replace(/\s+/g, ' ').trim();
    const kind = rawKind.trim().toLowerCase() as StatementKind;
    if (text === '' || text.length > MAX_MEMORY_CHARS || !MEMORY_KINDS.includes(kind)) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    memories.push({ text, kind });
    if (memories.length >= MAX_MEMORIES) break;
  }
  return listed.length > 0 && memories.length === 0 ? null : memories;
}
