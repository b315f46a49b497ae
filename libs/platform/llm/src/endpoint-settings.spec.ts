import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readEndpointSettings } from './endpoint-settings';
import { LlmError } from './llm-error';

describe('readEndpointSettings', () => {
  it('reads <PREFIX>_URL, _MODEL, _API_KEY and _TIMEOUT_MS from an object or a Map', () => {
    const env = {
      SEARCH_RERANK_URL: 'http://tei:8080',
      SEARCH_RERANK_MODEL: 'bge-reranker',
      SEARCH_RERANK_API_KEY: 'k-123',
      SEARCH_RERANK_TIMEOUT_MS: '1500',
      OTHER_URL: 'http://elsewhere',
    };
    const expected = { url: 'http://tei:8080', model: 'bge-reranker', apiKey: 'k-123', timeoutMs: 1500 };
    assert.deepEqual(readEndpointSettings(env, 'SEARCH_RERANK'), expected);
    assert.deepEqual(readEndpointSettings(new Map(Object.entries(env)), 'SEARCH_RERANK'), expected);
  });

  it('leaves out what is unset or blank', () => {
    assert.deepEqual(readEndpointSettings({ X_URL: ' ', X_MODEL: '' }, 'X'), {});
  });

  it('names the variable of a bad value', () => {
    assert.throws(
      () => readEndpointSettings({ X_TIMEOUT_MS: '2s' }, 'X'),
      (e: unknown) =>
        e instanceof LlmError &&
        e.kind === 'config' &&
        /X_TIMEOUT_MS must be a positive integer/.test(e.message),
    );
    assert.throws(() => readEndpointSettings({ X_TIMEOUT_MS: '0' }, 'X'), /X_TIMEOUT_MS/);
    assert.throws(
      () => readEndpointSettings({ X_URL: 'tei:8080?key=secret' }, 'X'),
      (e: unknown) => e instanceof Error && e.message === 'X_URL must be an http(s) URL',
    );
  });
});
