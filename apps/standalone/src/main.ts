import { loadConfig } from '@trove/platform-config';
import { exitOnStartupError } from '@trove/platform-runtime';
import { createStandaloneApp } from './standalone.app';
import { StandaloneConfig } from './standalone-config';

async function main(): Promise<void> {
  const config = loadConfig(StandaloneConfig);
  const { app, dataDir } = await createStandaloneApp(config);
  await app.listen(config.PORT, config.HOST);
  const url = await app.getUrl();
  process.stdout.write(`Trove is listening on ${url} (API docs: ${url}/docs, data: ${dataDir})\n`);
}

main().catch(exitOnStartupError);
