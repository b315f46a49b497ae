import { SqlDatabase } from '@trove/platform-database';
import { ScanCursor } from '../ports/chunk-store';
import { ChunkSpace } from '../ports/index-scope';

/** A tenant's chunk spaces: the active one, and the one a re-embedding is building, if any. */
export interface SpaceState {
  active: ChunkSpace;
  building: ChunkSpace | null;
  /** The model the building space is being filled with. */
  buildingModel: string | null;
  cursor: ScanCursor | null;
  done: number;
  total: number;
}

interface Row {
  active: string;
  building: string | null;
  building_model: string | null;
  cursor_sub: string | null;
  cursor_chunk: string | null;
  done: number;
  total: number;
}

const FRESH: SpaceState = {
  active: 'chunks',
  building: null,
  buildingModel: null,
  cursor: null,
  done: 0,
  total: 0,
};

/** How long a read may use a tenant's state before reading it again (writes always read it fresh). */
const READ_TTL_MS = 1000;

export function otherSpace(space: ChunkSpace): ChunkSpace {
  return space === 'chunks' ? 'chunks-alt' : 'chunks';
}

/**
 * The search.chunk_spaces table: per tenant, which chunk space answers searches and the
 * re-embedding in progress. A tenant without a row uses `chunks` and builds nothing. Every change
 * is one statement, so a swap is atomic for every process that reads the table.
 */
export class SpaceRegistry {
  private readonly cache = new Map<string, { state: SpaceState; at: number }>();

  constructor(private readonly db: SqlDatabase) {}

  /** The tenant's state; `fresh` reads the table, otherwise a read at most READ_TTL_MS old may do. */
  async get(tenantId: string, fresh = false): Promise<SpaceState> {
    const cached = this.cache.get(tenantId);
    if (!fresh && cached && Date.now() - cached.at < READ_TTL_MS) return cached.state;
    const [row] = await this.db.query<Row>(
      `SELECT active, building, building_model, cursor_sub, cursor_chunk, done, total
       FROM search.chunk_spaces WHERE tenant_id = $1`,
      [tenantId],
    );
    const state = row ? toState(row) : FRESH;
    this.cache.set(tenantId, { state, at: Date.now() });
    return state;
  }

  /** Starts building `space` with `modelId` (a scan from the start), unless a build is under way. */
  async startBuild(tenantId: string, space: ChunkSpace, modelId: string, total: number): Promise<SpaceState> {
    await this.db.query(
      `INSERT INTO search.chunk_spaces (tenant_id, active, building, building_model, done, total, started_at)
       VALUES ($1, $2, $3, $4, 0, $5, now())
       ON CONFLICT (tenant_id) DO UPDATE SET building = $3, building_model = $4, cursor_sub = NULL,
         cursor_chunk = NULL, done = 0, total = $5, started_at = now(), updated_at = now()
       WHERE search.chunk_spaces.building IS NULL`,
      [tenantId, otherSpace(space), space, modelId, total],
    );
    return this.get(tenantId, true);
  }

  /** Gives up a build (the configured model changed while it ran). */
  async abandon(tenantId: string): Promise<void> {
    await this.db.query(
      `UPDATE search.chunk_spaces SET building = NULL, building_model = NULL, cursor_sub = NULL,
         cursor_chunk = NULL, owner = NULL, lease_until = NULL, updated_at = now()
       WHERE tenant_id = $1`,
      [tenantId],
    );
    this.cache.delete(tenantId);
  }

  /** Records how far the scan got. */
  async advance(tenantId: string, cursor: ScanCursor, done: number): Promise<void> {
    await this.db.query(
      `UPDATE search.chunk_spaces SET cursor_sub = $2, cursor_chunk = $3, done = done + $4,
         total = GREATEST(total, done + $4), updated_at = now()
       WHERE tenant_id = $1`,
      [tenantId, cursor.subTenantId, cursor.chunkUuid, done],
    );
    this.cache.delete(tenantId);
  }

  /** The built space becomes the active one; returns the space that stopped being active. */
  async swap(tenantId: string): Promise<ChunkSpace | null> {
    const rows = await this.db.query<{ active: string }>(
      `UPDATE search.chunk_spaces SET active = building, building = NULL, building_model = NULL,
         cursor_sub = NULL, cursor_chunk = NULL, owner = NULL, lease_until = NULL, updated_at = now()
       WHERE tenant_id = $1 AND building IS NOT NULL
       RETURNING active`,
      [tenantId],
    );
    this.cache.delete(tenantId);
    return rows[0] ? otherSpace(rows[0].active as ChunkSpace) : null;
  }

  /**
   * Takes (or renews) the lease on a tenant's build for `owner`; false while another process
   * holds an unexpired one.
   */
  async claim(tenantId: string, owner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE search.chunk_spaces SET owner = $2, lease_until = now() + ($3 || ' milliseconds')::interval
       WHERE tenant_id = $1 AND building IS NOT NULL
         AND (owner IS NULL OR owner = $2 OR lease_until < now())
       RETURNING tenant_id`,
      [tenantId, owner, String(leaseMs)],
    );
    return rows.length > 0;
  }

  /** Tenants with a build under way, and how far each got. */
  async builds(): Promise<{ tenantId: string; done: number; total: number }[]> {
    const rows = await this.db.query<{ tenant_id: string; done: number; total: number }>(
      'SELECT tenant_id, done, total FROM search.chunk_spaces WHERE building IS NOT NULL ORDER BY tenant_id',
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, done: Number(row.done), total: Number(row.total) }));
  }

  /** Forgets what this process read (tests; a swap seen from another process). */
  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}

function toState(row: Row): SpaceState {
  return {
    active: row.active as ChunkSpace,
    building: (row.building as ChunkSpace | null) ?? null,
    buildingModel: row.building_model,
    cursor:
      row.cursor_sub !== null && row.cursor_chunk !== null
        ? { subTenantId: row.cursor_sub, chunkUuid: row.cursor_chunk }
        : null,
    done: Number(row.done),
    total: Number(row.total),
  };
}
