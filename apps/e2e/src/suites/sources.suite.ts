import { after, before, describe } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { ownerWithTenant } from './owners';
import { accessCases } from './sources-access.cases';
import { documentCases } from './sources-documents.cases';
import { WebFixture } from './sources-fixtures';
import { lifecycleCases } from './sources-lifecycle.cases';
import { accurateCases } from './sources-accurate.cases';
import { webpageCases } from './sources-web.cases';

/** What every group of source cases works with; filled in before the first case runs. */
export interface SourcesContext {
  mode: TroveMode;
  rig: TroveRig;
  /** Owner of `tenant`; `bob` owns `bobTenant`. */
  alice: ApiClient;
  bob: ApiClient;
  tenant: string;
  bobTenant: string;
  web: WebFixture;
  /** MAX_UPLOAD_BYTES of the rig. */
  uploadLimit: number;
}

export const UPLOAD_LIMIT = 4 * 1024 * 1024;

/**
 * Sources over HTTP, run once per mode: every document format, web pages from a local server,
 * processing status, replace by id, fetch in every mode with signed links, cascade deletes
 * checked against every store, bad input and tenant isolation.
 */
export function sourcesSuite(mode: TroveMode): void {
  describe(`sources (${mode})`, { timeout: 600_000 }, () => {
    const ctx = { mode, uploadLimit: UPLOAD_LIMIT, tenant: `src-${Date.now()}` } as SourcesContext;
    ctx.bobTenant = `${ctx.tenant}-bob`;

    before(async () => {
      ctx.web = await new WebFixture().start();
      ctx.rig = await startTrove(mode, {
        env: {
          MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT),
          // The service refuses non-public addresses; this test's own server is let through.
          WEB_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
          WEB_FETCH_TIMEOUT_MS: '3000',
          WEB_FETCH_MAX_BYTES: String(2 * 1024 * 1024),
          // Failures that could pass are retried; quickly here, so refusals end within the test.
          INGESTION_RETRY_BASE_MS: '200',
        },
      });
      ctx.alice = await ownerWithTenant(ctx.rig, 'alice', ctx.tenant);
      ctx.bob = await ownerWithTenant(ctx.rig, 'bob', ctx.bobTenant);
    });

    after(async () => {
      await ctx.rig?.dispose();
      await ctx.web?.stop();
    });

    documentCases(ctx);
    webpageCases(ctx);
    accessCases(ctx);
    lifecycleCases(ctx);
    accurateCases(ctx);
  });
}
