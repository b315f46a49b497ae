import { CANONICAL_PREDICATES } from '../offline/predicate-rules';

export const ENTITY_TYPES = [
  'person',
  'organization',
  'location',
  'product',
  'event',
  'date',
  'concept',
  'email',
  'url',
  'error_code',
] as const;

/** What the model must answer for one chunk (OpenAI structured outputs: every field required). */
export const EXTRACTION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['entities', 'relations'],
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'aliases'],
        properties: {
          name: { type: 'string' },
          type: { type: 'string', enum: [...ENTITY_TYPES] },
          aliases: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    relations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['source', 'predicate', 'canonical_predicate', 'target', 'time', 'confidence'],
        properties: {
          source: { type: 'string' },
          predicate: { type: 'string' },
          canonical_predicate: { type: 'string' },
          target: { type: 'string' },
          time: { type: ['string', 'null'] },
          confidence: { type: 'number' },
        },
      },
    },
  },
} as const;

export const SYSTEM_PROMPT = [
  'You extract a knowledge graph from one passage of text.',
  `Entities: the people, organizations, locations, products, events, dates, concepts, e-mail addresses, URLs and error codes the passage names. Types: ${ENTITY_TYPES.join(', ')}. Use the fullest name the passage gives; list other names it uses for the same entity (a surname, an abbreviation) as aliases. Resolve pronouns to the entity they stand for.`,
  `Relations: what the passage states between two of its entities, as source, predicate (as written, e.g. "was born in"), canonical_predicate and target. canonical_predicate is one of: ${CANONICAL_PREDICATES.join(', ')}; only when none fits, a short verb phrase of your own. For a passive ("was founded by X"), the doer is the source. time: the time phrase that dates the relation ("in 1867", "last Tuesday"), or null. confidence: 0 to 1, how clearly the passage states it.`,
  'State only what the passage says. Answer with JSON only.',
].join('\n');

/** The JSON mode's prompt carries the schema itself (no server-side schema to lean on). */
export function userPrompt(text: string, jsonMode: 'json_schema' | 'json_object'): string {
  const schema =
    jsonMode === 'json_object'
      ? `\nAnswer with a JSON object of this JSON Schema:\n${JSON.stringify(EXTRACTION_SCHEMA)}\n`
      : '';
  return `${schema}\nPassage:\n"""\n${text}\n"""`;
}
