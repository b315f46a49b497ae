#!/usr/bin/env node
// Schema check of rendered Kubernetes manifests, offline: every object is validated against the
// OpenAPI schema of its apiVersion/kind, as compiled into the npm package kubernetes-models
// (types, required fields, enums, formats; like kubeconform without -strict, unknown fields are
// not reported). An apiVersion/kind the package has no schema for (a removed API such as
// policy/v1beta1, or a typo) is an error too.
//   node tools/check-k8s-schemas.mjs --models DIR FILE...
// DIR: where `npm install kubernetes-models yaml` was run (tools/validate-deploy.sh does that).
// Prints one line per file ("N objects: kinds"); exits 1 with every error found.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--models');
if (at < 0 || !args[at + 1]) {
  console.error('usage: node tools/check-k8s-schemas.mjs --models DIR FILE...');
  process.exit(2);
}
const modelsDir = resolve(args[at + 1], 'node_modules');
const files = args.filter((_, i) => i !== at && i !== at + 1);
const { parseAllDocuments } = await import(pathToFileURL(join(modelsDir, 'yaml', 'dist', 'index.js')).href);

// API versions removed from Kubernetes (or deprecated with a replacement): never accepted here,
// whatever the package still carries.
const removed =
  /^(extensions\/v1beta1|apps\/v1beta[12]|policy\/v1beta1|autoscaling\/v2beta[12]|networking\.k8s\.io\/v1beta1|batch\/v1beta1|rbac\.authorization\.k8s\.io\/v1beta1)$/;

const errors = [];
for (const file of files) {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  const kinds = new Map();
  let count = 0;
  for (const doc of docs) {
    if (doc.errors.length) {
      errors.push(`${file}: YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
      continue;
    }
    const object = doc.toJS();
    if (object == null) continue;
    count++;
    const { apiVersion, kind } = object;
    const name = `${kind ?? '?'} ${object.metadata?.namespace ? object.metadata.namespace + '/' : ''}${object.metadata?.name ?? '?'}`;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
      errors.push(`${file}: ${name}: apiVersion and kind are required`);
      continue;
    }
    if (removed.test(apiVersion)) {
      errors.push(`${file}: ${name}: apiVersion ${apiVersion} is removed or deprecated`);
      continue;
    }
    const module = join(modelsDir, 'kubernetes-models', ...apiVersion.split('/'), `${kind}.js`);
    if (!/^[A-Za-z0-9.\/-]+$/.test(apiVersion) || !/^[A-Za-z0-9]+$/.test(kind) || !existsSync(module)) {
      errors.push(`${file}: ${name}: no schema for ${apiVersion} ${kind}`);
      continue;
    }
    const Model = (await import(pathToFileURL(module).href))[kind];
    try {
      new Model(object).validate();
    } catch (error) {
      errors.push(`${file}: ${name}: ${error.message.replace(/\s+/g, ' ')}`);
    }
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const summary = [...kinds].map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(`${file}: ${count} objects checked (${summary})`);
}
if (errors.length) {
  for (const line of errors) console.error(`error: ${line}`);
  process.exit(1);
}
