/** Every service answers `<service>.health.check` with its readiness report. */
export const ServiceNames = ['tenant', 'ingestion', 'memory', 'search', 'graph'] as const;
export type ServiceName = (typeof ServiceNames)[number];

export function healthPattern(service: ServiceName): string {
  return `${service}.health.check`;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail?: string;
  /** What the check reports besides its state (the embedder: its model, dimension, fallback). */
  info?: Record<string, unknown>;
}

export interface ReadinessReport {
  service: string;
  ready: boolean;
  checks: CheckResult[];
}
