import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { facts, names, triples } from '../../testing/read-text';

// Names as they are written outside English news: letters wink's English model does not know,
// legal suffixes, surnames that look like particles, introductions, and lists of relatives.
// Every sentence here is written for this file (none is in bench/data/graph-extraction.jsonl).

describe('OfflineExtractor: names beyond English spelling', () => {
  it('keeps letters the tagger does not know inside their word', async () => {
    const found = await names('Jiří Novák met Łucja Wójcik and Șerban Țiriac in Brno.');
    for (const name of ['Jiří Novák', 'Łucja Wójcik', 'Șerban Țiriac']) assert.ok(found.has(name), name);
    assert.ok(
      (await triples('Miloš Šťastný was born in Ostrava.')).includes('Miloš Šťastný | born in | Ostrava'),
    );
  });

  it("knows accented first names by the lexicon's unaccented ones", async () => {
    const found = await names('Hélène Duclos met Søren Lind and Zoë Lam.');
    assert.equal(found.get('Hélène Duclos'), 'person');
    assert.equal(found.get('Søren Lind'), 'person');
    assert.equal(found.get('Zoë Lam'), 'person');
  });

  it('ends a company name on its legal suffix, and knows it by its first word after', async () => {
    const found = await names(
      'Nordvik Shipping ASA and Maersk Tankers A/S signed with Brenner GmbH, Hallberg AB and Pax S.A.',
    );
    for (const name of [
      'Nordvik Shipping ASA',
      'Hallberg AB',
      'Brenner GmbH',
      'Pax S.A.',
      'Maersk Tankers A/S',
    ])
      assert.equal(found.get(name), 'organization', name);
    const sale = await triples(
      'Orrin Labs bought the Finnish sensor maker Kuulo Oy last year. Kuulo now runs as a division of Orrin Labs.',
    );
    assert.ok(sale.includes('Orrin Labs | acquired | Kuulo Oy'));
    assert.ok(sale.includes('Kuulo Oy | part of | Orrin Labs'));
  });

  it('reads Japanese "Co., Ltd.", Indian "Pvt Ltd" and Romance first words (Grupo, Banco, …)', async () => {
    const found = await names(
      'Kaito Foods Co., Ltd. and Surya Tech Pvt Ltd met Banco Serra and Grupo Lumen.',
    );
    for (const name of ['Kaito Foods Co., Ltd.', 'Surya Tech Pvt Ltd', 'Banco Serra', 'Grupo Lumen'])
      assert.equal(found.get(name), 'organization', name);
  });

  it('drops a greeting, a kin title or a ticket\'s label before a name, and "of <place>" after a legal suffix', async () => {
    const hola = await names('Hola Tía Rosa! Diego says hi.');
    assert.ok(hola.has('Rosa') && !hola.has('Hola Tía Rosa'));
    const ticket = await names('Customer Norvik Fisk ApS of Bergen reports a fault.');
    assert.equal(ticket.get('Norvik Fisk ApS'), 'organization');
  });

  it('types a name described as a kind of place as a place', async () => {
    const found = await names('Kvaløya is an island in northern Norway. Skarsvåg is a village near it.');
    assert.equal(found.get('Kvaløya'), 'location');
    assert.equal(found.get('Skarsvåg'), 'location');
  });

  it('keeps a name one type through a text once a sentence typed it', async () => {
    const chat = await facts('Priya: the build is green.\nPriya: shipping it now, said Priya.');
    assert.deepEqual(
      chat.entities.filter((e) => e.name === 'Priya').map((e) => e.type),
      ['person'],
    );
  });

  it('keeps a capitalised surname that is also a particle ("Das", "Van")', async () => {
    assert.ok((await names('The prize went to Anirban Das.')).has('Anirban Das'));
    assert.ok((await names('The speech was given by Lieke Van.')).has('Lieke Van'));
    assert.ok((await names('Casa do Alentejo opened.')).has('Casa do Alentejo'));
    assert.ok((await names('Wambui wa Kinyanjui and Ali bin Hamad met.')).has('Wambui wa Kinyanjui'));
    assert.ok((await names('Wambui wa Kinyanjui and Ali bin Hamad met.')).has('Ali bin Hamad'));
  });

  it('reads a possessive inside an institution name', async () => {
    assert.ok(
      (await triples("Orla Quinn, a nurse at St. Columba's Hospital, lives in Sligo.")).includes(
        "Orla Quinn | works at | St. Columba's Hospital",
      ),
    );
  });

  it('joins a firm named with "&" whatever its first word is', async () => {
    assert.ok((await names('They opened a bakery called Rise & Crumb in Leeds.')).has('Rise & Crumb'));
    const found = await names('Shares of Dunmore & Pike fell 3% on Monday.');
    assert.ok(found.has('Dunmore & Pike'));
    assert.ok(![...found.keys()].some((name) => name.startsWith('Shares')));
  });
});

describe('OfflineExtractor: introductions and relatives', () => {
  it('takes "I\'m X" as the speaker of a turn labelled with a generic name', async () => {
    const said = await triples(
      "User: I'm Kofi Boateng, hi. I grew up in Kumasi and I work at Volta Analytics now.",
    );
    assert.ok(said.includes('Kofi Boateng | lives in | Kumasi'));
    assert.ok(said.includes('Kofi Boateng | works at | Volta Analytics'));
    assert.equal((await names("User: I'm Kofi Boateng, hi.")).get('Kofi Boateng'), 'person');
  });

  it("relates the people a plural kin noun lists, who share the last one's surname", async () => {
    const twins = await triples('The bakery was opened by twins Ilse and Greta Brandt in 2011.');
    assert.ok(twins.includes('Ilse Brandt | sibling of | Greta Brandt'));
    assert.ok(
      (await triples('The firm was started by the brothers Tariq Aziz and Omar Aziz.')).includes(
        'Tariq Aziz | sibling of | Omar Aziz',
      ),
    );
    // Friends of mine are not, for all the text says, friends of each other.
    assert.deepEqual(await triples('My friends Dana Roth and Eli Stone came over.'), []);
  });

  it('makes partners of two organisations that form a joint venture', async () => {
    assert.ok(
      (
        await triples(
          'Halden Kraft AS and Vireo Energy, the Irish utility based in Cork, formed a joint venture in May.',
        )
      ).includes('Halden Kraft AS | partner of | Vireo Energy'),
    );
    assert.ok(
      (
        await triples('Halden Kraft AS has formed a joint venture with Vireo Energy Ltd to build a plant.')
      ).includes('Halden Kraft AS | partner of | Vireo Energy Ltd'),
    );
    assert.deepEqual(
      (await triples('Halden Kraft AS announced a joint venture.')).filter((t) => t.includes('partner of')),
      [],
    );
  });

  it('gives both roles of "X\'s founder and chief executive, Y"', async () => {
    const both = await triples(
      "Brandvik Analytics grew. Brandvik's founder and chief executive, Lise Moen, spoke.",
    );
    assert.ok(both.includes('Lise Moen | founded | Brandvik Analytics'));
    assert.ok(both.includes('Lise Moen | leads | Brandvik Analytics'));
  });

  it('reads "her marriage to X" as married to', async () => {
    assert.ok(
      (
        await triples('Irena Kos was a painter. Her marriage to the sculptor Jan Mirek lasted a decade.')
      ).includes('Irena Kos | married to | Jan Mirek'),
    );
  });

  it('reads the verb past an aside of kinship before the name ("married his cousin X")', async () => {
    assert.ok(
      (await triples('Arjun Mehra married his cousin Leela Rao in 1961.')).includes(
        'Arjun Mehra | married to | Leela Rao',
      ),
    );
    // A participle after a comma is said of the sentence's subject, not of the name before it.
    assert.ok(
      !(await triples('Mia studies at Lund University, working with her partner Sam on algae.')).some((t) =>
        t.startsWith('Lund University | works with'),
      ),
    );
  });

  it('holds a title written with no owner at the organisation the text first named', async () => {
    const said = await triples(
      'Halvard Timber AS cut 40 jobs. Chief executive Ines Moe, who took over from founder Pål Berg in 2020, said so.',
    );
    assert.ok(said.includes('Ines Moe | leads | Halvard Timber AS'));
    assert.ok(said.includes('Pål Berg | founded | Halvard Timber AS'));
    assert.ok(!(await names('Chief executive Ines Moe spoke.')).has('Chief'));
    // A name opening the sentence before the title owns it.
    const owned = await triples('Halvard Timber AS cut jobs. Brekko chief executive Ola Lie left.');
    assert.ok(!owned.includes('Ola Lie | leads | Halvard Timber AS'));
    // A title whose organisation follows the name is that organisation's.
    assert.ok(
      !(await triples('Halvard Timber AS cut jobs. Chief executive Ola Lie of Brekko Ltd left.')).includes(
        'Ola Lie | leads | Halvard Timber AS',
      ),
    );
    // Nothing to hold it at: no relation.
    assert.deepEqual(await triples('Chief executive Ines Moe spoke.'), []);
  });
});

describe('OfflineExtractor: appositions', () => {
  it('places a thing an apposition calls "a <place> <kind>", and an organisation by its office', async () => {
    assert.ok(
      (await triples('Brindle Analytics, a Leeds software consultancy, hired 30 people.')).includes(
        'Brindle Analytics | located in | Leeds',
      ),
    );
    assert.ok(
      (await triples('Ana Ruiz runs the Lima office of Quipu Data.')).includes(
        'Quipu Data | located in | Lima',
      ),
    );
    assert.ok(
      (await triples('Quipu Data hired 20 people. Its Cusco office opened in May.')).includes(
        'Quipu Data | located in | Cusco',
      ),
    );
    assert.ok(
      (await triples('Orrin Labs bought the Tromsø sensor-design firm Kuulo Ltd in May.')).includes(
        'Kuulo Ltd | located in | Tromsø',
      ),
    );
    assert.ok(
      !(await triples('Bakery chain Crumb Ltd opened a store.')).some((t) =>
        t.includes('located in | Bakery'),
      ),
    );
    // Where a person comes from is not where they are.
    assert.deepEqual(await triples('Mara Voss, a Hamburg native, moved.'), []);
    // Only a whole apposition: "a Paris flat she rents" is not what the thing is. (The rules'
    // reading; the learned pair model, retrained with fresh-24, reads this list as an apposition at
    // p 0.82, a known error of its own at its lowest confidence, 0.37.)
    assert.deepEqual(await triples('She sold Fenwick Ltd, a Paris flat she rents and a car.', true), []);
  });
});

describe('OfflineExtractor: whose clause it is', () => {
  it('gives a verb after a place and a comma back to the person of the clause before', async () => {
    const life = await triples(
      'Noor Khalil was born in Hebron, trained at Birzeit University and joined a clinic.',
    );
    assert.ok(life.includes('Noor Khalil | studied at | Birzeit University'));
    assert.ok(!life.some((t) => t.startsWith('Hebron |')));
  });

  it('reads "The son of X, he …" as his relation to X, and "he" as not X', async () => {
    const son = await triples(
      'Mateo Ruiz is a potter. The son of the painter Elena Ruiz, he studied at the Madrid School of Art.',
    );
    assert.ok(son.includes('Mateo Ruiz | child of | Elena Ruiz'));
    assert.ok(son.includes('Mateo Ruiz | studied at | Madrid School of Art'));
    assert.ok(!son.some((t) => t.startsWith('Elena Ruiz | studied at')));
  });
});

describe('OfflineExtractor: passives with a description of the agent', () => {
  it('reads past "the weekly" before a name as past "the magazine"', async () => {
    assert.ok(
      (await triples('Olga Tesch worked as arts editor of the weekly Nowa Fala.')).includes(
        'Olga Tesch | works at | Nowa Fala',
      ),
    );
  });

  it('reads "by the Italian group X" and "by the boat-builder X" as the agent', async () => {
    assert.ok(
      (await triples('Hallvik Yard was bought in 2016 by the Danish group Nordsø Marine.')).includes(
        'Nordsø Marine | acquired | Hallvik Yard',
      ),
    );
    assert.ok(
      (await triples('Hallvik Yard was founded in 1902 by the ship-builder Eirik Hallvik.')).includes(
        'Eirik Hallvik | founded | Hallvik Yard',
      ),
    );
  });
});

describe('OfflineExtractor: what runs on what', () => {
  it('reads "runs on", "hosted on" and "powered by" as uses', async () => {
    assert.ok(
      (await triples('Quipu Data runs on Google Cloud.')).includes('Quipu Data | uses | Google Cloud'),
    );
    assert.ok(
      (await triples('Quipu Data is hosted on Hetzner Cloud.')).includes('Quipu Data | uses | Hetzner Cloud'),
    );
    assert.ok(
      (await triples('The billing service runs on Amazon Aurora.')).includes(
        'billing service | uses | Amazon Aurora',
      ),
    );
    assert.ok(
      (await triples('Users hit the search proxy, which runs on Fastly Compute.')).includes(
        'search proxy | uses | Fastly Compute',
      ),
    );
    assert.ok(
      (await triples('Inkwell 2.3 freezes when printing to PDF on Windows 11.')).includes(
        'Inkwell 2.3 | uses | Windows 11',
      ),
    );
    assert.ok(
      (await triples('It fails on a Pixel 7 running Android 14.')).includes('Pixel 7 | uses | Android 14'),
    );
    // A device is its make's; "Customer:" before "Hi, this is X" still introduces X.
    assert.ok(
      (
        await triples(
          'Customer: Hi, this is Lena Brandt, office manager at Kessler Dental. We use Brother HL-L8360 printers in every room.',
        )
      ).includes('Kessler Dental | uses | Brother HL-L8360'),
    );
    // Running a company is leading it, not using it.
    assert.ok(!(await triples('Ana Ruiz runs Quipu Data.')).some((t) => t.includes('| uses |')));
  });

  it('knows a company by its name without the legal suffix, and a person by the first of two surnames', async () => {
    assert.ok(
      (
        await triples(
          'Ferro Group agreed to sell Lumen Glass Co to Vidro SA. Lumen Glass, based in Aveiro, makes lenses.',
        )
      ).includes('Lumen Glass Co | located in | Aveiro'),
    );
    assert.ok(
      (
        await triples(
          'Lucía Moreno Duarte is a Peruvian judge. Moreno is the elder sister of the poet Tomás Moreno.',
        )
      ).includes('Lucía Moreno Duarte | sibling of | Tomás Moreno'),
    );
  });

  it('gives "he" after "The son of X," to the text\'s subject, not to a name its first sentence listed', async () => {
    const life = await triples(
      'R. Arun Nair was an Indian director known for the film Monsoon Letters, which starred Meera Das and Vikram Shah. The son of the painter Gopal Nair, he trained at the Asian Film Academy.',
    );
    assert.ok(life.includes('R. Arun Nair | child of | Gopal Nair'));
    assert.ok(life.includes('R. Arun Nair | studied at | Asian Film Academy'));
  });
  it("keeps a romanised given name's second syllable, even one English reads as a verb", async () => {
    const found = await names('Seo Ji-woo married Kim Min-jae in Busan.');
    assert.ok(found.has('Seo Ji-woo') && found.has('Kim Min-jae'));
    assert.ok((await names('The Berlin-based firm hired Lee Do-hyun.')).has('Berlin'));
  });
  it('goes on after an institution\'s "of" over capitalised words the tagger reads as others', async () => {
    const found = await names(
      'Ewa Lis joined the Krakow Academy of Learning and the Bergen Institute of Applied Optics.',
    );
    assert.equal(found.get('Krakow Academy of Learning'), 'organization');
    assert.equal(found.get('Bergen Institute of Applied Optics'), 'organization');
    assert.ok((await names('Ewa Lis studied at the University of Oslo in 1990.')).has('University of Oslo'));
  });
  it('keeps "Sp. z o.o.", "s.r.o.", "S.L." and "Ltda." with their companies, and a sentence past their dots', async () => {
    const found = await names(
      'Ewa Nowak works at Fotomax Sp. z o.o. in Poznań. Kowal s.r.o., Ibérica S.L. and Tecno Ltda. in Lima buy from her.',
    );
    for (const name of ['Fotomax Sp. z o.o.', 'Kowal s.r.o.', 'Ibérica S.L.', 'Tecno Ltda'])
      assert.equal(found.get(name), 'organization', name);
    assert.ok(
      (await triples('Ewa Nowak works at Fotomax Sp. z o.o. in Poznań.')).includes(
        'Ewa Nowak | works at | Fotomax Sp. z o.o.',
      ),
    );
  });
  it('goes on over "for" only after an institution\'s word', async () => {
    const moving = await names('Maya: Lukas is leaving Spotify for Zalando.');
    assert.ok(moving.has('Spotify') && moving.has('Zalando') && !moving.has('Spotify for Zalando'));
    assert.ok(
      (await names('She directs the Centre for Genomic Medicine.')).has('Centre for Genomic Medicine'),
    );
  });

  it("drops a player's part written as a title before their name", async () => {
    const band = await triples(
      'Singer Mairi Lennox wrote most of the songs, including the single "Low Tide".',
    );
    assert.ok(band.includes('Mairi Lennox | created | Low Tide'));
    assert.ok(!band.some((t) => t.startsWith('Singer')));
  });

  it("drops a ruler's title from the name and reads the kinship noun before it", async () => {
    const rulers = await triples(
      'Under Emperor Tewodros II and his wife, Empress Tiruwork Wube, the court moved to Magdala.',
    );
    assert.ok(rulers.includes('Tewodros II | married to | Tiruwork Wube'));
    assert.equal((await names('Emperor Haile Selassie visited Rome.')).get('Haile Selassie'), 'person');
  });

  it('knows a two-word company by its first word, and never shadows a name met in full', async () => {
    const deal = await triples(
      'Korean shipping group Haneul Sangsa said on Monday it had bought a port. Haneul is based in Busan.',
    );
    assert.ok(deal.includes('Haneul Sangsa | located in | Busan'), deal.join('; '));
    const parent = await triples(
      'Oslo-based Fjordbank has set up a unit, Fjordbank Nordic, in Riga. Lars Dahl built Fjordbank.',
    );
    assert.ok(parent.includes('Lars Dahl | created | Fjordbank'), parent.join('; '));
  });

  it('gives a first name alone to the one full name of the text that starts with it', async () => {
    const chat = await facts(
      "Rui: I'm building the new booking app with my colleague Sanne.\nIngrid: Your colleague Sanne Vos? Her sister works with me.",
    );
    const named = chat.entities.map((e) => e.name);
    assert.ok(named.includes('Sanne Vos') && !named.includes('Sanne'), named.join('; '));
    const sisters = await facts('Maya met Maya Ortiz and Maya Chen at the fair. Maya moved to Quito.');
    assert.ok(sisters.entities.some((e) => e.name === 'Maya'));
  });

  it('no organisation works at another, and an apposition describes the second subject alone', async () => {
    const listed = await triples(
      "The pilot will be run by Norvik's chief engineer Eli Berg and Sakura Denki senior engineer Kenta Ono.",
    );
    assert.ok(!listed.some((t) => t.startsWith('Sakura Denki | works at')), listed.join('; '));
    const pair = await triples(
      'Brightwell Energy and Vattnet, the Swedish utility headquartered in Umeå, signed a supply deal.',
    );
    assert.ok(pair.includes('Vattnet | located in | Umeå'), pair.join('; '));
    assert.ok(!pair.includes('Brightwell Energy | located in | Umeå'), pair.join('; '));
  });

  it("reads a reporting clause's described company as the text's own", async () => {
    const sale = await triples(
      'Mahindra Steel has sold its coil unit to Austrian supplier Brenner AG, the Chennai steelmaker said on Monday.',
    );
    assert.ok(!sale.includes('Brenner AG | located in | Chennai'), sale.join('; '));
    assert.ok(sale.includes('Mahindra Steel | located in | Chennai'), sale.join('; '));
  });

  it("drops an officer's title in capitals, an address opening a turn, and keeps clipped name syllables", async () => {
    const ceo = await triples('Saigon Soft co-founder and CEO Lê Văn Hưng said so.');
    assert.ok(ceo.includes('Lê Văn Hưng | leads | Saigon Soft'), ceo.join('; '));
    assert.ok(!(await names('Kemi: Bro, guess who I saw at the Accra mall?')).has('Bro'));
    const film = await names('Directed by Lau Kin-ming, the film was shot in Tsim Sha Tsui.');
    assert.ok(film.has('Lau Kin-ming') && film.has('Tsim Sha Tsui'), [...film.keys()].join('; '));
  });

  it("types a university by its name in other languages and keeps a plural's apostrophe inside a name", async () => {
    const kin = await triples('He went to study at the Universidad de Sevilla, and our dad, Ramón, cried.');
    assert.ok(
      !kin.some((t) => t.includes('| Universidad de Sevilla') && t.includes('child of')),
      kin.join('; '),
    );
    const school = await names("She teaches at St Anne Girls' School in Pune.");
    assert.ok(school.has("St Anne Girls' School"), [...school.keys()].join('; '));
  });

  it("reads a company named after a place by that place's name, unless the words around say a place", async () => {
    const firm = await triples(
      'Greenfield Robotics has sued a rival over the software Greenfield developed. Greenfield was founded by agronomist Lucas Berthold and is based in Fresno.',
    );
    assert.ok(firm.includes('Lucas Berthold | founded | Greenfield Robotics'), firm.join('; '));
    assert.ok(firm.includes('Greenfield Robotics | located in | Fresno'), firm.join('; '));
    const town = await triples(
      'Oxford Instruments makes magnets. Its founder, Martin Wood, was born in Oxford.',
    );
    assert.ok(town.includes('Martin Wood | born in | Oxford'), town.join('; '));
  });

  it('types a company by the trade its name opens or ends with, in English and in Romance languages', async () => {
    const found = await names(
      'Distribuidora Olmedo, Oleificio Santoro, Brasserie Vandaele, Cooperativa Agraria Sur, Halden Exports and Mirela Printing share a depot.',
    );
    for (const name of [
      'Distribuidora Olmedo',
      'Oleificio Santoro',
      'Brasserie Vandaele',
      'Cooperativa Agraria Sur',
      'Halden Exports',
      'Mirela Printing',
    ])
      assert.equal(found.get(name), 'organization', name);
    // A town named like a trade stays a place ("bodega" and "viña" open towns as often as firms).
    assert.equal((await names('Camila Rojas moved to Bodega Bay.')).get('Bodega Bay'), 'location');
    // A first name of that shape stays a person's.
    assert.equal(
      (await names('Isadora Quintero met Teodoro Ruiz in Lima.')).get('Isadora Quintero'),
      'person',
    );
    const job = await triples('My friend Salome works at Rustavi Print, a shop in Tbilisi.');
    assert.ok(job.includes('Salome | works at | Rustavi Print'), job.join('; '));
  });

  it('keeps two particles and a hyphened Arabic article inside a name', async () => {
    const found = await names(
      'Casa de la Música hired Rafael van der Berg. The Dar al-Kutub Library is in Tunis.',
    );
    for (const name of ['Casa de la Música', 'Rafael van der Berg', 'Dar al-Kutub Library'])
      assert.ok(found.has(name), [...found.keys()].join(', '));
    assert.ok(
      (await triples('Lucía Pardo works at Banco de la Plata.')).includes(
        'Lucía Pardo | works at | Banco de la Plata',
      ),
    );
  });

  it("keeps a month's name after a particle inside a name, and 'End of March' a date", async () => {
    const job = await triples('Tomás Ibarra is a nurse at Clínica del Mar in Valencia.');
    assert.ok(job.includes('Tomás Ibarra | works at | Clínica del Mar'), job.join('; '));
    const found = await names('End of March the team moved to Porto. Inés left in Mar 2021.');
    assert.ok(![...found.keys()].some((name) => /March|Mar\b/.test(name)), [...found.keys()].join(', '));
  });

  it('knows a person by two words of their full name, and by a first name nothing typed', async () => {
    const home = await triples(
      'Ana Paula Ribeiro Costa is a cellist. Ribeiro Costa now lives in Porto with her husband.',
      true,
    );
    assert.ok(home.includes('Ana Paula Ribeiro Costa | lives in | Porto'), home.join('; '));
    const chat = await facts(
      'Lena: My friend Nadia Okoro and I met at Brightlane.\nTom: Is Nadia still in Leeds?',
      true,
    );
    const people = chat.entities.filter((e) => e.name.startsWith('Nadia'));
    assert.deepEqual(
      people.map((e) => e.name),
      ['Nadia Okoro'],
    );
  });

  it('keeps a web domain and a saint town in one name, and drops a nationality before a person', async () => {
    const found = await names(
      'Maarten Kuipers worked at Booking.com before moving to Santa Cruz. He succeeded the Uruguayan Gustavo Ferreyra.',
    );
    assert.ok(found.has('Booking.com'), [...found.keys()].join(', '));
    assert.equal(found.get('Santa Cruz'), 'location');
    assert.equal(found.get('Gustavo Ferreyra'), 'person');
    const ward = await names("Jonas: I work in the ICU at St. Vincent's now.");
    assert.notEqual(ward.get('St. Vincent'), 'location');
  });

  it('keeps a title with its full stop in one sentence and out of the name: Fr., Rev.', async () => {
    const founded = await triples(
      'Colegio San Marcos is a school in Cusco. It was founded in 1962 by Fr. Andrés Huamaní.',
      true,
    );
    assert.ok(founded.includes('Andrés Huamaní | founded | Colegio San Marcos'), founded.join('; '));
  });

  it('types a café, a restaurant and a sports club by the first word of its name', async () => {
    const found = await names(
      'They played at Café Moon, ate at Restaurante Inti and cheered for Club Sportivo Lima.',
    );
    for (const name of ['Café Moon', 'Restaurante Inti', 'Club Sportivo Lima'])
      assert.equal(found.get(name), 'organization', name);
  });

  it('keeps a hyphenated Korean given name whole when it stands alone', async () => {
    const found = await names(
      'Hye-jin: are you at the lab?\nDo-yun: yes, Ji-ho asked me to stay. Set-up took hours.',
    );
    assert.ok(found.has('Hye-jin'), [...found.keys()].join('; '));
    assert.ok(found.has('Ji-ho'), [...found.keys()].join('; '));
    assert.ok(!found.has('Hye'));
    assert.ok(![...found.keys()].some((name) => name.startsWith('Set')));
  });

  it('reads a ruler\'s numeral the tagger took for "I"', async () => {
    const found = await triples('Henry II of Navarre married Margaret I of Anjou in 1502.', true);
    assert.ok(found.includes('Henry II of Navarre | married to | Margaret I of Anjou'), found.join('; '));
  });

  it('keeps an institution\'s name whole past its own language\'s "and"', async () => {
    const found = await names(
      'She trained at the Hochschule für Musik und Theater Leipzig before moving to Berlin.',
    );
    assert.ok(found.has('Hochschule für Musik und Theater Leipzig'), [...found.keys()].join('; '));
  });

  it('types a family-name-first Korean name as a person, and a role word before a unit as a team', async () => {
    const found = await names(
      "Hanjin's Park Ji-won will serve as its CTO, and Lena Berg takes over as Head of Customer Operations.",
    );
    assert.equal(found.get('Park Ji-won'), 'person');
    assert.equal(found.get('Customer Operations'), 'organization');
  });

  it('reads a release numbered in five parts as a product', async () => {
    const found = await names(
      'Since updating my ASUS RT-AX86U to firmware 3.0.0.4.388, WireGuard drops every hour.',
    );
    assert.equal(found.get('firmware 3.0.0.4.388'), 'product');
  });

  it('reads a product\'s model ("the X2") as the product named in full before ("the Orion X2")', async () => {
    const found = await triples(
      'The Orion X2 is a handheld game console developed by Lumicore. The X2 uses a custom Lumicore Nova processor and runs OrionOS.',
      true,
    );
    assert.ok(found.includes('Orion X2 | uses | Lumicore Nova'), found.join('; '));
    assert.ok(found.includes('Orion X2 | uses | OrionOS'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('X2 ')), found.join('; '));
  });

  it('drops titles of rank before a name ("Lord Justice", "Vice-Chancellor", "General"), and reads the passive past them', async () => {
    const found = await triples(
      'The Harcourt Inquiry, chaired by Lord Justice Edwin Harcourt, reported in 2017. The University of Tembara is led by Vice-Chancellor Grace Mwakalinga. The Italian army was commanded by General Oreste Baratieri, the governor of Italian Eritrea.',
      true,
    );
    assert.ok(found.includes('Edwin Harcourt | leads | Harcourt Inquiry'), found.join('; '));
    assert.ok(found.includes('Grace Mwakalinga | leads | University of Tembara'), found.join('; '));
    assert.ok(found.includes('Oreste Baratieri | leads | Italian Eritrea'), found.join('; '));
    const kept = [
      ...(
        await names('General Electric Company makes turbines. Chief Operating Officer Anna Berg resigned.')
      ).keys(),
    ];
    assert.ok(kept.includes('General Electric Company'), kept.join('; '));
  });

  it('keeps a capitalised word the tagger read as an adverb inside a name ("Havbris Offshore")', async () => {
    const found = await triples(
      'Magnus Lie: Ten days until I start at Havbris Offshore.\nAstrid Lie: Great news!',
      true,
    );
    assert.ok(found.includes('Magnus Lie | works at | Havbris Offshore'), found.join('; '));
  });

  it('keeps "(Pty) Ltd" in a company\'s name', async () => {
    const found = await triples(
      'Karoo Software (Pty) Ltd is based in Johannesburg. Thandiwe Dube works at Karoo Software (Pty) Ltd.',
      true,
    );
    assert.ok(found.includes('Karoo Software (Pty) Ltd | located in | Johannesburg'), found.join('; '));
    assert.ok(!found.some((t) => t.endsWith('| Pty')), found.join('; '));
  });

  it('types a town only the gazetteer knows as a place ("Freiburg", "Łódź"), and a smaller town\'s name as no place', async () => {
    const types = await names('Freiburg and Łódź were on the list. Kemi says hi.');
    assert.equal(types.get('Freiburg'), 'location');
    assert.equal(types.get('Łódź'), 'location');
    assert.notEqual(types.get('Kemi'), 'location');
  });
  it('keeps "Pte. Ltd." in a company\'s name and reads no nationality before "-born", no unit and no officer\'s function as a name', async () => {
    const found = await triples(
      'Brightwater Logistics ASA has acquired PortPilot Pte. Ltd., a Singapore-based developer, for an undisclosed sum. Tomasz Wierzbicki, the Polish-born cellist who founded the Vistula Chamber Ensemble, died in Lyon.',
      true,
    );
    assert.ok(found.includes('Brightwater Logistics ASA | acquired | PortPilot Pte. Ltd.'), found.join('; '));
    assert.ok(found.includes('Tomasz Wierzbicki | founded | Vistula Chamber Ensemble'), found.join('; '));
    const types = await names(
      'The router has a 2.4 GHz band and 16 GB of RAM.\nKind regards,\nElif Yıldız\nVP Customer Success, CloudHarbor',
    );
    for (const none of ['GHz', 'GB of RAM', 'Customer Success'])
      assert.ok(!types.has(none), [...types.keys()].join('; '));
    assert.equal(types.get('Elif Yıldız'), 'person');
  });

  it('reads a founder named by a romanised Chinese name as a person, whom the family name alone then means', async () => {
    const found = await triples(
      'PortPilot was founded in 2015 by Tan Wei Ling. Tan will continue to lead PortPilot.',
      true,
    );
    assert.ok(found.includes('Tan Wei Ling | founded | PortPilot'), found.join('; '));
    assert.ok(found.includes('Tan Wei Ling | leads | PortPilot'), found.join('; '));
  });
  it('keeps a title\'s small capitalised words, Portuguese "e", "S/4HANA" and "Min-jun Park" in their names', async () => {
    const found = await names(
      'She founded Girls Who Solder. UiT The Arctic University of Norway is in Tromsø. The murals belong to the Instituto Nacional de Antropología e Historia. Tanvi Foods moved to SAP S/4HANA. She met Min-jun Park at McGill. Pedro e Ana came.',
    );
    for (const name of [
      'Girls Who Solder',
      'UiT The Arctic University of Norway',
      'Instituto Nacional de Antropología e Historia',
      'SAP S/4HANA',
    ])
      assert.ok(found.has(name), [...found.keys()].join('; '));
    assert.equal(found.get('Min-jun Park'), 'person');
    assert.ok(found.has('Pedro') && found.has('Ana'), [...found.keys()].join('; '));
  });
  it('reads a campus after a comma and two words joined by "and" before an institution\'s as one name', async () => {
    const found = await names(
      'He taught at the University of California, Irvine. She studied at the University of Nigeria, Nsukka. He studied at the University of Oslo, Norway. She joined the Food and Agriculture Organization in Rome. He visited the Victoria and Albert Museum. Ana and Pedro met.',
    );
    for (const name of [
      'University of California, Irvine',
      'University of Nigeria, Nsukka',
      'University of Oslo',
      'Food and Agriculture Organization',
      'Victoria and Albert Museum',
      'Ana',
      'Pedro',
    ])
      assert.ok(found.has(name), `${name}: ${[...found.keys()].join('; ')}`);
    assert.ok(found.has('Norway') && !found.has('University of Oslo, Norway'), [...found.keys()].join('; '));
  });
  it('reads a foreign institution\'s "des … et" and a town whose first word is a month\'s ("Mar del Plata")', async () => {
    const school = await names('He later studied at the École des Ponts et Chaussées in Paris.');
    assert.ok(school.has('École des Ponts et Chaussées'), [...school.keys()].join('; '));
    const town = await triples('Ferreyra designed the Hotel Mirador in Mar del Plata in 1938.', true);
    assert.ok(town.includes('Hotel Mirador | located in | Mar del Plata'), town.join('; '));
  });
  it('ends a name of two words or more before "of" and a known place, unless its last word takes one', async () => {
    const films = await triples('It was a co-production with Les Films du Quai of Paris.', true);
    assert.ok(films.includes('Les Films du Quai | located in | Paris'), films.join('; '));
    const region = await triples(
      'The Waikōhatu River is a river in the Northland Region of New Zealand.',
      true,
    );
    assert.ok(region.includes('Northland Region | located in | New Zealand'), region.join('; '));
    const kept = await names('She joined the Botanical Survey of India and later the Bank of England.');
    assert.ok(
      kept.has('Botanical Survey of India') && kept.has('Bank of England'),
      [...kept.keys()].join('; '),
    );
    const rival = await triples(
      'Hartmann & Söhne made pianos. In 1931 the company was acquired by its rival Brenner Klavierbau of Stuttgart.',
      true,
    );
    assert.ok(rival.includes('Brenner Klavierbau | acquired | Hartmann & Söhne'), rival.join('; '));
  });
});
