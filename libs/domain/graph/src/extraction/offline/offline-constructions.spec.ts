import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { facts, names, triples, triplesOf } from '../../testing/read-text';

// Rules for names, types and constructions the neighbouring-pair reading misses. Every sentence
// here is written for this file (none is in bench/data/graph-extraction.jsonl).

async function types(text: string): Promise<Record<string, string>> {
  return Object.fromEntries(await names(text));
}

describe('OfflineExtractor: names', () => {
  it('keeps lower-case connectors and capitalised particles inside names', async () => {
    const found = await types(
      'Lucas works at Casa do Alentejo and studied at the Institute for Marine Research.',
    );
    assert.equal(found['Casa do Alentejo'], 'organization');
    assert.ok('Institute for Marine Research' in found);
    assert.equal((await types('Baker & Finch opened a shop.'))['Baker & Finch'], 'organization');
    assert.ok('Van Loon Freight' in (await types('We ship with Van Loon Freight.')));
  });

  it('reads versions, models and release words as part of a product, and a scheme with its code', async () => {
    const found = await types(
      'Outlook 16.0 crashes with error E7001. The Netgear RS400 lost power after the Zoom 5.17 update, and SMTP 421 4.7.0 and HTTP 429 came back.',
    );
    assert.equal(found['Outlook 16.0'], 'product');
    assert.equal(found['Netgear RS400'], 'product');
    assert.equal(found['Zoom 5.17 update'], 'product');
    assert.equal(found['SMTP 421 4.7.0'], 'error_code');
    assert.equal(found['HTTP 429'], 'error_code');
    // A label's number is no version (and the label no name).
    assert.ok(!('Ticket 8812' in (await types('Ticket 8812 was closed by Mina.'))));
  });

  it('joins a hyphenated given name, and lets a season open a name', async () => {
    const found = await types(
      'Oldboy was directed by Park Chan-wook. Flights stopped during Winter Storm Elliott.',
    );
    assert.ok('Park Chan-wook' in found);
    assert.ok('Winter Storm Elliott' in found);
    assert.ok(!('Austin-based' in (await types('She joined an Austin-based startup.'))));
  });

  it('reads no entity in a role or a nationality', async () => {
    const found = await types('Brightwave named its new CTO. The Norwegian chemist Odd Hassel won.');
    assert.ok(!Object.keys(found).some((n) => /CTO|Norwegian/.test(n)));
  });
});

describe('OfflineExtractor: types from the words around a name', () => {
  it('takes role and kinship nouns, "who" and speakers for people', async () => {
    const found = await types(
      'Rui: the Portuguese sculptor Tomas Velho, who lives nearby, met my aunt Odile and our chemist Ilse Brandt.',
    );
    assert.equal(found['Rui'], 'person');
    assert.equal(found['Tomas Velho'], 'person');
    assert.equal(found['Odile'], 'person');
    assert.equal(found['Ilse Brandt'], 'person');
  });

  it('takes kinds of company, leaders and "called" for organisations', async () => {
    const found = await types(
      "The payments firm Quillpay hired Dara. Norvik's CEO resigned. She ran a cafe called Rosa Blanca.",
    );
    assert.equal(found['Quillpay'], 'organization');
    assert.equal(found['Norvik'], 'organization');
    assert.equal(found['Rosa Blanca'], 'organization');
  });

  it('takes "in X", "X-based" and "X, Region" for places', async () => {
    const found = await types(
      'The clinic in Austin merged with a Sydney-based lab. Ocean Grove, Victoria is quiet.',
    );
    assert.equal(found['Austin'], 'location');
    assert.equal(found['Sydney'], 'location');
    assert.equal(found['Ocean Grove'], 'location');
  });
});

describe('OfflineExtractor: constructions', () => {
  it('gives an aside back to its subject: the main clause is about the name before it', async () => {
    assert.deepEqual(await triples('Ada Byron, who married William King in 1835, died in London.'), [
      'Ada Byron | married to | William King',
      'Ada Byron | died in | London',
    ]);
    const aside = await triples('Orla Quinn, a data engineer at Tessera, moved to Galway.');
    assert.deepEqual(aside, ['Orla Quinn | works at | Tessera', 'Orla Quinn | lives in | Galway']);
  });

  it('reads roles from appositions', async () => {
    assert.ok(
      (await triples('Lina Park, the chief executive of Brightwave, spoke first.')).includes(
        'Lina Park | leads | Brightwave',
      ),
    );
    assert.ok(
      (await triples("Lina Park, Brightwave's CEO since 2019, spoke first.")).includes(
        'Lina Park | leads | Brightwave',
      ),
    );
    assert.ok(
      (await triples('Nico Brandt here, practice manager at Eastvale Dental in Leeds.')).includes(
        'Nico Brandt | works at | Eastvale Dental',
      ),
    );
    assert.ok(
      (await triples('Osprey & Lane, a law firm in Leeds, lost the case.')).includes(
        'Osprey & Lane | located in | Leeds',
      ),
    );
  });

  it('reads kinship and roles after a possessive, owner first for kinship', async () => {
    assert.deepEqual(await triples('Tariq: my brother Idris lives in Riga.'), [
      'Idris | lives in | Riga',
      'Tariq | sibling of | Idris',
    ]);
    const family = await triples(
      'Mira Holt was born in Bergen. Her husband, Karl Dahl, and our daughter Lise moved.',
    );
    assert.ok(family.includes('Mira Holt | married to | Karl Dahl'));
    const child = await triples('Jon: our daughter Lise is six.');
    // (One fact, read from the child: "parent of" is stored as the child's "child of".)
    assert.deepEqual(child, ['Lise | child of | Jon']);
    assert.deepEqual(await triples('Ana Reis is the mother of Tomás Reis.'), [
      'Tomás Reis | child of | Ana Reis',
    ]);
    assert.ok(
      (await triples('Quillpay opened in 2014 under its founder, Dara Venn.')).includes(
        'Dara Venn | founded | Quillpay',
      ),
    );
    assert.ok(
      (await triples('Latvia joined NATO in 2004. Its capital, Riga, is old.')).includes(
        'Riga | capital of | Latvia',
      ),
    );
  });

  it('reads an opening participle for the subject after its comma', async () => {
    assert.ok(
      (await triples('Born in Graz in 1950, Ingrid Moser became a pilot.')).includes(
        'Ingrid Moser | born in | Graz',
      ),
    );
  });

  it('reads a sale to a buyer, a purchase, and a role taken "as"', async () => {
    assert.deepEqual(await triples('Arvola sold Keystone to the investment firm Norcap Partners in 2019.'), [
      'Arvola | sold to | Norcap Partners',
      'Norcap Partners | acquired | Keystone',
    ]);
    assert.ok(
      (await triples('Veritas completed its purchase of Pellucid in May.')).includes(
        'Veritas | acquired | Pellucid',
      ),
    );
    const succession = await triples('Lena Roth succeeded Paul Meier as chief executive of Vantor.');
    assert.ok(succession.includes('Lena Roth | succeeded | Paul Meier'));
    assert.ok(succession.includes('Lena Roth | leads | Vantor'));
    assert.ok(succession.includes('Paul Meier | leads | Vantor'));
  });

  it('reads where an organisation is: "X-based", "in", "is home to", "the company"', async () => {
    assert.ok(
      (await triples('He joined the Dublin-based bank Cobalt Trust.')).includes(
        'Cobalt Trust | located in | Dublin',
      ),
    );
    assert.ok((await triples('Hana joined Kyocera in Kyoto.')).includes('Kyocera | located in | Kyoto'));
    assert.ok(
      (await triples('Tartu is a city in Estonia. The city is home to the Estonian Biocentre.')).includes(
        'Estonian Biocentre | located in | Tartu',
      ),
    );
    assert.ok(
      (await triples('Greta Lund founded Solvik. The company is headquartered in Malmo.')).includes(
        'Solvik | located in | Malmo',
      ),
    );
  });

  it('reads causes of errors, and what an error hit after "that"', async () => {
    const ticket = await triples(
      'Ines reports that the booking page returns HTTP 500. Support traced the crash to a broken proxy rule on the gateway.',
    );
    // The error code the words point at was caused; "crash" alone names nothing (relations.ts).
    assert.deepEqual(ticket, [
      'HTTP 500 | affects | booking page',
      'HTTP 500 | caused by | broken proxy rule',
    ]);
    const outage = await triples(
      'Users saw error LGN-401 all morning. The outage was caused by an expired signing certificate.',
    );
    assert.ok(outage.includes('outage | caused by | expired signing certificate'));
    assert.ok(outage.includes('LGN-401 | caused by | expired signing certificate'));
    // A pronoun only points.
    assert.deepEqual(await triples('It was caused by a loose cable.'), []);
    assert.ok(
      (await triples('The 2019 Lagos flood was caused by Cyclone Idai.')).includes(
        '2019 Lagos flood | caused by | Cyclone Idai',
      ),
    );
    // An error hits a product or a service, not a place.
    assert.ok(
      !(await triples('Error E5521 breaks uploads for users in Chile.')).some((t) => t.includes('Chile')),
    );
  });

  it('reads a name\'s own title, an aside that opens with an adjective, and a main verb after "is"', async () => {
    assert.ok(
      (await triples("Kestrel's CEO, Mila Ford, spoke on Monday.")).includes('Mila Ford | leads | Kestrel'),
    );
    // (What the aside says, that she made Blue Hours, is read too: a work one is known for.)
    const teacher = await triples('Ines Duarte, best known for Blue Hours, taught at Coimbra University.');
    assert.ok(teacher.includes('Ines Duarte | works at | Coimbra University'));
    assert.ok(!teacher.some((t) => t.startsWith('Blue Hours')));
    assert.ok(
      (await triples('Corvel, which owns Tessera, is headquartered in Leeds.')).includes(
        'Corvel | located in | Leeds',
      ),
    );
    assert.ok(
      (await triples('Nadia Haddad worked at Oxford University with Ben Ode.')).includes(
        'Nadia Haddad | works with | Ben Ode',
      ),
    );
  });

  it('reads support tickets: who writes from where, what failed, and what the cause is', async () => {
    const ticket = await triples(
      "Hi, it's Nora from Fernleaf Clinic. The scanner app at Fernleaf Clinic keeps throwing error 5120. Our admin says the culprit is the latest Scanly 2.4 update.",
    );
    assert.ok(ticket.includes('Nora | works at | Fernleaf Clinic'));
    assert.ok(ticket.includes('error 5120 | affects | scanner app'));
    assert.ok(ticket.includes('error 5120 | caused by | Scanly 2.4 update'));
  });

  it('reads a participle passive, a place in an aside, and step-families', async () => {
    assert.ok(
      (await triples('The Kelpies, sculpted by Andy Scott, stand near Falkirk.')).includes(
        'Andy Scott | created | Kelpies',
      ),
    );
    assert.ok(
      (await triples('Lake Inari, in northern Lapland, freezes in winter.')).includes(
        'Lake Inari | located in | Lapland',
      ),
    );
    assert.ok((await triples('Ruth: my stepdad Olek fixes bikes.')).includes('Ruth | child of | Olek'));
  });

  it('reads "the X-based" appositions, irregular passives, titles of, kin said with "was", and a named rule as a cause', async () => {
    assert.ok(
      (await triples('Tessera, the Leeds-based analytics firm, hired Ana Lobo.')).includes(
        'Tessera | located in | Leeds',
      ),
    );
    assert.ok((await triples('Tessera hired Ana Lobo in May.')).includes('Ana Lobo | works at | Tessera'));
    assert.deepEqual(await triples('Corvel is run by Hana Sato.'), ['Hana Sato | leads | Corvel']);
    assert.deepEqual(await triples('Omar Idris is now CTO of Quillpay.'), [
      'Omar Idris | works at | Quillpay',
    ]);
    assert.ok(
      (await triples('Mara Voss wrote Ashfall. Her mother was the painter Ilse Voss.')).includes(
        'Mara Voss | child of | Ilse Voss',
      ),
    );
    assert.ok(
      (
        await triples('Tandem 3.1 fails with error 0x80041002. The bug is caused by a Norton Firewall rule.')
      ).includes('0x80041002 | caused by | Norton Firewall rule'),
    );
  });

  it('reads the last verb of joined clauses, lists of title holders, and ended jobs', async () => {
    const pilot = await triples(
      'Ota Novak trained at the Brno flight school and joined the Czech Air Force in 1990.',
    );
    assert.deepEqual(pilot, ['Ota Novak | member of | Czech Air Force']);
    assert.deepEqual(await triples("Quillpay's co-founders are Dara Venn and Ian Roe."), [
      'Dara Venn | founded | Quillpay',
      'Ian Roe | founded | Quillpay',
    ]);
    assert.deepEqual(await triples('Ravi Shah quit Corvel in 2021.'), ['Ravi Shah | works at | Corvel']);
    // A singular that ends in s is not read as a plural.
    assert.deepEqual(await triples('Ana Ruiz is the boss of Corvel.'), ['Ana Ruiz | leads | Corvel']);
    assert.equal((await types('Kessler GmbH opened.'))['Kessler GmbH'], 'organization');
    assert.notEqual((await types('Vela holds a stake in Apple.'))['Apple'], 'location');
  });

  it('reads what an error hit before "at", and keeps the opening person as "she" after a relative clause', async () => {
    assert.ok(
      (await triples('Since Tuesday, our booking page at Halden Clinic shows error 5521.')).includes(
        'error 5521 | affects | booking page',
      ),
    );
    assert.ok(
      (
        await triples('Mira Sol directed Quiet Hours, which starred Ben Ode. She is the daughter of Ana Sol.')
      ).includes('Mira Sol | child of | Ana Sol'),
    );
  });

  it('reads degrees, "set up", "built by", and an organisation followed by its town', async () => {
    assert.deepEqual(await triples('Ilse: I just finished my PhD at Uppsala University.'), [
      'Ilse | studied at | Uppsala University',
    ]);
    assert.deepEqual(await triples('Hattie Bell set up the Rosebank Trust in 1921.'), [
      'Hattie Bell | founded | Rosebank Trust',
    ]);
    assert.deepEqual(await triples('The Old Mill was built by Jonas Berg.'), [
      'Jonas Berg | created | Old Mill',
    ]);
    assert.ok(
      (await triples('She studied at Girton College, Cambridge.')).includes(
        'Girton College | located in | Cambridge',
      ),
    );
  });

  it('reads a role given after the name, a founder after the place, a seller after "from"', async () => {
    assert.ok(
      (await triples('Brightwave is based in Leeds. Ana Lobo, its co-founder, stayed behind.')).includes(
        'Ana Lobo | founded | Brightwave',
      ),
    );
    assert.ok(
      (await triples('Tessera was founded in Leeds by Hana Sato.')).includes('Hana Sato | founded | Tessera'),
    );
    assert.ok(
      (await triples('Vela Foods bought Kestrel from Corvel Group in 2008.')).includes(
        'Corvel Group | sold to | Vela Foods',
      ),
    );
    assert.ok(
      (await triples('Quillpay is now owned by a Dutch foundation, Stichting Vela.')).includes(
        'Stichting Vela | owns | Quillpay',
      ),
    );
  });

  it("keeps a person's predicates for people, and lets listed verbs share their object", async () => {
    assert.ok(
      !(await triples('Leeds University left the Northern League in 2001.')).some((t) =>
        t.includes('works at'),
      ),
    );
    assert.deepEqual(await triples('Latvia joined the Nordic Council.'), [
      'Latvia | member of | Nordic Council',
    ]);
    assert.ok(
      (await triples('Mila Park, the chief executive of Corvel, spoke.')).includes(
        'Mila Park | leads | Corvel',
      ),
    );
    assert.deepEqual(await triples('Quilla is a line of lamps designed, built, and sold by Corvel.'), [
      'Corvel | created | Quilla',
    ]);
  });

  it('reads no place from an apposition with a verb, and no role from a plural after "as"', async () => {
    assert.deepEqual(await triples('Vela, a Danish distributor, released it in Norway.'), []);
    assert.ok(!(await triples('Ben Ode toured as Kings of the North.')).some((t) => t.includes('leads')));
    assert.ok(
      (await triples('Ada Mills, the chief of the survey department of Corvel, retired.')).includes(
        'Ada Mills | leads | Corvel',
      ),
    );
  });

  it('keeps "his" on the same person through a list of relatives, and reads only "the capital of" as capital', async () => {
    const family = await triples(
      'Ivo Marek was born in Brno. His father was Karel Marek and his mother Olga Marek.',
    );
    assert.ok(family.includes('Ivo Marek | child of | Olga Marek'));
    assert.ok(!family.some((t) => t.startsWith('Karel Marek | child of')));
    assert.deepEqual(await triples('Tromso is called the aurora capital of Norway.'), []);
  });

  it('reads "the X-based NOUN" as the latest organisation, and a first day at school', async () => {
    const deal = await triples(
      'Corvel bought Tessera in 2020. The Leeds, Yorkshire-based maker had been run by Hana Sato.',
    );
    assert.ok(deal.includes('Tessera | located in | Leeds'));
    assert.ok(deal.includes('Hana Sato | leads | Tessera'));
    const school = await triples('Ben: our son Tom just started at Hillside Elementary.');
    assert.ok(school.includes('Tom | studied at | Hillside Elementary'));
  });

  it('keeps the subject across "and was", adds no places as agents, and no events as places', async () => {
    assert.deepEqual(
      await triples(
        'Ada Moss founded the Centre for Quiet Study in 1990 and was a lecturer at Corvel University.',
      ),
      ['Ada Moss | founded | Centre for Quiet Study', 'Ada Moss | works at | Corvel University'],
    );
    // (The learned pair model may add where the yard is, "Arvola Yards | located in | Turku"; what
    // this checks is that no place is read as the builder.)
    const built = await triples('The Kestrel was built by Arvola Yards in Turku, Finland.');
    assert.ok(built.includes('Arvola Yards | created | Kestrel'), built.join('; '));
    assert.ok(built.includes('Turku | located in | Finland'), built.join('; '));
    assert.ok(!built.some((t) => /^(Turku|Finland) \| created/.test(t)), built.join('; '));
    assert.ok(
      !(await triples('The Corvel Air Corps in World War II grew.')).some((t) => t.includes('located in')),
    );
  });

  it("gives a role noun after a relation to that relation's subject", async () => {
    assert.ok(
      (await triples('Iris Holm moved to Oslo for a job at Corvel.')).includes(
        'Iris Holm | works at | Corvel',
      ),
    );
  });

  it('reads "The X in Y, designed by Z" about X, and where a landmark named with "the" is', async () => {
    assert.deepEqual(await triples('The Vela Tower in Oslo, designed by Ana Lobo, opened in 2012.'), [
      'Vela Tower | located in | Oslo',
      'Ana Lobo | created | Vela Tower',
    ]);
    assert.deepEqual(await triples('Users in Lima report that error E4410 breaks the Corvel App.'), [
      'E4410 | affects | Corvel App',
    ]);
  });

  it('reads an opening participle past a place and its region, and before "the"', async () => {
    assert.ok(
      (await triples('Located in Leeds, Yorkshire, the Corvel Gallery opened in 1933.')).includes(
        'Corvel Gallery | located in | Leeds',
      ),
    );
  });

  it('reads no relation that the words deny or call off', async () => {
    assert.deepEqual(
      await triples(
        'Brightwave abandoned its planned purchase of Tessera. Lena Holt never worked at Corvel.',
      ),
      [],
    );
  });

  it('reads a speaker\'s "I", a place\'s "where", and two joined subjects', async () => {
    assert.deepEqual(await triples("Noor: I'm staying in Ghent this year."), ['Noor | lives in | Ghent']);
    assert.ok(
      (await triples('Noor: me and my sister Hana moved to Ghent.')).includes('Noor | lives in | Ghent'),
    );
    assert.ok(
      (await triples('Goran Vidic loved Porto, where he lived until 2001.')).includes(
        'Goran Vidic | lives in | Porto',
      ),
    );
    const joined = await triples('In 2015 Ana Ruiz and her brother, Pablo Ruiz, founded Cometa Labs.');
    assert.ok(joined.includes('Ana Ruiz | founded | Cometa Labs'));
    assert.ok(joined.includes('Pablo Ruiz | founded | Cometa Labs'));
  });

  it('reads more ways of saying the vocabulary, and no relation from a verb that says too little', async () => {
    const said = await triples(
      'Keiko Aoki penned Paper Moons. Ravi Shah runs IT at Corvel. Ravi is still at Corvel. Meg is a nurse at Leeds General.',
    );
    assert.ok(said.includes('Keiko Aoki | created | Paper Moons'));
    assert.ok(said.includes('Ravi Shah | works at | Corvel'));
    assert.ok(said.includes('Meg | works at | Leeds General'));
    // (The rules: the learned pair model, retrained on fresh-40 and fresh-41, may read "named" as a
    // hiring, as annotators often do.)
    assert.deepEqual(await triples('Globex says Initech named Bill Lumbergh.', true), []);
    assert.ok(
      (await triples('Sven Olsen from Brightwave reported a bug.')).includes(
        'Sven Olsen | works at | Brightwave',
      ),
    );
    assert.ok(
      (await triples('Emmy Noether collaborated with David Hilbert at Göttingen University.')).includes(
        'Emmy Noether | works at | Göttingen University',
      ),
    );
    // "was founded by Jan Koum and Brian Acton": the founders are people, both of them.
    assert.ok(
      (await triples('Tellwise was founded by Jan Rakic and Brian Moss.')).includes(
        'Brian Moss | founded | Tellwise',
      ),
    );
  });

  it('reads a title written before its holder, and a title taken "as" from whoever gives it', async () => {
    const before = await triples('Halvard Group chief executive Rosa Delgado said sales rose.');
    assert.ok(before.includes('Rosa Delgado | leads | Halvard Group'));
    const former = await triples(
      'Tern, the robotics maker founded by former Siemens engineer Pavel Novak, grew.',
    );
    assert.ok(former.includes('Pavel Novak | works at | Siemens'));
    // A reduced relative's participle before "by" is a passive.
    assert.ok(former.includes('Pavel Novak | founded | Tern'));
    const appointed = await triples(
      'Corvid Legal has appointed Irene Baptiste as managing partner, replacing Tom Ashby.',
    );
    assert.ok(appointed.includes('Irene Baptiste | leads | Corvid Legal'));
    assert.ok(appointed.includes('Tom Ashby | leads | Corvid Legal'));
    // The participle after the comma is the clause that relates the two people, not "managing".
    assert.ok(appointed.includes('Irene Baptiste | succeeded | Tom Ashby'));
    assert.ok(!appointed.includes('Irene Baptiste | leads | Tom Ashby'));
    // Any occupation works at the organisation it is "of"; "the bank" is the latest one named.
    assert.ok(
      (await triples('Greta Holm served as chief statistician of the Nordic Climate Council.')).includes(
        'Greta Holm | works at | Nordic Climate Council',
      ),
    );
    const joined = await triples(
      'Harrow Bank opened in Leeds. Liam Porter joined the bank as an apprentice.',
    );
    assert.ok(joined.includes('Liam Porter | works at | Harrow Bank'));
  });

  it('types a name by its description, a possessive by its gender, and reads who starred in what', async () => {
    const found = await facts('Oskar Lindahl (1921–1999) was a Swedish painter. Lindahl died in Uppsala.');
    assert.equal(found.entities.find((e) => e.name === 'Oskar Lindahl')?.type, 'person');
    assert.ok(
      (await triples('Oskar Lindahl (1921–1999) was a Swedish painter. Lindahl died in Uppsala.')).includes(
        'Oskar Lindahl | died in | Uppsala',
      ),
    );
    assert.equal((await types('Ed Marsh, a film by Ola Berg, opened.'))['Ed Marsh'], 'concept');
    const kin = await triples('Clara Vidal met Tom Reyes and her brother Luis at a conference.');
    assert.ok(kin.includes('Clara Vidal | sibling of | Luis'));
    assert.ok(!kin.includes('Tom Reyes | sibling of | Luis'));
    const film = await triples('Nadia Rahim starred in Blue Harbour, a film directed by Omar Haddad.');
    assert.ok(film.includes('Blue Harbour | stars | Nadia Rahim'));
    assert.ok(film.includes('Omar Haddad | created | Blue Harbour'));
  });

  it('reads a parenthesis about the name before it, a surname met earlier in the sentence, kin titles and "+" firms', async () => {
    const said = await triples(
      'Mila Novak (born 4 May 1970 in Zagreb) is a chemist. Vesna Horvat co-founded Lumen Lab in 2012, with Horvat as its first director.',
    );
    assert.ok(said.includes('Mila Novak | born in | Zagreb'));
    assert.ok(said.includes('Vesna Horvat | leads | Lumen Lab'));
    const kin = await triples('Grandpa Henrik lives in Aarhus. Ola works at Kinsey + Moe.');
    assert.ok(kin.includes('Henrik | lives in | Aarhus'));
    assert.ok(kin.includes('Ola | works at | Kinsey + Moe'));
  });

  it('reads past a description of the target after a preposition, and any occupation "at" a place of work', async () => {
    assert.ok(
      (await triples('Halden Hotels signed a partnership with booking platform Roomly.')).includes(
        'Halden Hotels | partner of | Roomly',
      ),
    );
    const at = await triples('Pia Berg, a chemist at the Larsen Institute in Oslo, spoke.');
    assert.ok(at.includes('Pia Berg | works at | Larsen Institute'));
    // A person in an apposition is not where the apposition's noun is.
    assert.ok(!at.includes('Pia Berg | located in | Oslo'));
    // An agent of another clause's noun ("a round led by") is no relation of the sentence's subject.
    assert.deepEqual(await triples('Kelda said it had raised money in a round led by Fjell Ventures.'), []);
  });

  it('reads an opening passive participle, "became its principal", and re-types names a place or "the" shows', async () => {
    const said = await triples(
      'Mossvik College opened in 1902. Founded in 1899 by Anna Holt, it is small. Ruth Lind became its principal in 2019.',
    );
    assert.ok(said.includes('Anna Holt | founded | Mossvik College'));
    assert.ok(said.includes('Ruth Lind | leads | Mossvik College'));
    const found = await types(
      'Lake Orta lies in the Julian Hills. Rosa Lund studied at the University of St Ives, in St Ives, Scotland.',
    );
    assert.notEqual(found['Julian Hills'], 'person');
    assert.equal(found['St Ives'], 'location');
  });

  it('reads a cause of an error named before "is caused by" or before a relative clause, and a hyphenated cause', async () => {
    const said = await triples(
      'Every print job fails with error QX-0x2B. The status page says QX-0x2B is caused by the latest scanner-driver patch.',
    );
    assert.ok(said.includes('QX-0x2B | caused by | latest scanner-driver patch'));
    assert.ok(
      (await triples('The NAS shows error E-77, which the manual says is caused by a fan failure.')).includes(
        'E-77 | caused by | fan failure',
      ),
    );
  });

  it('keeps the new readings to what they are sure of: titles of the vocabulary, leaders not deputies', async () => {
    // "champion" is no job at the league: only the vocabulary's titles are read before a name.
    assert.deepEqual(await triples('The tournament was won by the league champion Riverside Hawks.'), []);
    const deputy = await triples('Ola Nygaard joined Vestra in 2013 as Vice President for Media.');
    assert.ok(!deputy.includes('Ola Nygaard | leads | Vestra'));
    // A participle of no predicate (", including X") leaves the pair as it was.
    assert.deepEqual(await triples('The band toured widely, including Oslo Spektrum.'), []);
    // The name one was born with is no birthplace.
    const born = await triples('Nils Lund (born Nils Olsen on 2 May 1960 in Tromsø) is a singer.');
    assert.ok(born.includes('Nils Lund | born in | Tromsø'));
    assert.ok(!born.some((t) => t.includes('| born in | Nils Olsen')));
  });

  it('reads "their" kin as the couple just named, and "his" kin past a relative the speaker named', async () => {
    const couple = await triples(
      'Karl Holm was a painter. In 1950 he married Vera Lund, and their daughter, Lise Holm, became a pianist.',
    );
    assert.ok(couple.includes('Lise Holm | child of | Karl Holm'));
    assert.ok(couple.includes('Lise Holm | child of | Vera Lund'));
    assert.ok(
      (
        await triples("Maria: my husband Rui's parents run a shop, and his younger brother Nuno helps.")
      ).includes('Rui | sibling of | Nuno'),
    );
  });

  it('reads the names a "whose" noun of the vocabulary lists as holding it', async () => {
    const guild = await triples(
      'The Nordic Guild, a league of towns whose members included Bergen, Lund and Riga, met yearly.',
    );
    assert.ok(guild.includes('Bergen | member of | Nordic Guild'));
    assert.ok(guild.includes('Riga | member of | Nordic Guild'));
    assert.ok(
      (await triples('Acme Holdings, whose subsidiaries include Bolt Tools, grew.')).includes(
        'Bolt Tools | part of | Acme Holdings',
      ),
    );
  });

  it('reads "whom he married" and "which she still runs", not "with whom" as a thing done to someone', async () => {
    const married = await triples(
      'Jonas Ekberg starred in Frostline opposite Lena Moberg, whom he married in 2015.',
      true,
    );
    assert.ok(married.includes('Jonas Ekberg | married to | Lena Moberg'), married.join('; '));
    const runs = await triples(
      'Ines Okafor is an architect. In 2009 she founded Bleu Atelier, which she still runs from Lyon.',
      true,
    );
    assert.ok(runs.includes('Ines Okafor | leads | Bleu Atelier'), runs.join('; '));
    const wrote = await triples(
      'In 1970 Karin Vogt married the geologist Paul Reis, with whom she co-authored two atlases.',
      true,
    );
    assert.ok(!wrote.some((t) => t.includes('created')), wrote.join('; '));
  });

  it('takes what "it" stands for as no person, a hyphened adjective as no verb, and a club as an organisation', async () => {
    const made = await triples(
      'Quillon is an open-source search engine written in Go. It was created by Czech engineer Petr Dvorak while he was working at Seznam.cz.',
      true,
    );
    assert.ok(made.includes('Petr Dvorak | created | Quillon'), made.join('; '));
    assert.ok(made.includes('Petr Dvorak | works at | Seznam.cz'), made.join('; '));
    assert.ok(!made.some((t) => t.startsWith('Quillon | founded')), made.join('; '));
    const club = await facts(
      'Club Deportivo San Lorenzo de Cusco is a Peruvian football club. Former winger Raúl Quispe has been its coach since 2021, when he succeeded Hugo Paredes.',
      true,
    );
    const said = triplesOf(club);
    assert.equal(
      club.entities.find((e) => e.name === 'Club Deportivo San Lorenzo de Cusco')?.type,
      'organization',
    );
    assert.ok(!said.some((t) => t.startsWith('Club Deportivo')), said.join('; '));
  });

  it('reads an opening participle past an apposition on its agent, and no place from a pronoun after a comma', async () => {
    const hall = await triples(
      'The Aomori Arts Hall is a venue in Aomori. Designed by the architect Kenji Sato, a graduate of Kyoto University, it opened in 2001.',
      true,
    );
    assert.ok(hall.includes('Kenji Sato | created | Aomori Arts Hall'), hall.join('; '));
    assert.ok(hall.includes('Kenji Sato | studied at | Kyoto University'), hall.join('; '));
    assert.ok(!hall.some((t) => t.startsWith('Kyoto University | located in')), hall.join('; '));
  });
  it('reads a relative clause with no relative word after a noun phrase beside the thing, a work started as created', async () => {
    const startup = await triples(
      'She joined Tessellate Labs, a startup Marta Lindgren founded in 2019.',
      true,
    );
    assert.ok(startup.includes('Marta Lindgren | founded | Tessellate Labs'), startup.join('; '));
    const podcast = await triples(
      'Welcome back to Second Wind, the podcast Dana Whitfield started in 2019.',
      true,
    );
    assert.ok(podcast.includes('Dana Whitfield | created | Second Wind'), podcast.join('; '));
    // (A clause with an object of its own is the sentence's: "the mechanic Serkan Aydın replaced the battery".)
    const mechanic = await triples(
      'The bike was serviced at Pedal Hub, where the mechanic Serkan Aydın replaced the battery.',
      true,
    );
    assert.ok(!mechanic.some((t) => t.startsWith('Serkan Aydın | succeeded')), mechanic.join('; '));
  });
});
