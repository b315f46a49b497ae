import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { names, triples } from '../../testing/read-text';

// Biographies: a participle after a place, a relative named in an apposition, an opening gerund,
// a town and its county before "where", "their" for the couple of the sentence before. Every
// sentence here is written for this file (none is in bench/data/graph-extraction.jsonl), and each
// case failed before the rules it tests.

describe('OfflineExtractor: biographies', () => {
  it("gives a person's participle after a place to the person", async () => {
    const text =
      'Tove Lunde was elected mayor of Hamar in 2015, succeeding Jon Dahl, who had held the office since 2003.';
    const mayor = await triples(text);
    assert.ok(mayor.includes('Tove Lunde | succeeded | Jon Dahl'));
    assert.notEqual((await names(text)).get('Hamar'), 'person');
  });

  it('reads a relative named in an apposition after the kinship noun', async () => {
    assert.ok(
      (
        await triples('Mira Holm studied in Oslo, where she met her husband, the chemist Anders Berg.')
      ).includes('Mira Holm | married to | Anders Berg'),
    );
  });

  it('gives an opening gerund to the subject after it', async () => {
    assert.ok(
      (
        await triples(
          'Ivo Marek grew up in Brno. After graduating from Masaryk University he moved to Prague.',
        )
      ).includes('Ivo Marek | studied at | Masaryk University'),
    );
  });

  it('places "where" in the town before its county', async () => {
    const life = await triples(
      'Nadia Petrov spent her life in Whitby, Yorkshire, where she was born in 1820.',
    );
    assert.ok(life.includes('Nadia Petrov | born in | Whitby'));
    assert.ok(!life.includes('Nadia Petrov | born in | Yorkshire'));
  });

  it('takes "their" for the couple the sentence before named', async () => {
    const family = await triples(
      'Dr. Lena Ortiz was married to the painter Hugo Ortiz. Their son, Pablo Ortiz, became a pilot.',
    );
    assert.ok(family.includes('Pablo Ortiz | child of | Lena Ortiz'));
    assert.ok(family.includes('Pablo Ortiz | child of | Hugo Ortiz'));
  });
});
