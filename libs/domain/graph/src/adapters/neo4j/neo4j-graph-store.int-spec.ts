import neo4j from 'neo4j-driver';
import { describeGraphStore } from '../../ports/graph-store.contract';
import { Neo4jGraphStore } from './neo4j-graph-store';

/*
 * The contract against a real Neo4j 5.26: the rig that tools/ensure-neo4j.sh starts on
 * 127.0.0.1:7687 (NEO4J_URL overrides; NEO4J_USER/NEO4J_PASSWORD for a server with auth). No
 * server is a failure, not a skip: CI starts the rig, and this suite is its proof.
 */
const url = process.env['NEO4J_URL'] ?? `bolt://127.0.0.1:${process.env['NEO4J_PORT'] ?? '7687'}`;
const auth = process.env['NEO4J_USER']
  ? neo4j.auth.basic(process.env['NEO4J_USER'], process.env['NEO4J_PASSWORD'] ?? '')
  : undefined;

/** The tenants the contract writes: Community has one user database, so a run wipes only these. */
const CONTRACT_TENANTS = ['acme', 'globex'];

describeGraphStore('Neo4jGraphStore', async () => {
  const driver = neo4j.driver(url, auth);
  try {
    await driver.verifyConnectivity();
  } catch (error: unknown) {
    await driver.close();
    throw new Error(
      `no Neo4j answers at ${url} (start it with: bash tools/ensure-neo4j.sh): ${(error as Error).message}`,
    );
  }
  // Small delete batches, so that deleting a sub-tenant takes several transactions here too.
  const store = new Neo4jGraphStore(driver, { deleteBatch: 3 });
  await store.migrate();
  const session = driver.session();
  try {
    await session.run(
      `MATCH (n) WHERE n.tenant_id IN $tenants
       CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS`,
      { tenants: CONTRACT_TENANTS },
    );
  } finally {
    await session.close();
  }
  return { store, dispose: () => store.close() };
});
