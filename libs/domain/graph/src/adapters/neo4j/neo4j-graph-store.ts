import { GraphEntity, TripletWithEvidence } from '@trove/contracts';
import neo4j, { Driver, int, isRetryableError, Neo4jError, Transaction } from 'neo4j-driver';
import {
  CoMention,
  GraphCounts,
  GraphEdge,
  GraphScope,
  GraphStore,
  SourceFacts,
} from '../../ports/graph-store';
import { groupIntoTriplets } from '../../triplets';
import { EDGE_RETURN, edgeOf, entityOf, params, toNumber } from './neo4j-records';
import { chunksPerEntity, fairShare, shareOf } from '../walk-shares';
import { NEO4J_SCHEMA } from './neo4j-schema';
import { assertWellFormedBatch, ResolutionRace, retryWrites } from '../../resolution/write-rules';
import { forgetSources, recordSource, removeOrphans } from './neo4j-writes';

/** Nodes one transaction of a sub-tenant delete removes (with their relationships). */
const DELETE_BATCH = 2_000;

/**
 * What a concurrent writer causes besides Neo4j's transient errors (deadlocks, lock timeouts):
 * an entity deleted as an orphan while this transaction waited to attach a mention to it (the
 * delete then fails for the mention it would leave dangling, or this write finds the node gone).
 */
const RACE_CODES = new Set([
  'Neo.ClientError.Schema.ConstraintValidationFailed',
  'Neo.ClientError.Statement.EntityNotFound',
]);
export interface Neo4jGraphStoreOptions {
  /** Community edition has one user database, `neo4j` (the default). */
  database?: string;
  /** Nodes one transaction of a sub-tenant delete removes (default 2,000; tests make it small). */
  deleteBatch?: number;
}

export interface Neo4jConnection extends Neo4jGraphStoreOptions {
  /** `bolt://host:7687`, or `neo4j://…` for a cluster's routing. */
  url: string;
  /** With a user, basic auth; without one, none (a server with auth disabled). */
  user?: string;
  password?: string;
}

/**
 * GraphStore on a Neo4j 5 server over Bolt. Entities are nodes, relations are relationships
 * between them, and each source is a node that MENTIONS the entities it read (its evidence). Every
 * statement is scoped by tenant and sub-tenant; writes of one source are one transaction, batched
 * with UNWIND; resolution follows resolveMentions as every adapter does. The store owns the driver
 * and closes it.
 */
export class Neo4jGraphStore extends GraphStore {
  private readonly database: string;
  private readonly deleteBatch: number;

  constructor(
    private readonly driver: Driver,
    options: Neo4jGraphStoreOptions = {},
  ) {
    super();
    this.database = options.database ?? 'neo4j';
    this.deleteBatch = options.deleteBatch ?? DELETE_BATCH;
  }

  /** The server answers (readiness). */
  override async ping(): Promise<void> {
    await this.driver.verifyConnectivity({ database: this.database });
  }

  /**
   * A store on its own driver; the driver connects lazily, at the first query (migrate at start).
   * neo4j-driver 6, not 5: 5.x leaves Nagle's algorithm on its sockets, so every request over one
   * 1,400-byte chunk (a source's relations, say) waited ~40 ms for the server's delayed ACK; 6.x
   * sets TCP_NODELAY (bench/graph-store.bench.mjs: 9 writes/s on 5.28.3, 72 on 6.3.0).
   */
  static connect(connection: Neo4jConnection): Neo4jGraphStore {
    const auth = connection.user ? neo4j.auth.basic(connection.user, connection.password ?? '') : undefined;
    return new Neo4jGraphStore(neo4j.driver(connection.url, auth), { database: connection.database });
  }

  /** Schema statements may not share a transaction with data: each runs on its own. */
  override async migrate(): Promise<void> {
    const session = this.driver.session({ database: this.database });
    try {
      for (const statement of NEO4J_SCHEMA) await session.run(statement);
      // Indexes fill in the background; a store is ready when they are online.
      await session.run('CALL db.awaitIndexes(300)');
    } finally {
      await session.close();
    }
  }

  override async close(): Promise<void> {
    await this.driver.close();
  }

  async replaceSources(scope: GraphScope, sources: SourceFacts[]): Promise<void> {
    if (sources.length === 0) return;
    assertWellFormedBatch(sources);
    await this.retrying(async (tx) => {
      const previous = await forgetSources(
        tx,
        scope,
        sources.map((source) => source.source_id),
      );
      // In order: a source's reads see what the earlier ones wrote in this transaction.
      for (const source of sources) await recordSource(tx, scope, source.source_id, source.chunks);
      await removeOrphans(tx, scope, previous.entities);
    });
  }

  async relationsOfSource(scope: GraphScope, sourceId: string): Promise<TripletWithEvidence[]> {
    const records = await this.read(
      `MATCH (a:Entity)-[r:RELATION {tenant_id: $t, sub_tenant_id: $s, source_id: $sourceId}]->(b:Entity)
       RETURN ${EDGE_RETURN} ORDER BY r.ordinal`,
      { ...params(scope), sourceId },
    );
    return groupIntoTriplets(records.map(edgeOf));
  }

  async deleteSources(scope: GraphScope, sourceIds: string[]): Promise<number> {
    if (sourceIds.length === 0) return 0;
    return this.retrying(async (tx) => {
      const previous = await forgetSources(tx, scope, sourceIds);
      await removeOrphans(tx, scope, previous.entities);
      return previous.sources;
    });
  }

  /**
   * In batches of `deleteBatch` nodes, each its own transaction: one transaction over a large
   * sub-tenant (100k chunks) runs out of the server's transaction memory. A delete that stops
   * half-way leaves a part of the sub-tenant; deleting again finishes it (the event is redelivered
   * or the sub-tenant deleted again), and nothing reads a deleted sub-tenant meanwhile.
   */
  async deleteSubTenant(scope: GraphScope): Promise<void> {
    for (const label of ['Source', 'EntityKey', 'Entity']) {
      for (;;) {
        const deleted = await this.retrying(async (tx) => {
          const result = await tx.run(
            `MATCH (n:${label} {tenant_id: $t, sub_tenant_id: $s})
             WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS n`,
            { ...params(scope), batch: neo4j.int(this.deleteBatch) },
          );
          return toNumber(result.records[0]?.get('n'));
        });
        if (deleted < this.deleteBatch) break;
      }
    }
  }

  async entitiesByKeys(scope: GraphScope, keys: string[]): Promise<Map<string, GraphEntity[]>> {
    const found = new Map<string, GraphEntity[]>();
    if (keys.length === 0) return found;
    const records = await this.read(
      `UNWIND $keys AS key
       MATCH (k:EntityKey {tenant_id: $t, sub_tenant_id: $s, key: key})
       MATCH (e:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: k.entity_id})
       RETURN key, e { .entity_id, .name, .type, .namespace, .identifier } AS e
       ORDER BY key, e.entity_id`,
      { ...params(scope), keys: [...new Set(keys)] },
    );
    for (const record of records) {
      const key = record.get('key') as string;
      const list = found.get(key) ?? [];
      list.push(entityOf(record.get('e') as Record<string, unknown>));
      found.set(key, list);
    }
    return found;
  }

  async edgesAround(scope: GraphScope, entityIds: string[], limit: number): Promise<GraphEdge[]> {
    if (entityIds.length === 0 || limit <= 0) return [];
    const asked = [...new Set(entityIds)];
    // Per entity its most confident relations, either direction, cut to its share; a relation
    // between two of the entities is found twice, hence DISTINCT before its ends are read.
    const records = await this.read(
      `UNWIND $ids AS id
       MATCH (e:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: id})
       CALL (e) {
         MATCH (e)-[r:RELATION]-()
         RETURN r ORDER BY r.confidence DESC, r.relationship_id LIMIT $share
       }
       WITH DISTINCT r
       MATCH (a)-[r]->(b)
       RETURN ${EDGE_RETURN} ORDER BY r.confidence DESC, r.relationship_id LIMIT $limit`,
      {
        ...params(scope),
        ids: asked,
        share: int(shareOf(limit, asked.length)),
        limit: int(Math.floor(limit)),
      },
    );
    return records.map(edgeOf);
  }

  async coMentions(scope: GraphScope, entityIds: string[], limit: number): Promise<CoMention[]> {
    if (entityIds.length === 0 || limit <= 0) return [];
    const asked = [...new Set(entityIds)];
    const share = shareOf(limit, asked.length);
    // Per asked entity its first chunks (as the SQL adapter reads them), then everyone else those
    // chunks name: a source's MENTIONS meet at its Source node.
    const records = await this.read(
      `UNWIND $ids AS id
       MATCH (a:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: id})
       CALL (a) {
         MATCH (a)<-[am:MENTIONS]-(src:Source)
         RETURN src, am.chunk_id AS chunk_id ORDER BY src.source_id, chunk_id LIMIT $chunks
       }
       MATCH (src)-[om:MENTIONS {chunk_id: chunk_id}]->(o:Entity)
       WHERE NOT o.entity_id IN $ids
       RETURN a.entity_id AS from_entity_id, src.source_id AS source_id, chunk_id, om.context AS context,
         o { .entity_id, .name, .type, .namespace, .identifier } AS e`,
      { ...params(scope), ids: asked, chunks: int(chunksPerEntity(share)) },
    );
    const found = records.map((record) => ({
      from_entity_id: record.get('from_entity_id') as string,
      entity: entityOf(record.get('e') as Record<string, unknown>),
      source_id: record.get('source_id') as string,
      chunk_id: record.get('chunk_id') as string,
      context: (record.get('context') as string | null) ?? '',
    }));
    return fairShare(found, share, limit);
  }

  async edgesOfChunks(scope: GraphScope, chunkIds: string[]): Promise<GraphEdge[]> {
    const chunks = [...new Set(chunkIds)];
    if (chunks.length === 0) return [];
    const records = await this.read(
      `UNWIND range(0, size($chunks) - 1) AS position
       MATCH (a:Entity)-[r:RELATION {tenant_id: $t, sub_tenant_id: $s, chunk_id: $chunks[position]}]->(b:Entity)
       RETURN position, ${EDGE_RETURN}
       ORDER BY position, r.source_id, r.ordinal`,
      { ...params(scope), chunks },
    );
    return records.map(edgeOf);
  }

  async counts(scope: GraphScope): Promise<GraphCounts> {
    const [record] = await this.read(
      `RETURN COUNT { MATCH (e:Entity {tenant_id: $t, sub_tenant_id: $s}) } AS entities,
              COUNT { MATCH ()-[r:RELATION {tenant_id: $t, sub_tenant_id: $s}]->() } AS relations`,
      params(scope),
    );
    return {
      entities: toNumber(record?.get('entities') ?? 0),
      relations: toNumber(record?.get('relations') ?? 0),
    };
  }

  async countsBySubTenant(tenantId: string): Promise<Map<string, GraphCounts>> {
    const records = await this.read(
      `MATCH (e:Entity {tenant_id: $t})
       WITH e.sub_tenant_id AS sub, count(e) AS entities
       RETURN sub, entities,
         COUNT { MATCH ()-[r:RELATION {tenant_id: $t, sub_tenant_id: sub}]->() } AS relations
       ORDER BY sub`,
      { t: tenantId },
    );
    return new Map(
      records.map((record) => [
        record.get('sub') as string,
        { entities: toNumber(record.get('entities')), relations: toNumber(record.get('relations')) },
      ]),
    );
  }

  /** One read transaction (retried by the driver on transient errors). */
  private async read(query: string, parameters: Record<string, unknown>) {
    const session = this.driver.session({ database: this.database, defaultAccessMode: 'READ' });
    try {
      return await session.executeRead(async (tx) => (await tx.run(query, parameters)).records);
    } finally {
      await session.close();
    }
  }

  /** Runs `work` in a transaction, again when a concurrent writer got in its way. */
  private retrying<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return retryWrites(async () => {
      const session = this.driver.session({ database: this.database });
      try {
        const tx = session.beginTransaction();
        try {
          const result = await work(tx);
          await tx.commit();
          return result;
        } catch (error: unknown) {
          if (tx.isOpen()) await tx.rollback().catch(() => undefined);
          throw error;
        }
      } finally {
        await session.close();
      }
    }, retryable);
  }
}

/**
 * Whether a write failed only because another writer got in its way: worth running again. (Not
 * neo4j-driver 6's `isRetriableError`, which reads `this` and throws when called unbound, so a
 * deadlock came back as "Cannot read properties of undefined (reading 'isRetryable')".)
 */
export function retryable(error: unknown): boolean {
  if (error instanceof ResolutionRace) return true;
  if (isRetryableError(error)) return true;
  return error instanceof Neo4jError && RACE_CODES.has(error.code);
}
