import { GraphEntity, TripletWithEvidence } from '@trove/contracts';
import { runMigrations, SqlDatabase, SqlExecutor, sqlState } from '@trove/platform-database';
import { graphMigrations } from '../../migrations/graph.migrations';
import {
  CoMention,
  GraphCounts,
  GraphEdge,
  GraphScope,
  GraphStore,
  SourceFacts,
} from '../../ports/graph-store';
import { groupIntoTriplets } from '../../triplets';
import { edge, EDGE_SELECT, EdgeRow } from './edge-rows';
import { assertWellFormedBatch, ResolutionRace, retryWrites } from '../../resolution/write-rules';
import { forgetSources, recordFacts, removeOrphans } from './sql-graph-writes';
import { coMentions, edgesAround } from './sql-graph-walk';

/**
 * SQLSTATEs a concurrent writer causes: a foreign key to an entity that another transaction just
 * removed as an orphan (or is still holding), a deadlock, a serialisation failure.
 */
const RETRYABLE = new Set(['23503', '40P01', '40001']);
/**
 * PGlite runs no autovacuum, so its planner never learns the graph tables' sizes and picks full
 * scans for the walk's lookups (seen: 8 s instead of 0.3 s for a 50-entity co-mention hop). The
 * store refreshes the statistics itself after this many sources written, then twice as many, up to
 * every 1,000. A PostgreSQL server's autovacuum does this on its own.
 */
const FIRST_ANALYZE = 25;
const MAX_ANALYZE_INTERVAL = 1_000;

/**
 * GraphStore in SQL that runs unchanged on PostgreSQL and PGlite: the embedded graph of
 * `npm start`, and a distributed deployment's graph when no Neo4j is configured. Walks are one
 * hop per statement over indexed (scope, entity) columns; the service walks at most two.
 */
export class SqlGraphStore extends GraphStore {
  /** Sources written since the planner's statistics were last refreshed (PGlite only: see wrote). */
  private writes = 0;
  private nextAnalyze = FIRST_ANALYZE;

  constructor(private readonly db: SqlDatabase) {
    super();
  }

  override async migrate(): Promise<void> {
    await runMigrations(this.db, graphMigrations);
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
      await recordFacts(tx, scope, sources);
      await removeOrphans(tx, scope, previous.entities);
    });
    await this.wrote(sources.length);
  }

  /** Counts `sources` written, and refreshes the planner's statistics when it is time. */
  private async wrote(sources: number): Promise<void> {
    if (this.db.kind !== 'pglite' || (this.writes += sources) < this.nextAnalyze) return;
    this.writes = 0;
    this.nextAnalyze = Math.min(MAX_ANALYZE_INTERVAL, this.nextAnalyze * 2);
    await this.db.exec('ANALYZE graph.entities, graph.entity_keys, graph.mentions, graph.relations');
  }

  async relationsOfSource(scope: GraphScope, sourceId: string): Promise<TripletWithEvidence[]> {
    const rows = await this.db.query<EdgeRow>(`${EDGE_SELECT} AND r.source_id = $3 ORDER BY r.ordinal`, [
      scope.tenant_id,
      scope.sub_tenant_id,
      sourceId,
    ]);
    return groupIntoTriplets(rows.map(edge));
  }

  async deleteSources(scope: GraphScope, sourceIds: string[]): Promise<number> {
    if (sourceIds.length === 0) return 0;
    return this.retrying(async (tx) => {
      const previous = await forgetSources(tx, scope, sourceIds);
      await removeOrphans(tx, scope, previous.entities);
      return previous.sources;
    });
  }

  async deleteSubTenant(scope: GraphScope): Promise<void> {
    const params = [scope.tenant_id, scope.sub_tenant_id];
    await this.db.transaction(async (tx) => {
      for (const table of ['relations', 'mentions', 'entity_keys', 'entities']) {
        await tx.query(`DELETE FROM graph.${table} WHERE tenant_id = $1 AND sub_tenant_id = $2`, params);
      }
    });
  }

  async entitiesByKeys(scope: GraphScope, keys: string[]): Promise<Map<string, GraphEntity[]>> {
    const found = new Map<string, GraphEntity[]>();
    if (keys.length === 0) return found;
    const rows = await this.db.prepared<GraphEntity & { key: string }>(
      `SELECT k.key, e.entity_id, e.name, e.type, e.namespace, e.identifier
       FROM graph.entity_keys k
       JOIN graph.entities e ON e.tenant_id = k.tenant_id AND e.sub_tenant_id = k.sub_tenant_id
         AND e.entity_id = k.entity_id
       WHERE k.tenant_id = $1 AND k.sub_tenant_id = $2 AND k.key = ANY($3::text[])
       ORDER BY k.key, e.entity_id`,
      [scope.tenant_id, scope.sub_tenant_id, [...new Set(keys)]],
    );
    for (const { key, ...entity } of rows) {
      const list = found.get(key) ?? [];
      list.push(entity);
      found.set(key, list);
    }
    return found;
  }

  async edgesAround(scope: GraphScope, entityIds: string[], limit: number): Promise<GraphEdge[]> {
    if (entityIds.length === 0 || limit <= 0) return [];
    return edgesAround(this.db, scope, entityIds, Math.floor(limit));
  }

  async coMentions(scope: GraphScope, entityIds: string[], limit: number): Promise<CoMention[]> {
    if (entityIds.length === 0 || limit <= 0) return [];
    return coMentions(this.db, scope, entityIds, Math.floor(limit));
  }

  async edgesOfChunks(scope: GraphScope, chunkIds: string[]): Promise<GraphEdge[]> {
    if (chunkIds.length === 0) return [];
    const rows = await this.db.prepared<EdgeRow>(
      `${EDGE_SELECT} AND r.chunk_id = ANY($3::text[])
       ORDER BY array_position($3::text[], r.chunk_id), r.source_id, r.ordinal`,
      [scope.tenant_id, scope.sub_tenant_id, chunkIds],
    );
    return rows.map(edge);
  }

  ping(): Promise<void> {
    return this.db.ping();
  }

  async counts(scope: GraphScope): Promise<GraphCounts> {
    const [row] = await this.db.query<{ entities: string; relations: string }>(
      `SELECT (SELECT count(*) FROM graph.entities WHERE tenant_id = $1 AND sub_tenant_id = $2) AS entities,
              (SELECT count(*) FROM graph.relations WHERE tenant_id = $1 AND sub_tenant_id = $2) AS relations`,
      [scope.tenant_id, scope.sub_tenant_id],
    );
    return { entities: Number(row?.entities ?? 0), relations: Number(row?.relations ?? 0) };
  }

  async countsBySubTenant(tenantId: string): Promise<Map<string, GraphCounts>> {
    const rows = await this.db.query<{ sub_tenant_id: string; entities: string; relations: string }>(
      `SELECT e.sub_tenant_id, e.entities, COALESCE(r.relations, 0) AS relations
       FROM (SELECT sub_tenant_id, count(*) AS entities FROM graph.entities WHERE tenant_id = $1 GROUP BY sub_tenant_id) e
       LEFT JOIN (SELECT sub_tenant_id, count(*) AS relations FROM graph.relations WHERE tenant_id = $1 GROUP BY sub_tenant_id) r
         ON r.sub_tenant_id = e.sub_tenant_id
       ORDER BY e.sub_tenant_id`,
      [tenantId],
    );
    return new Map(
      rows.map((row) => [
        row.sub_tenant_id,
        { entities: Number(row.entities), relations: Number(row.relations) },
      ]),
    );
  }

  /** Runs `work` in a transaction, again when a concurrent writer got in its way. */
  private retrying<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return retryWrites(
      () => this.db.transaction(work),
      (error) => error instanceof ResolutionRace || RETRYABLE.has(sqlState(error) ?? ''),
    );
  }
}
