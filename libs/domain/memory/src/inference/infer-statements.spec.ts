import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inferStatements } from './infer-statements';
import { thirdPersonVerb, toThirdPerson } from './third-person';

const MONDAY = new Date('2023-05-08T13:56:00Z');

describe('third person', () => {
  it('conjugates present verbs and keeps past forms', () => {
    assert.equal(thirdPersonVerb('like'), 'likes');
    assert.equal(thirdPersonVerb('watch'), 'watches');
    assert.equal(thirdPersonVerb('try'), 'tries');
    // (Words that name JavaScript properties are words: "constructor" is no table lookup.)
    assert.equal(thirdPersonVerb('constructor'), 'constructors');
    assert.equal(thirdPersonVerb('valueOf'), 'valueOfs');
    assert.equal(thirdPersonVerb('have'), 'has');
    assert.equal(thirdPersonVerb('went'), 'went');
    assert.equal(thirdPersonVerb('adopted'), 'adopted');
  });

  it('rewrites the speaker’s pronouns only', () => {
    assert.equal(toThirdPerson('I really love hiking with my dog', 'Caroline'), 'Caroline really loves hiking with Caroline\'s dog');
    assert.equal(toThirdPerson("I'm moving to Berlin and I've found a flat", 'Sam'), 'Sam is moving to Berlin and Sam has found a flat');
    assert.equal(toThirdPerson('My sister gave me her bike', 'Jess'), "Jess's sister gave Jess her bike");
    assert.equal(toThirdPerson('I went to the gym', 'The user'), 'The user went to the gym');
  });
});

describe('inferStatements', () => {
  it('keeps facts, preferences, plans and dates from a realistic conversation', () => {
    const statements = inferStatements({
      user_assistant_pairs: [
        { user: 'Hi there!', assistant: 'Hello! How can I help you today?' },
        {
          user: "I'm a nurse at St. Mary's and I work night shifts. Honestly I love my job.",
          assistant: 'That sounds rewarding. Do you get time off?',
        },
        {
          user: "I'm flying to Lisbon next Friday for my brother's wedding. What should I pack?",
          assistant: 'Light clothes and comfortable shoes.',
        },
        { user: "I'm allergic to peanuts, so please remember that.", assistant: 'Noted, I will remember.' },
        { user: 'Yesterday I adopted a kitten named Miso.', assistant: 'Congratulations!' },
      ],
      user_name: 'Maria',
      reference_time: MONDAY,
    });
    const texts = statements.map((s) => s.text);
    assert.ok(texts.includes("Maria is a nurse at St. Mary's and Maria works night shifts."), texts.join('\n'));
    assert.ok(texts.some((t) => /Maria loves Maria's job/.test(t)), texts.join('\n'));
    assert.ok(
      texts.some((t) => t.startsWith('Maria is flying to Lisbon next Friday (19 May 2023) for Maria\'s brother\'s wedding')),
      texts.join('\n'),
    );
    assert.ok(texts.some((t) => /Maria is allergic to peanuts/.test(t)), texts.join('\n'));
    assert.ok(texts.some((t) => /Yesterday \(7 May 2023\) Maria adopted a kitten named Miso/.test(t)), texts.join('\n'));
    // Questions, greetings and the assistant's words are not statements about the user.
    assert.ok(!texts.some((t) => /pack|Hello|Congratulations|Light clothes|help you/.test(t)), texts.join('\n'));
    const kinds = new Map(statements.map((s) => [s.text, s.kind]));
    assert.equal(kinds.get(texts.find((t) => t.includes('allergic'))!), 'preference');
    assert.equal(kinds.get(texts.find((t) => t.includes('Lisbon'))!), 'plan');
  });

  it('attributes "Name: …" lines to their speaker and defaults to "The user"', () => {
    const statements = inferStatements({
      raw_text: 'Caroline: I went to a LGBTQ support group yesterday and it was so powerful.\nMelanie: I painted a lake sunrise last year.\nI prefer tea over coffee.',
      reference_time: MONDAY,
    });
    const texts = statements.map((s) => s.text);
    assert.ok(texts.some((t) => t.startsWith('Caroline went to a LGBTQ support group yesterday (7 May 2023)')), texts.join('\n'));
    assert.ok(texts.some((t) => t.startsWith('Melanie painted a lake sunrise last year')), texts.join('\n'));
    assert.ok(texts.includes('The user prefers tea over coffee.'), texts.join('\n'));
  });

  it('finds nothing in small talk, questions or text without the speaker', () => {
    assert.deepEqual(
      inferStatements({ raw_text: 'Hello! How are you? The weather in Oslo is cold.', reference_time: MONDAY }),
      [],
    );
    assert.deepEqual(inferStatements({ user_assistant_pairs: [], reference_time: MONDAY }), []);
  });

  it('does not repeat a statement said twice', () => {
    const statements = inferStatements({ raw_text: 'I love jazz. I love jazz.', user_name: 'Ann', reference_time: MONDAY });
    assert.deepEqual(statements.map((s) => s.text), ['Ann loves jazz.']);
  });
});
