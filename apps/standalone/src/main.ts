import { TenantService } from '@trove/domain-tenant';
import { announceAdminKey, exitOnStartupError, restrictNewFiles } from '@trove/platform-runtime';
import { createStandaloneApp } from './standalone.app';
import { loadStandaloneSettings } from './standalone-config';

async function main(): Promise<void> {
  restrictNewFiles();
  const settings = loadStandaloneSettings();
  const config = settings.app;
  const { app, dataDir } = await createStandaloneApp(settings);
  await app.listen(config.PORT, config.HOST);
  const url = await app.getUrl();
  process.stdout.write(`Trove is listening on ${url} (API docs: ${url}/docs, data: ${dataDir})\n`);
  announceAdminKey(app.get(TenantService).takeGeneratedAdminKey());
}

main().catch(exitOnStartupError);
