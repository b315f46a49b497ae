import { memoryAndSearchSuite } from './suites/memory-search.suite';
import { rawEmbeddingsSuite } from './suites/raw-embeddings.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

tenancyAndAuthSuite('standalone');
memoryAndSearchSuite('standalone');
rawEmbeddingsSuite('standalone');
