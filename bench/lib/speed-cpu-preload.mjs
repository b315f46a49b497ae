// Preloaded into the standalone process by bench/retrieval-speed.bench.mjs --cpu-prof
// (NODE_OPTIONS=--import <this file>): SIGWINCH starts the V8 CPU profiler, the next SIGWINCH stops
// it and writes TROVE_SPEED_PROFILE_DIR/profile-<n>.cpuprofile, so that a profile covers one
// phase of the benchmark only (not start-up or loading). Nothing else changes in the process.
// (Not SIGUSR2: Nest's enableShutdownHooks() shuts the app down on it.)
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const dir = process.env.TROVE_SPEED_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let n = 0;
  process.on('SIGWINCH', async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 250 });
      await session.post('Profiler.start');
      writeFileSync(join(dir, `started-${n}`), '');
    } else {
      const { profile } = await session.post('Profiler.stop');
      running = false;
      writeFileSync(join(dir, `profile-${n}.cpuprofile.tmp`), JSON.stringify(profile));
      // Renamed when complete, so the benchmark never reads half a file.
      const { renameSync } = await import('node:fs');
      renameSync(join(dir, `profile-${n}.cpuprofile.tmp`), join(dir, `profile-${n}.cpuprofile`));
      n++;
    }
  });
}
