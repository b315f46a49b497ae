import { GraphEntity } from '@trove/contracts';
import { SqlExecutor } from '@trove/platform-database';
import { CoMention, GraphEdge, GraphScope } from '../../ports/graph-store';
import { edge, EDGE_SELECT, EdgeRow } from './edge-rows';
import { chunksPerEntity, shareOf } from '../walk-shares';

/**
 * The walk's reads (one hop each), one statement apiece, capped as walk-shares.ts says. Every
 * entity reads its rows through an index that holds them in the wanted order (migration 2): at
 * 100k chunks, reading and sorting all of a hub's rows took hundreds of milliseconds a hop.
 */

export async function edgesAround(
  db: SqlExecutor,
  scope: GraphScope,
  entityIds: string[],
  limit: number,
): Promise<GraphEdge[]> {
  const asked = [...new Set(entityIds)];
  // Per entity, its most confident relations out and in (two ordered index reads), cut to its share.
  const rows = await db.prepared<EdgeRow>(
    `WITH picked AS (
       SELECT DISTINCT x.relationship_id
       FROM unnest($3::text[]) AS a(id)
       CROSS JOIN LATERAL (
         (SELECT relationship_id, confidence FROM graph.relations
          WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_entity_id = a.id
          ORDER BY confidence DESC, relationship_id LIMIT $4)
         UNION ALL
         (SELECT relationship_id, confidence FROM graph.relations
          WHERE tenant_id = $1 AND sub_tenant_id = $2 AND target_entity_id = a.id
          ORDER BY confidence DESC, relationship_id LIMIT $4)
         ORDER BY confidence DESC, relationship_id LIMIT $4
       ) x
     )
     ${EDGE_SELECT} AND r.relationship_id IN (SELECT relationship_id FROM picked)
     ORDER BY r.confidence DESC, r.relationship_id LIMIT $5`,
    [scope.tenant_id, scope.sub_tenant_id, asked, shareOf(limit, asked.length), limit],
  );
  return rows.map(edge);
}

type CoMentionRow = GraphEntity & {
  from_entity_id: string;
  source_id: string;
  chunk_id: string;
  context: string;
};

export async function coMentions(
  db: SqlExecutor,
  scope: GraphScope,
  entityIds: string[],
  limit: number,
): Promise<CoMention[]> {
  const asked = [...new Set(entityIds)];
  const share = shareOf(limit, asked.length);
  // Per asked entity: its first chunks (one ordered index read), everyone else those chunks name,
  // then its share of them: named things before concepts, and one from each chunk before a
  // second from any, so that one crowded chunk does not fill the share.
  const rows = await db.prepared<CoMentionRow>(
    `WITH chunks AS (
       SELECT a.id AS from_entity_id, c.source_id, c.chunk_id
       FROM unnest($3::text[]) AS a(id)
       CROSS JOIN LATERAL (
         SELECT source_id, chunk_id FROM graph.mentions
         WHERE tenant_id = $1 AND sub_tenant_id = $2 AND entity_id = a.id
         ORDER BY source_id, chunk_id LIMIT $4
       ) c
     ), named AS (
       SELECT c.from_entity_id, m.source_id, m.chunk_id, m.context,
         e.entity_id, e.name, e.type, e.namespace, e.identifier,
         row_number() OVER (PARTITION BY c.from_entity_id, m.source_id, m.chunk_id
           ORDER BY e.type = 'concept', e.entity_id) AS in_chunk
       FROM chunks c
       JOIN graph.mentions m ON m.tenant_id = $1 AND m.sub_tenant_id = $2 AND m.source_id = c.source_id
         AND m.chunk_id = c.chunk_id
       JOIN graph.entities e ON e.tenant_id = $1 AND e.sub_tenant_id = $2 AND e.entity_id = m.entity_id
       WHERE m.entity_id <> ALL($3::text[])
     ), ranked AS (
       SELECT *, row_number() OVER (PARTITION BY from_entity_id
         ORDER BY type = 'concept', in_chunk, source_id, chunk_id, entity_id) AS n
       FROM named
     )
     SELECT from_entity_id, source_id, chunk_id, context, entity_id, name, type, namespace, identifier
     FROM ranked WHERE n <= $5
     ORDER BY type = 'concept', source_id, chunk_id, entity_id, from_entity_id LIMIT $6`,
    [scope.tenant_id, scope.sub_tenant_id, asked, chunksPerEntity(share), share, limit],
  );
  return rows.map(({ from_entity_id, source_id, chunk_id, context, ...entity }) => ({
    from_entity_id,
    entity,
    source_id,
    chunk_id,
    context,
  }));
}
