import { graphSuite } from './suites/graph.suite';

// The graph suite once more in distributed mode, with the graph service on a real Neo4j 5
// (GRAPH_STORE=neo4j; tools/ensure-neo4j.sh starts one on 127.0.0.1:7687, NEO4J_URL overrides):
// the cascades, counts and isolation the SQL store passes hold on Neo4j too. Tenants are named by
// the time of the run, so a Neo4j shared with other runs is no obstacle.
graphSuite('distributed', {
  label: 'Neo4j',
  env: {
    GRAPH_STORE: 'neo4j',
    NEO4J_URL: process.env['NEO4J_URL'] ?? `bolt://127.0.0.1:${process.env['NEO4J_PORT'] ?? '7687'}`,
    ...(process.env['NEO4J_USER'] ? { NEO4J_USER: process.env['NEO4J_USER'] } : {}),
    ...(process.env['NEO4J_PASSWORD'] ? { NEO4J_PASSWORD: process.env['NEO4J_PASSWORD'] } : {}),
  },
});
