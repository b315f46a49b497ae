import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze, foldText } from './analyzer';

/** Whether every term of the query is also a term of the document. */
function matches(query: string, document: string): boolean {
  const terms = new Set(analyze(document));
  return analyze(query).every((term) => terms.has(term));
}

describe('analyze', () => {
  it('returns no terms for empty or whitespace-only text', () => {
    assert.deepEqual(analyze(''), []);
    assert.deepEqual(analyze('  \n\t '), []);
  });

  it('stems words with Porter2, so inflections meet', () => {
    assert.deepEqual(analyze('Running'), ['run']);
    assert.deepEqual(analyze('runs'), ['run']);
    assert.deepEqual(analyze('connections connected connecting'), ['connect', 'connect', 'connect']);
    assert.ok(matches('running', 'She runs daily.'));
  });

  it('folds case and accents', () => {
    assert.deepEqual(analyze('Café'), analyze('cafe'));
    assert.deepEqual(analyze('NAÏVE Résumé'), analyze('naive resume'));
    assert.deepEqual(analyze('ﬁne ＡＢＣ'), ['fine', 'abc']);
    assert.equal(foldText('Ærøskøbing São Paulo ÉCOLE'), 'ærøskøbing sao paulo ecole');
  });

  it('drops stop words and punctuation, keeping order and repeats', () => {
    assert.deepEqual(analyze('The cat and the hat, on the mat!'), ['cat', 'hat', 'mat']);
    assert.deepEqual(analyze('data, data; DATA.'), ['data', 'data', 'data']);
    assert.deepEqual(analyze('the of and to is'), []);
    assert.deepEqual(analyze("Don't! It's..."), []);
    assert.deepEqual(analyze('... !!! — ?'), []);
  });

  it('drops possessive endings, with straight or curly apostrophes', () => {
    assert.deepEqual(analyze("The model's output"), analyze('model output'));
    assert.deepEqual(analyze('The model’s output'), analyze('model output'));
  });

  it('keeps numbers as written, without stemming digits', () => {
    assert.deepEqual(analyze('In 2024 about 3.14 of 1,000,000 rs12345 x86 3rd'), [
      '2024',
      '3.14',
      '1000000',
      'rs12345',
      'x86',
      '3rd',
    ]);
  });

  it('keeps identifiers whole and searchable by their parts', () => {
    assert.deepEqual(analyze('user_id'), ['user_id', 'user', 'id']);
    assert.deepEqual(analyze('sk_live_x'), ['sk_live_x', 'sk', 'live', 'x']);
    assert.deepEqual(analyze('E-1234'), ['e-1234', 'e', '1234']);
    assert.deepEqual(analyze('v2.3'), ['v2.3', 'v2', '3']);
    assert.deepEqual(analyze('(see node.js).'), ['node.js', 'node', 'js']);
    assert.ok(matches('error E-1234', 'The job failed with Error E-1234 at midnight.'));
    assert.ok(matches('user id', 'Set the user_id column.'));
    assert.ok(!matches('E-1235', 'The job failed with error E-1234.'));
  });

  it('splits emails and URLs into their parts as well', () => {
    const email = analyze('Mail alice.smith@example.com now');
    assert.ok(email.includes('alice.smith@example.com'));
    assert.ok(email.includes('smith') && email.includes('mail'));
    const url = analyze('See https://docs.example.com/guides/indexing?lang=en');
    assert.ok(url.includes('https://docs.example.com/guides/indexing?lang=en'));
    assert.ok(matches('indexing guide', 'See https://docs.example.com/guides/indexing?lang=en'));
  });

  it('indexes Chinese and Japanese as character bigrams', () => {
    assert.deepEqual(analyze('你好世界'), ['你好', '好世', '世界']);
    assert.ok(matches('世界', '你好世界。'));
    assert.deepEqual(analyze('中'), ['中']);
  });

  it('drops emoji but not the words around them', () => {
    assert.deepEqual(analyze('great😀 day 🎉'), ['great', 'day']);
  });

  it('gives queries and documents the same terms for the same words', () => {
    const document = 'Researchers observed that the Café’s naïve models were running 2× faster on v2.3.';
    for (const query of ['researcher', 'observing', 'cafe', 'naive model', 'run', 'v2.3', 'faster']) {
      assert.ok(matches(query, document), `"${query}" does not match`);
    }
  });
});

describe('analyze is a pure function', () => {
  it('gives the same terms for a text whatever was analysed before', () => {
    const text = "Cells of Kaposi's sarcoma.";
    const before = analyze(text);
    analyze("Kaposi's-spindle-cell lesions and Kaposi's sarcoma herpesvirus in O'Brien's cohort");
    assert.deepEqual(analyze(text), before);
    assert.deepEqual(before, ['cell', 'kaposi', 'sarcoma']);
  });
});
