import { GraphSettings } from '@trove/domain-graph';
import { IngestionSettings } from '@trove/domain-ingestion';
import { MemorySettings } from '@trove/domain-memory';
import { SearchSettings } from '@trove/domain-search';
import { GatewayConfig } from '@trove/gateway';
import { loadConfig } from '@trove/platform-config';
import { IsOptional, IsString } from 'class-validator';

/** `npm start`: one process, embedded stores under DATA_DIR, no server to install. */
export class StandaloneConfig extends GatewayConfig {
  /** Loopback by default: a laptop's Trove is not reachable from the network unless asked. */
  override HOST = '127.0.0.1';

  /** Where every embedded store keeps its files; survives restarts. */
  @IsString()
  DATA_DIR = './data';

  /** Bootstrap admin key; generated and printed once when unset and none exists yet. */
  @IsOptional()
  @IsString()
  ADMIN_API_KEY: string | undefined = undefined;
}

/** Everything standalone reads: its own settings and those of the domains it hosts. */
export interface StandaloneSettings {
  app: StandaloneConfig;
  search: SearchSettings;
  memory: MemorySettings;
  ingestion: IngestionSettings;
  graph: GraphSettings;
}

export function loadStandaloneSettings(env: NodeJS.ProcessEnv = process.env): StandaloneSettings {
  return {
    app: loadConfig(StandaloneConfig, env),
    search: loadConfig(SearchSettings, env),
    memory: loadConfig(MemorySettings, env),
    ingestion: loadConfig(IngestionSettings, env),
    graph: loadConfig(GraphSettings, env),
  };
}
