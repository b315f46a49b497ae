import { TenantModule, TenantService } from '@trove/domain-tenant';
import { loadConfig } from '@trove/platform-config';
import { PostgresDatabase } from '@trove/platform-database';
import {
  announceAdminKey,
  DatabaseServiceConfig,
  exitOnStartupError,
  restrictNewFiles,
  runService,
} from '@trove/platform-runtime';
import { IsOptional, IsString } from 'class-validator';

class TenantServiceConfig extends DatabaseServiceConfig {
  override PORT = 8081;

  /** Bootstrap admin key; generated and printed once when unset and none exists yet. */
  @IsOptional()
  @IsString()
  ADMIN_API_KEY: string | undefined = undefined;
}

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig(TenantServiceConfig);
  const database = await PostgresDatabase.connect(config.DATABASE_URL);
  await runService({
    service: 'tenant',
    config,
    imports: [TenantModule.forRoot({ database, adminApiKey: config.ADMIN_API_KEY })],
    checks: { postgres: () => database.ping() },
    afterListen: (app) => announceAdminKey(app.get(TenantService).takeGeneratedAdminKey()),
  });
}

main().catch(exitOnStartupError);
