import { PairModel, pairModelFromFile, PairModelFile } from './pair-model';
// Written by tools/train-pair-model.mjs from bench/data/graph-extraction.jsonl; `--check` retrains
// and compares.
import file from './pair-model.json';

let shipped: PairModel | undefined;

/** The model trained on every annotated text, loaded once. */
export function shippedPairModel(): PairModel {
  return (shipped ??= pairModelFromFile(file as PairModelFile));
}
