import { hostileInputSuite, rateLimitSuite } from './suites/hostile-input.suite';
import { memoryAndSearchSuite } from './suites/memory-search.suite';
import { paraphraseSuite } from './suites/paraphrase.suite';
import { sourcesSuite } from './suites/sources.suite';
import { rawEmbeddingsSuite } from './suites/raw-embeddings.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');
memoryAndSearchSuite('standalone');
sourcesSuite('standalone');
rawEmbeddingsSuite('standalone');
paraphraseSuite('standalone');
hostileInputSuite('standalone');
rateLimitSuite('standalone');
