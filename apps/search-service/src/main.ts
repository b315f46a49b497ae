import { loadConfig } from '@trove/platform-config';
import { exitOnStartupError, runService, ServiceConfig } from '@trove/platform-runtime';

class SearchServiceConfig extends ServiceConfig {
  override PORT = 8084;
}

// The search domain module joins `imports` when its capability lands; until then the process
// takes part in the mesh (health over NATS, readiness at /readyz) and owns no data.
runService({ service: 'search', config: loadConfig(SearchServiceConfig), imports: [] }).catch(
  exitOnStartupError,
);
