import { loadConfig } from '@trove/platform-config';
import { exitOnStartupError, runService, ServiceConfig } from '@trove/platform-runtime';

class MemoryServiceConfig extends ServiceConfig {
  override PORT = 8083;
}

// The memory domain module joins `imports` when its capability lands; until then the process
// takes part in the mesh (health over NATS, readiness at /readyz) and owns no data.
runService({ service: 'memory', config: loadConfig(MemoryServiceConfig), imports: [] }).catch(
  exitOnStartupError,
);
