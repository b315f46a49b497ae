import { TenantService } from '@trove/domain-tenant';
import { printAfterLogs } from '@trove/platform-logging';
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
  // After the start-up logs, so that these lines end the start instead of hiding among them.
  printAfterLogs(`Trove is listening on ${url} (API docs: ${url}/docs, data: ${dataDir})\n`);
  announceAdminKey(app.get(TenantService).takeGeneratedAdminKey());
}

main().catch(exitOnStartupError);
