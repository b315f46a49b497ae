import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line and every outgoing message of one request carries. */
export interface RequestContextData {
  requestId: string;
  tenantId?: string;
}

const storage = new AsyncLocalStorage<RequestContextData>();

/** The request a piece of code runs for, kept across awaits with AsyncLocalStorage. */
export const RequestContext = {
  run<T>(data: RequestContextData, fn: () => T): T {
    return storage.run(data, fn);
  },
  current(): RequestContextData | undefined {
    return storage.getStore();
  },
  /** Records the tenant once it is known (after validation), for the log lines that follow. */
  setTenant(tenantId: string): void {
    const store = storage.getStore();
    if (store) store.tenantId = tenantId;
  },
  newRequestId(): string {
    return randomUUID();
  },
};
