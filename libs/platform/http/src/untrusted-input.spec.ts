import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { checkUntrustedInput, dropNullFields, MAX_INPUT_DEPTH } from './untrusted-input';

function refusal(value: unknown, root: 'body' | 'query' = 'body'): DomainError {
  try {
    checkUntrustedInput(value, root);
  } catch (error: unknown) {
    assert.ok(error instanceof DomainError);
    assert.equal(error.code, 'VALIDATION_ERROR');
    return error;
  }
  assert.fail('accepted');
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('checkUntrustedInput', () => {
  it('accepts ordinary text, paired surrogates (emoji) included', () => {
    checkUntrustedInput({ raw_text: 'Café 👍 日本', pairs: [{ user: 'ok' }] }, 'body');
    checkUntrustedInput(undefined, 'body');
    checkUntrustedInput(Buffer.from([0, 0, 0]), 'body');
  });

  it('names each field holding NUL or an unpaired surrogate, keys included', () => {
    const error = refusal({
      raw_text: 'a\u0000b',
      pairs: [{ user: 'fine', assistant: 'x\uD800y' }],
      ['k\u0000']: 1,
      tail: 'z\uDC00',
    });
    const fields = error.details?.errors?.map((e) => e.field).sort();
    assert.deepEqual(fields, ['body', 'pairs[0].assistant', 'raw_text', 'tail']);
    assert.match(refusal({ q: 'x\u0000' }, 'query').message, /q must not contain NUL/);
  });

  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more, at any depth without recursion`, () => {
    checkUntrustedInput({ v: nested(MAX_INPUT_DEPTH - 1) }, 'body');
    assert.match(refusal({ v: nested(MAX_INPUT_DEPTH) }).message, /deeper than 32 levels/);
    assert.match(refusal(nested(200_000)).message, /deeper than 32 levels/);
  });
});

describe('dropNullFields', () => {
  it('drops null top-level fields and leaves nested nulls and other values alone', () => {
    const body = { a: null, b: 0, c: '', d: false, e: { f: null }, g: [null] };
    dropNullFields(body);
    assert.deepEqual(body, { b: 0, c: '', d: false, e: { f: null }, g: [null] });
    dropNullFields(null);
    dropNullFields([null]);
  });
});
