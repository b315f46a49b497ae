#!/usr/bin/env node
// Trains the offline extractor's pair model on every annotated text of
// bench/data/graph-extraction.jsonl and writes it where the extractor loads it
// (libs/domain/graph/src/extraction/offline/learned/pair-model.json). The training is
// deterministic: `--check` retrains and fails when the committed file differs by more than the
// last rounding digit, so the shipped weights are always what this data and code give.
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node tools/train-pair-model.mjs [--check]
//
// Retrain only after a new blind set has been scored once with the model before it
// (docs/benchmarks.md, Knowledge graph): a set the model learned from no longer tells how it
// does on text it has not seen.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';
import { annotatedRows, trainingTexts } from '../bench/lib/pair-training.mjs';

const { trainPairModel, pairModelToFile } = graph;
const TARGET = resolve(
  import.meta.dirname,
  '../libs/domain/graph/src/extraction/offline/learned/pair-model.json',
);

const started = performance.now();
const texts = await trainingTexts(annotatedRows());
const examples = texts.flatMap((t) => t.examples);
const file = pairModelToFile(trainPairModel(examples));
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (process.argv.includes('--check')) {
  const committed = JSON.parse(readFileSync(TARGET, 'utf8'));
  const problems = compare(committed, file);
  if (problems.length > 0) {
    console.error(
      `pair model: the committed file is not what training gives (${problems.length} differences), e.g.`,
    );
    for (const p of problems.slice(0, 5)) console.error(`  ${p}`);
    console.error('retrain with: node tools/train-pair-model.mjs');
    process.exit(1);
  }
  console.log(
    `pair model: the committed file is what training gives (${examples.length} pairs, ${seconds} s)`,
  );
} else {
  writeFileSync(TARGET, `${JSON.stringify(file)}\n`);
  console.log(
    `pair model: ${examples.length} pairs from ${texts.length} texts, ${file.classes.length} classes, ` +
      `${file.weights.length} features kept, written to ${TARGET.slice(process.cwd().length + 1)} in ${seconds} s`,
  );
}

/** Differences beyond one unit of the last digit kept (floating point may round either way). */
function compare(a, b) {
  const out = [];
  if (JSON.stringify(a.classes) !== JSON.stringify(b.classes)) return ['the classes differ'];
  const rows = (file) => new Map(file.weights.map(([f, ...w]) => [f, w]));
  const [left, right] = [rows(a), rows(b)];
  for (const feature of new Set([...left.keys(), ...right.keys()])) {
    const weights = (row) => {
      const m = new Map();
      for (let i = 0; i + 1 < (row ?? []).length; i += 2) m.set(row[i], row[i + 1]);
      return m;
    };
    const [x, y] = [weights(left.get(feature)), weights(right.get(feature))];
    for (const c of new Set([...x.keys(), ...y.keys()])) {
      const [u, v] = [x.get(c) ?? 0, y.get(c) ?? 0];
      // (A weight near the cut-off may be kept on one side only.)
      if (Math.abs(u - v) > 0.011 && !(Math.abs(u) < 0.511 && Math.abs(v) < 0.511))
        out.push(`${feature} class ${a.classes[c]}: ${u} against ${v}`);
    }
  }
  return out;
}
