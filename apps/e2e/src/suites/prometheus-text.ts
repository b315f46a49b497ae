// A strict reader of the Prometheus text format (version 0.0.4), for the metrics suite: anything
// a Prometheus server would refuse, and anything prom-client never writes (a sample before its
// TYPE, a series twice, a histogram sample without `le`), throws with the line it stopped at.

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (`x_bucket`, `x_sum`, `x_count` for a histogram `x`). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function fail(lineNo: number, line: string, why: string): never {
  throw new Error(`metrics text, line ${lineNo}: ${why}: ${JSON.stringify(line.slice(0, 200))}`);
}

/**
 * A sample value as Prometheus reads it (Go's ParseFloat): a float, or Inf, Infinity and NaN in
 * any case (prom-client writes `Nan` for the event-loop lag before its first sample).
 */
function parseValue(text: string, lineNo: number, line: string): number {
  if (/^[+]?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) fail(lineNo, line, `bad value ${text}`);
  return Number(text);
}

/** `{a="x",b="y"}` from `start` (at `{`); returns the labels and the index after `}`. */
function parseLabels(line: string, start: number, lineNo: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === '}') return [labels, i + 1];
    const eq = line.indexOf('=', i);
    if (eq < 0) fail(lineNo, line, 'label without =');
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) fail(lineNo, line, `bad label name ${name}`);
    if (Object.hasOwn(labels, name)) fail(lineNo, line, `label ${name} twice`);
    if (line[eq + 1] !== '"') fail(lineNo, line, 'label value not quoted');
    let value = '';
    let j = eq + 2;
    for (; ; j++) {
      const c = line[j];
      if (c === undefined) fail(lineNo, line, 'unterminated label value');
      if (c === '"') break;
      if (c === '\\') {
        const next = line[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else fail(lineNo, line, `bad escape \\${next ?? ''}`);
      } else value += c;
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') fail(lineNo, line, 'expected , or } after a label');
  }
}

/** Which family a sample of this name belongs to, given the families declared so far. */
function familyOf(name: string, families: Map<string, MetricFamily>): MetricFamily | undefined {
  const exact = families.get(name);
  if (exact) return exact;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const family = families.get(name.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) {
      return family;
    }
  }
  return undefined;
}

/** Every metric family of a scrape, by name; throws at the first line that is not well formed. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const seen = new Set<string>();
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('metrics text does not end with a newline');
  const lines = text.split('\n');
  lines.pop();
  for (const [index, line] of lines.entries()) {
    const lineNo = index + 1;
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) continue; // a plain comment
      const [, kind, name, rest] = match as unknown as [string, 'HELP' | 'TYPE', string, string];
      if (!METRIC_NAME.test(name)) fail(lineNo, line, `bad metric name ${name}`);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as MetricType)) fail(lineNo, line, `unknown type ${rest}`);
        if (families.get(name)?.samples.length) fail(lineNo, line, 'TYPE after samples');
        if (seen.has(`TYPE ${name}`)) fail(lineNo, line, 'TYPE twice');
        seen.add(`TYPE ${name}`);
        family.type = rest as MetricType;
      } else {
        if (seen.has(`HELP ${name}`)) fail(lineNo, line, 'HELP twice');
        seen.add(`HELP ${name}`);
        family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      }
      families.set(name, family);
      continue;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) fail(lineNo, line, 'no sample name');
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) fail(lineNo, line, `bad metric name ${name}`);
    let labels: Record<string, string> = {};
    let rest = nameEnd;
    if (line[nameEnd] === '{') [labels, rest] = parseLabels(line, nameEnd, lineNo);
    if (line[rest] !== ' ') fail(lineNo, line, 'expected a space before the value');
    const fields = line.slice(rest + 1).split(' ');
    if (fields.length > 2 || fields[0] === '') fail(lineNo, line, 'expected a value and at most a timestamp');
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) fail(lineNo, line, 'bad timestamp');
    const value = parseValue(fields[0]!, lineNo, line);

    const family = familyOf(name, families);
    if (!family || !seen.has(`TYPE ${family.name}`)) fail(lineNo, line, 'sample before its TYPE line');
    if (family.type === 'histogram' && name === `${family.name}_bucket` && labels['le'] === undefined) {
      fail(lineNo, line, 'histogram bucket without le');
    }
    if (family.type === 'histogram' && name === family.name) fail(lineNo, line, 'bare histogram sample');
    const key = `${name}{${Object.entries(labels)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(',')}}`;
    if (seen.has(key)) fail(lineNo, line, 'the same series twice');
    seen.add(key);
    family.samples.push({ name, labels, value });
  }
  return families;
}

/** True when `labels` has every label of `wanted` with the same value. */
function matches(labels: Record<string, string>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([k, v]) => labels[k] === v);
}

/** The samples named `name` (any family) whose labels include `wanted`. */
export function samplesOf(
  families: Map<string, MetricFamily>,
  name: string,
  wanted: Record<string, string> = {},
): Sample[] {
  return [...families.values()].flatMap((f) =>
    f.samples.filter((s) => s.name === name && matches(s.labels, wanted)),
  );
}

/** The sum of the samples samplesOf finds; 0 when none (a series not yet written). */
export function valueOf(
  families: Map<string, MetricFamily>,
  name: string,
  wanted: Record<string, string> = {},
): number {
  return samplesOf(families, name, wanted).reduce((sum, s) => sum + s.value, 0);
}

/**
 * Checks every series of a histogram: buckets in increasing `le` order never decrease, the +Inf
 * bucket equals _count, and _sum is not negative. Returns how many series it checked.
 */
export function checkHistogram(families: Map<string, MetricFamily>, name: string): number {
  const family = families.get(name);
  if (!family || family.type !== 'histogram') throw new Error(`${name} is not a histogram`);
  const seriesKey = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const series = new Map<string, { buckets: [number, number][]; sum?: number; count?: number }>();
  for (const sample of family.samples) {
    const key = seriesKey(sample.labels);
    const entry = series.get(key) ?? { buckets: [] };
    if (sample.name === `${name}_bucket`) {
      entry.buckets.push([parseValue(sample.labels['le']!, 0, sample.labels['le']!), sample.value]);
    } else if (sample.name === `${name}_sum`) entry.sum = sample.value;
    else if (sample.name === `${name}_count`) entry.count = sample.value;
    series.set(key, entry);
  }
  for (const [key, { buckets, sum, count }] of series) {
    if (count === undefined || sum === undefined) throw new Error(`${name}${key}: no _count or _sum`);
    const sorted = [...buckets].sort(([a], [b]) => a - b);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${name}${key}: no +Inf bucket`);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]![1] < sorted[i - 1]![1]) {
        throw new Error(`${name}${key}: bucket le=${sorted[i]![0]} is below le=${sorted[i - 1]![0]}`);
      }
    }
    if (sorted.at(-1)![1] !== count)
      throw new Error(`${name}${key}: +Inf bucket ${sorted.at(-1)![1]} ≠ count ${count}`);
    if (!(sum >= 0)) throw new Error(`${name}${key}: negative sum ${sum}`);
  }
  return series.size;
}
