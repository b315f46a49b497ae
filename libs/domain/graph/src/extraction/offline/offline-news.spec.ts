import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { triples } from '../../testing/read-text';

// Business news: an organisation described by its place ("the Leeds company"), a successor in the
// passive, "the company" after its possessor, a co-founder after a date. Every sentence here is
// written for this file (none is in bench/data/graph-extraction.jsonl), and each case failed
// before the rules it tests.

describe('OfflineExtractor: business news', () => {
  it('reads where a company is from "the <place> company" with no name after', async () => {
    assert.ok(
      (
        await triples('Shares of Bramble Robotics fell 6% after the Leeds company said its chief had quit.')
      ).includes('Bramble Robotics | located in | Leeds'),
    );
    assert.ok(
      (await triples('Pesa Ledger, a Kampala start-up whose app is popular, raised $9 million.')).includes(
        'Pesa Ledger | located in | Kampala',
      ),
    );
  });

  it('reads a successor in the passive', async () => {
    assert.ok(
      (
        await triples(
          'Dana Holt stepped down in May. She is replaced by Ivo Brandt, previously its finance chief.',
        )
      ).includes('Ivo Brandt | succeeded | Dana Holt'),
    );
  });

  it('takes "the company" for its possessor, and a co-founder after a date', async () => {
    const deal = await triples(
      "Vistra Labs said it had agreed to buy Kelp AS. Vistra's chief executive, Mona Berg, who co-founded the company in 2016 with Leif Aas, will run the group.",
    );
    assert.ok(deal.includes('Mona Berg | founded | Vistra Labs'));
    assert.ok(deal.includes('Leif Aas | founded | Vistra Labs'));
    assert.ok(!deal.includes('Mona Berg | founded | Kelp AS'));
  });

  it('places the text\'s company from "the X-based company", and a company at "its plant in"', async () => {
    assert.ok(
      (
        await triples(
          'Brasa Pay has hired Ana Lima as chief financial officer, the Recife-based company said on Wednesday.',
        )
      ).includes('Brasa Pay | located in | Recife'),
    );
    const sites = await triples(
      'Under the deal, Tamsin Foods will bake from its new plant in Leeds, while Orla Dairy AG packs at its depot in Graz.',
    );
    assert.ok(sites.includes('Tamsin Foods | located in | Leeds'));
    assert.ok(sites.includes('Orla Dairy AG | located in | Graz'));
  });
});
