#!/usr/bin/env node
// Checks the rendered docker-compose.yml (`docker-compose config` output) for what the stack
// promises: every container has a healthcheck; every depends_on names a condition (healthy or
// completed); every volume a service mounts is a declared named volume (no bind mounts, so no
// path of the host); the stores and the model each have one; ADMIN_API_KEY is passed through.
//   node tools/check-compose.mjs --yaml DIR RENDERED.yml
// DIR: where `npm install yaml` was run (tools/validate-deploy.sh does that).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--yaml');
const file = args.filter((_, i) => i !== at && i !== at + 1)[0];
if (at < 0 || !args[at + 1] || !file) {
  console.error('usage: node tools/check-compose.mjs --yaml DIR RENDERED.yml');
  process.exit(2);
}
const { parse } = await import(
  pathToFileURL(join(resolve(args[at + 1]), 'node_modules', 'yaml', 'dist', 'index.js')).href
);
const compose = parse(readFileSync(file, 'utf8'));
const services = compose.services ?? {};
const declared = new Set(Object.keys(compose.volumes ?? {}));
const errors = [];

// Each store (and the model step) and the named volume it keeps its data in.
const stateful = {
  postgres: '/var/lib/postgresql/data',
  nats: '/data',
  elasticsearch: '/usr/share/elasticsearch/data',
  neo4j: '/data',
  minio: '/data',
  qdrant: '/qdrant/storage',
  model: '/models',
};
const apps = [
  'gateway',
  'tenant-service',
  'ingestion-service',
  'memory-service',
  'search-service',
  'graph-service',
];
for (const name of [...apps, ...Object.keys(stateful)]) {
  if (!services[name]) errors.push(`service ${name} is missing`);
}

for (const [name, service] of Object.entries(services)) {
  const check = service.healthcheck;
  if (!check || check.disable || !check.test || (Array.isArray(check.test) && check.test[0] === 'NONE')) {
    errors.push(`${name}: no healthcheck`);
  }
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn)) {
    errors.push(`${name}: depends_on without conditions`);
  } else {
    for (const [dep, spec] of Object.entries(dependsOn)) {
      if (!services[dep]) errors.push(`${name}: depends_on unknown service ${dep}`);
      if (!['service_healthy', 'service_completed_successfully'].includes(spec?.condition)) {
        errors.push(`${name}: depends_on ${dep} has condition ${spec?.condition ?? '(none)'}`);
      }
    }
  }
  const mounts = (service.volumes ?? []).map((v) =>
    typeof v === 'string'
      ? {
          type: v.startsWith('/') || v.startsWith('.') ? 'bind' : 'volume',
          source: v.split(':')[0],
          target: v.split(':')[1],
        }
      : v,
  );
  for (const mount of mounts) {
    if (mount.type !== 'volume' || !declared.has(mount.source)) {
      errors.push(`${name}: mount ${mount.source ?? '?'}:${mount.target} is not a declared named volume`);
    }
  }
  if (stateful[name] && !mounts.some((m) => m.type === 'volume' && m.target === stateful[name])) {
    errors.push(`${name}: no named volume at ${stateful[name]}`);
  }
}
for (const name of ['search-service', 'graph-service']) {
  const service = services[name];
  if (
    service &&
    !(service.volumes ?? []).some((v) =>
      typeof v === 'string' ? v.startsWith('models:') : v.source === 'models',
    )
  ) {
    errors.push(`${name}: does not mount the models volume`);
  }
  if (service?.depends_on?.model?.condition !== 'service_completed_successfully') {
    errors.push(`${name}: does not wait for the model step (service_completed_successfully)`);
  }
}
if (!services['tenant-service']?.environment?.ADMIN_API_KEY) errors.push('tenant-service: no ADMIN_API_KEY');
if (!(services.nats?.command ?? []).includes('-js')) errors.push('nats: JetStream (-js) is off');

if (errors.length) {
  for (const line of errors) console.error(`error: docker-compose.yml: ${line}`);
  process.exit(1);
}
