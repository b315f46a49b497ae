import 'reflect-metadata';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ConfigError, loadConfig } from '@trove/platform-config';
import { DEFAULT_PERSONALISE_WEIGHT } from './query/personal-memories';
import { searchServiceOptions, SearchSettings } from './search-settings';

it('reads the search settings without a default as numbers too, and maps every steering weight', () => {
  const settings = loadConfig(SearchSettings, {
    SEARCH_FEEDBACK_DOCS: '3',
    SEARCH_EXTRA_CONTEXT_WEIGHT: '1.5',
    SEARCH_PERSONALISE_WEIGHT: '0.5',
  });
  const options = searchServiceOptions(settings);
  assert.equal(options.feedbackDocs, 3);
  assert.equal(options.extraContextWeight, 1.5);
  assert.equal(options.personaliseWeight, 0.5);
  const defaults = searchServiceOptions(loadConfig(SearchSettings, {}));
  assert.equal(defaults.feedbackDocs, undefined);
  assert.equal(defaults.personaliseWeight, DEFAULT_PERSONALISE_WEIGHT);
  assert.throws(() => loadConfig(SearchSettings, { SEARCH_FEEDBACK_DOCS: 'three' }), ConfigError);
  assert.throws(() => loadConfig(SearchSettings, { SEARCH_PERSONALISE_WEIGHT: '2' }), ConfigError);
});
