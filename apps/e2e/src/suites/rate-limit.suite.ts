import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiClient, ApiResponse, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { expectError } from './expect-error';

/** RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_MS of the rig: a small allowance, a short window. */
const ALLOWANCE = 4;
const WINDOW_MS = 3000;

/**
 * Per-key rate limits, on a Trove started with a small allowance. The cases follow one key
 * through one window, in order: the first spends its allowance, the last waits the window out.
 */
export function rateLimitSuite(mode: TroveMode): void {
  describe(`rate limits (${mode})`, { timeout: 120_000 }, () => {
    let rig: TroveRig;
    let busy: ApiClient;
    let calm: ApiClient;
    /** The first 429 the busy key got. */
    let limited: ApiResponse | undefined;

    before(async () => {
      rig = await startTrove(mode, {
        env: {
          EMBEDDINGS_PROVIDER: 'hashing',
          RATE_LIMIT_MAX: String(ALLOWANCE),
          RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
        },
      });
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const keys = await Promise.all(
        ['busy', 'calm'].map(async (owner) => {
          const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
            json: { owner },
          });
          return created.body.full_api_key;
        }),
      );
      [busy, calm] = keys.map((key) => new ApiClient(rig.baseUrl, key)) as [ApiClient, ApiClient];
    });

    after(async () => {
      await rig?.dispose();
    });

    const retryAfter = () => {
      assert.ok(limited, 'the busy key was never limited: the first case failed');
      return Number(limited.headers.get('retry-after'));
    };

    it('answers 429 RATE_LIMITED with Retry-After past a key’s allowance', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await busy.get('/api-keys/list');
        statuses.push(answer.status);
        if (answer.status === 429) limited ??= answer;
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
      assert.match(expectError(limited!, 429, 'RATE_LIMITED').message, /at most 4 requests/);
      assert.ok(retryAfter() >= 1 && retryAfter() <= 3, `retry-after ${retryAfter()}`);
    });

    it('counts each key on its own: another key goes on while one is limited', async () => {
      assert.equal((await calm.get('/api-keys/list')).status, 200);
    });

    it('does not count health checks, and answers a bad key 401, not 429', async () => {
      for (let i = 0; i < 6; i++) assert.equal((await busy.get('/healthz')).status, 200);
      expectError(
        await new ApiClient(rig.baseUrl, 'sk_live_nope').get('/api-keys/list'),
        401,
        'UNAUTHORIZED',
      );
    });

    it('lets the key in again after the window', async () => {
      await new Promise((resolve) => setTimeout(resolve, retryAfter() * 1000 + 200));
      assert.equal((await busy.get('/api-keys/list')).status, 200);
    });
  });
}
