/** What makes a sentence worth remembering as a statement about the user. */
export type StatementKind = 'preference' | 'plan' | 'fact' | 'date';

const FIRST_PERSON = /\b(I|I'm|I've|I'll|I'd|my|me|mine|myself)\b/;

const PREFERENCE =
  /\b(like|likes|love|loves|loved|enjoy|enjoys|enjoyed|prefer|prefers|adore|hate|hates|dislike|dislikes|can't stand|favou?rite|fan of|into|passionate about|obsessed with|allergic to|vegetarian|vegan)\b/i;

const PLAN =
  /\b(going to|gonna|plan|plans|planning|will|'ll|intend|intending|hope to|hoping to|want to|wants to|would like to|thinking (?:of|about)|about to|looking forward to|next (?:week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|tomorrow|soon|upcoming|schedule[ds]?)\b/i;

const FACT =
  /\b(I'm|I am|I was|I've|I have|I had|I work|I worked|I live|I lived|I study|I studied|I moved|I got|I bought|I started|I joined|I finished|I graduated|I met|I went|I visited|I adopted|I lost|I won|I made|I took|I ran|I volunteer|I teach|I play|I read|I wrote|I painted|I signed up|my \w+(?: \w+)? (?:is|are|was|were|has|have|had|just|recently))\b/i;

/** Small talk carries no fact even when it says "I". */
const SMALL_TALK =
  /^(hi|hey|hello|thanks|thank you|bye|goodbye|good (?:morning|night|evening)|ok|okay|sure|yes|no|yeah|cool|great|wow|lol|haha)\b[\s!.,]*$/i;

export function classify(sentence: string, hasDate: boolean): StatementKind | null {
  const text = sentence.trim();
  if (text.length < 12 || text.endsWith('?') || SMALL_TALK.test(text)) return null;
  if (!FIRST_PERSON.test(text)) return null;
  if (PREFERENCE.test(text)) return 'preference';
  if (PLAN.test(text)) return 'plan';
  if (FACT.test(text)) return 'fact';
  if (hasDate) return 'date';
  return null;
}
