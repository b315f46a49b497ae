// Summarises a .cpuprofile written by speed-cpu-preload.mjs: where the process spent its samples,
// by area (a package, a Trove library, Node internals, GC, idle) and by function, self and
// inclusive time (a function's own samples plus those of everything it called).
import { readFileSync } from 'node:fs';

function areaOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (/^\((garbage collector|idle|program|root)\)$/.test(functionName)) return functionName;
    return '(native)';
  }
  const path = url.replace(/^file:\/\//, '');
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) {
    return pkg[1].startsWith('@trove/') ? pkg[1] : `npm:${pkg[1]}`;
  }
  const lib = path.match(/\/(libs\/(?:domain\/|platform\/)?[^/]+|apps\/[^/]+)\//);
  if (lib) return lib[1];
  if (path.startsWith('node:')) return 'node:' + (path.split('/')[1] ?? path.slice(5));
  return path;
}

function label(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.replace(/^.*\/(node_modules\/|libs\/|apps\/)/, '$1') : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

/** { totalMs, byArea: [{ area, ms, share }], self: [...], inclusive: [...] } for the top `top`. */
export function summariseProfile(path, top = 15) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  // timeDeltas[i] is the time before sample i; the sample stands for the interval that follows.
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
  }
  let total = 0;
  let idle = 0;
  const area = new Map();
  const self = new Map();
  const inclusive = new Map();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    total += us;
    if (node.callFrame.functionName === '(idle)') idle += us;
    const a = areaOf(node);
    area.set(a, (area.get(a) ?? 0) + us);
    const l = label(node);
    self.set(l, (self.get(l) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const busy = total - idle;
  const rank = (map, exclude = () => false) =>
    [...map]
      .filter(([k]) => !exclude(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busy > 0 ? us / busy : 0 }));
  return {
    totalMs: total / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    busyMs: busy / 1000,
    byArea: rank(area, (k) => k === '(idle)'),
    self: rank(self, (k) => k === '(idle)'),
    inclusive: rank(inclusive, (k) => /^\((root|idle|program)\)/.test(k) || k.startsWith('(anonymous)')),
  };
}
