import { HttpServerConfig } from '@trove/platform-config';

/**
 * What every distributed service process reads, besides its own stores' settings. Its PORT
 * serves only /healthz and /readyz; each app sets its own default (8081–8085).
 */
export class ServiceConfig extends HttpServerConfig {}
