import { loadConfig } from '@trove/platform-config';
import { exitOnStartupError, restrictNewFiles, runService, ServiceConfig } from '@trove/platform-runtime';

class GraphServiceConfig extends ServiceConfig {
  override PORT = 8085;
}

// The graph domain module joins `imports` when its capability lands; until then the process
// takes part in the mesh (health over NATS, readiness at /readyz) and owns no data.
restrictNewFiles();
runService({ service: 'graph', config: loadConfig(GraphServiceConfig), imports: [] }).catch(
  exitOnStartupError,
);
