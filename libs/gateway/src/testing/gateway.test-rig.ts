// The gateway app over a recording transport, for the HTTP specs of every area (sources,
// documents, embeddings). testing/ is for specs only: it is not exported, and production code
// never imports it.
import { Module } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AccessGranted,
  CheckAccessRequest,
  DomainError,
  Principal,
  TenantPatterns,
  VerifyApiKeyRequest,
} from '@trove/contracts';
import { HealthModule } from '@trove/platform-health';
import { createLogger } from '@trove/platform-logging';
import { createApp } from '@trove/platform-runtime';
import { InMemoryPayloadStash, TransportClient, TransportModule } from '@trove/platform-transport';
import { GatewayModule } from '../gateway.module';

export const KEY = 'sk_live_' + 'k'.repeat(40);
export const TENANT = 'acme';
export const SIGNING_KEY = Buffer.alloc(32, 3);
export const UPLOAD_LIMIT = 2 * 1024 * 1024;

/** What a test sees of one HTTP answer. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** A transport double that records what was sent and answers from responders (RecordingTransportClient). */
export interface RecordingTransport extends TransportClient {
  readonly sent: { pattern: string; payload: unknown }[];
  respond(pattern: string, responder: (payload: unknown) => unknown): this;
}

/**
 * The gateway alone over HTTP (Fastify inject), with the tenant service answering from a table and
 * the ingestion service replaced by responders each test registers: what these tests check is the
 * HTTP edge (parsing, validation, errors, payloads sent, answers shaped), not ingestion.
 */
export class GatewayRig {
  readonly stash = new InMemoryPayloadStash();
  app!: NestFastifyApplication;

  constructor(readonly transport: RecordingTransport) {}

  async start(): Promise<this> {
    const principal: Principal = { keyId: 'key-1', ownerId: 'owner-1', scopes: ['read', 'write'] };
    this.transport
      .respond(TenantPatterns.verifyApiKey, (p) => ({
        principal: (p as VerifyApiKeyRequest).apiKey === KEY ? principal : null,
      }))
      .respond(TenantPatterns.checkAccess, (p): AccessGranted => {
        const { tenant_id } = p as CheckAccessRequest;
        if (tenant_id !== TENANT) throw new DomainError('FORBIDDEN', 'Not your tenant');
        return { tenant_id, owner_id: 'owner-1' };
      });
    @Module({
      imports: [
        TransportModule.forClient(this.transport, this.stash),
        HealthModule.forRoot({ name: 'gateway-test' }),
        GatewayModule.forRoot({ readinessOf: [], authCacheTtlMs: 0, downloads: { signingKey: SIGNING_KEY } }),
      ],
    })
    class GatewayTestModule {}
    this.app = await createApp(GatewayTestModule, {
      logger: createLogger({ name: 'gateway-test', level: 'silent' }),
      bodyLimitBytes: 8 * 1024 * 1024,
      service: 'gateway',
      uploads: { fileSizeBytes: UPLOAD_LIMIT },
    });
    await this.app.init();
    await this.app.getHttpAdapter().getInstance().ready();
    return this;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }

  /** The payloads the gateway sent with `pattern`, oldest first. */
  sentWith<T>(pattern: string): T[] {
    return this.transport.sent.filter((m) => m.pattern === pattern).map((m) => m.payload as T);
  }

  async request<T = Record<string, unknown>>(options: {
    method: 'GET' | 'POST' | 'PATCH';
    url: string;
    query?: Record<string, string>;
    json?: unknown;
    /** Fields, or an encoded body as it is. */
    form?: Record<string, string> | string;
    multipart?: FormData;
    key?: string | null;
    headers?: Record<string, string>;
  }): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? KEY : options.key;
    if (key !== null) headers['authorization'] = `Bearer ${key}`;
    let payload: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload =
        typeof options.form === 'string' ? options.form : new URLSearchParams(options.form).toString();
    } else if (options.multipart !== undefined) {
      const encoded = new Request('http://localhost/', { method: 'POST', body: options.multipart });
      headers['content-type'] = encoded.headers.get('content-type')!;
      payload = Buffer.from(await encoded.arrayBuffer());
    }
    const response = await this.app.getHttpAdapter().getInstance().inject({
      method: options.method,
      url: options.url,
      query: options.query,
      headers,
      payload,
    });
    const json = (response.headers['content-type'] ?? '').toString().includes('json');
    return {
      status: response.statusCode,
      body: (json ? response.json() : response.body) as T,
      headers: response.headers,
      raw: response.rawPayload,
    };
  }
}

/** A multipart form: [name, value] for fields, [name, bytes, filename, type] for files. */
export function multipart(
  entries: ([string, string] | [string, Uint8Array | string, string, string?])[],
): FormData {
  const form = new FormData();
  for (const entry of entries) {
    if (entry.length === 2) form.append(entry[0], entry[1]);
    else
      form.append(entry[0], new Blob([entry[1]], { type: entry[3] ?? 'application/octet-stream' }), entry[2]);
  }
  return form;
}

/** The error code of a spec error body. */
export function codeOf(answer: Answer): string | undefined {
  return (answer.body['detail'] as { error_code?: string } | undefined)?.error_code;
}
