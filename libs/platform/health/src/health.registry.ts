import { Injectable } from '@nestjs/common';
import { CheckResult, ReadinessReport } from '@trove/contracts';

/**
 * A readiness probe of one dependency: resolves when it answers (optionally with what it wants
 * /readyz to show), rejects with the reason.
 */
export type ReadinessCheck = () => Promise<void | Record<string, unknown>>;

const CHECK_TIMEOUT_MS = 2000;

async function run(name: string, check: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    const info = await Promise.race([check(), deadline]);
    return info ? { name, ok: true, info } : { name, ok: true };
  } catch (error: unknown) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The stores and transports a process depends on. Modules register a check for each store they
 * open; /readyz and `<service>.health.check` run them all, in parallel, each with a deadline.
 */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();
  private service = 'trove';

  setServiceName(service: string): void {
    this.service = service;
  }

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async report(): Promise<ReadinessReport> {
    const checks = await Promise.all([...this.checks].map(([name, check]) => run(name, check)));
    return { service: this.service, ready: checks.every((c) => c.ok), checks };
  }
}
