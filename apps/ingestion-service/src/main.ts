import { loadConfig } from '@trove/platform-config';
import { exitOnStartupError, runService, ServiceConfig } from '@trove/platform-runtime';

class IngestionServiceConfig extends ServiceConfig {
  override PORT = 8082;
}

// The ingestion domain module joins `imports` when its capability lands; until then the process
// takes part in the mesh (health over NATS, readiness at /readyz) and owns no data.
runService({ service: 'ingestion', config: loadConfig(IngestionServiceConfig), imports: [] }).catch(
  exitOnStartupError,
);
