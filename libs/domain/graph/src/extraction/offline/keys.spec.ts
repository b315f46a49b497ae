import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyOf } from './keys';

describe('keyOf', () => {
  it('ignores case, accents, punctuation, a possessive and a leading "the"', () => {
    assert.equal(keyOf('Coyoacán'), 'coyoacan');
    assert.equal(keyOf('The Beatles'), 'beatles');
    assert.equal(keyOf("Dunmore & Pryce's"), 'dunmore pryce');
  });

  it('reads "error" before a code of letters and digits as the code, and keeps it before a bare number', () => {
    assert.equal(keyOf('error E-4017'), keyOf('E-4017'));
    assert.equal(keyOf('Error 0x0000011b'), '0x0000011b');
    assert.equal(keyOf('Error 401'), 'error 401');
    assert.equal(keyOf('error in the compaction scheduler'), 'error in the compaction scheduler');
  });
});
