import { HttpServerConfig } from '@trove/platform-config';
import { IsString, Matches } from 'class-validator';

/**
 * What every distributed service process reads, besides its own stores' settings. Its PORT
 * serves only /healthz and /readyz; each app sets its own default (8081–8085).
 */
export class ServiceConfig extends HttpServerConfig {}

/** A service whose records live in PostgreSQL (its own schema in DATABASE_URL's database). */
export class DatabaseServiceConfig extends ServiceConfig {
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/trove';

  /** Where embedded stores (when selected) keep their files. */
  @IsString()
  DATA_DIR = './data';
}
