import { graphSuite } from './suites/graph.suite';
import { hostileInputSuite } from './suites/hostile-input.suite';
import { memoryAndSearchSuite } from './suites/memories.suite';
import { paraphraseSuite } from './suites/paraphrase.suite';
import { rateLimitSuite } from './suites/rate-limit.suite';
import { sourcesSuite } from './suites/sources.suite';
import { rawEmbeddingsSuite } from './suites/raw-embeddings.suite';
import { tenancyAndAuthSuite } from './suites/tenancy-auth.suite';

// Every suite the other two modes run, against `npm run start:full`: the services over NATS with
// the keyword index on Elasticsearch, the graph on Neo4j and blobs on S3 (tools/run-full.mjs
// starts whichever of them is not running). Each suite's rig has its own database, subject prefix,
// Elasticsearch index and bucket.
tenancyAndAuthSuite('full');
memoryAndSearchSuite('full');
sourcesSuite('full');
rawEmbeddingsSuite('full');
graphSuite('full');
paraphraseSuite('full');
hostileInputSuite('full');
rateLimitSuite('full');
