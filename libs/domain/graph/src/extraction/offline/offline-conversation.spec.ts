import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { facts, names, triples, triplesOf } from '../../testing/read-text';

// Letters and chat: a writer named only by the closing ("Best, Inés"), and what the speaker's
// relatives are to each other. Every sentence here is written for this file (none is in
// bench/data/graph-extraction.jsonl), and each case failed before the rules it tests.

describe("OfflineExtractor: letters and the speaker's family", () => {
  it('takes the name after a closing word as the writer, not the closing word', async () => {
    const letter = await triples(
      'Hi Marta, great to hear from you. My brother Tomás started at Globant in May. Best, Inés',
    );
    assert.ok(letter.includes('Inés | sibling of | Tomás'));
    assert.ok(!letter.some((t) => t.startsWith('Best')));
  });

  it("relates the speaker's relatives to each other", async () => {
    assert.ok(
      (await triples('My sister Carla moved to Lyon, and our dad Pierre is visiting her in June.')).includes(
        'Carla | child of | Pierre',
      ),
    );
    assert.ok(
      (await triples('My husband Arvid works at Volvo. Our daughter Elsa just turned six.')).includes(
        'Elsa | child of | Arvid',
      ),
    );
    assert.ok(
      (await triples('My mum Rosa and my dad Emilio still live in Cádiz.')).includes(
        'Emilio | married to | Rosa',
      ),
    );
  });

  it("keeps each speaker's relatives apart in a conversation", async () => {
    const chat = await triples('Ana: my brother Rui is in Porto.\nBea: my dad Hugo is in Faro.');
    assert.ok(!chat.some((t) => t.includes('Rui | child of | Hugo')));
  });

  it("reads a site said to be in a place, a move to an employer, and the speaker's workplace", async () => {
    assert.ok(
      (await triples("Kofi: Rivale's HQ is in Kumasi, right?")).includes('Rivale | located in | Kumasi'),
    );
    assert.ok(
      (await triples('Lea: nope, Bruno left for Zendesk last month.')).includes('Bruno | works at | Zendesk'),
    );
    assert.ok(!(await triples('Lea: Bruno left for Lisbon last month.')).some((t) => t.includes('works at')));
    const chat = await triples(
      'Omar: My boss at Emirates was not thrilled.\nSara: I will call you after my shift at the Lidl.',
    );
    assert.ok(chat.includes('Omar | works at | Emirates'));
    assert.ok(chat.includes('Sara | works at | Lidl'));
  });

  it('never takes the turn\'s speaker for whom "his" or "her" means', async () => {
    const chat = await triples(
      'Maya: did you hear Pavel is leaving Spotify?\nTomas: makes sense, his girlfriend Irena already works at Zalando',
    );
    assert.ok(chat.includes('Pavel | partner of | Irena'));
    assert.ok(!chat.some((t) => t.startsWith('Tomas | partner of')));
  });

  it('reads no relation to the name before a reported passive with a subject of its own', async () => {
    const news = await triples('My neighbour Greta says our building was just bought by Hausbau GmbH.');
    assert.ok(!news.some((t) => t.includes('| acquired | Greta')));
  });

  it('gives "she" to the person a kinship noun made a woman, never to a speaker of the chat', async () => {
    const chat = await triples(
      'Tunde: her son Kofi got a scholarship to study law at the University of Ghana!\nAma: wow. when does he leave?\nTunde: June. my wife Efua is helping him pack. she lived in Kumasi for years when she worked for Ecobank',
    );
    assert.ok(chat.includes('Efua | lives in | Kumasi'));
    assert.ok(chat.includes('Efua | works at | Ecobank'));
    assert.ok(!chat.some((t) => t.startsWith('Kofi | works at') || t.startsWith('Ama | works at')));
  });

  it('reads "a job at the X office" as work at X, and "Hey, it\'s Kofi." as the writer\'s name', async () => {
    const job = await triples('Tomás: My sister Inés got a job at the Mercado Libre office there.');
    assert.ok(job.includes('Inés | works at | Mercado Libre'), job.join('; '));
    const note = await triples("Hey, it's Kofi. My brother Yaw still lives in Accra.");
    assert.ok(note.includes('Kofi | sibling of | Yaw'), note.join('; '));
  });

  it('reads a first day at work, "I\'m X, Y\'s sister", a voice note\'s sender and a title "as their" new employer\'s', async () => {
    const started = await triples('Emre: Guys, Selin just started at Koç Holding!!');
    assert.ok(started.includes('Selin | works at | Koç Holding'), started.join('; '));
    const toast = await triples(
      "Hi everyone, I'm Lucía, Tomás's older sister. We grew up in Cádiz, and our mom, Pilar, is here tonight.",
    );
    assert.ok(
      toast.some((t) => /^(Tomás \| sibling of \| Lucía|Lucía \| sibling of \| Tomás)$/.test(t)),
      toast.join('; '),
    );
    const note = await triples(
      "[voice note from Arjun Pillai] So I left Infosys in May and joined my friend Dev's startup, Kitelane, as their first engineer.",
    );
    assert.ok(note.includes('Arjun Pillai | works at | Kitelane'), note.join('; '));
    // (The title is Arjun's, never the possessive's owner's. "Dev's startup" may make Dev its
    // founder: the learned pair model reads that, as the annotated texts do.)
    assert.ok(!note.some((t) => t.startsWith('Dev |') && t !== 'Dev | founded | Kitelane'), note.join('; '));
  });

  it('reads "your dad Klaus" as the relative of whom the turn speaks to, and marries no place', async () => {
    const chat = await triples(
      'Lena: Are you still in Bergen?\nOskar: Yes, still at the harbour office.\nLena: Nice. Is your dad Henrik still in Oslo?',
    );
    assert.ok(chat.includes('Oskar | child of | Henrik'), chat.join('; '));
    const wed = await triples('Ana: Good, Inês just got married to a chef there, in Montreal.');
    assert.ok(!wed.some((t) => t.includes('married to | Montreal')), wed.join('; '));
  });

  it('reads a person buying a thing as owning it, and a first day at a university hospital as work', async () => {
    const boat = await triples(
      'Jonas: My dad Klaus and my stepmother Birgit bought a little sailboat called the Möwe.',
    );
    assert.ok(boat.includes('Klaus | owns | Möwe'), boat.join('; '));
    assert.ok(!boat.some((t) => t.includes('acquired')), boat.join('; '));
    const job = await triples('Efua: then I start at the Korle Bu University Hospital on Monday.');
    assert.ok(job.includes('Efua | works at | Korle Bu University Hospital'), job.join('; '));
  });

  it('owns no town: "a little shop in Tbilisi owned by my friend Nino"', async () => {
    const shop = await triples(
      'Tariq: get one from Case Studio, a little shop in Tbilisi owned by my friend Nino',
    );
    assert.ok(!shop.includes('Nino | owns | Tbilisi'), shop.join('; '));
    const tower = await triples('The Halvorsen Tower is owned by Nordvest Eiendom.');
    assert.ok(tower.includes('Nordvest Eiendom | owns | Halvorsen Tower'), tower.join('; '));
  });

  it('takes a full name nothing types as the speaker of a dialogue, and a label in brackets', async () => {
    const interview = await triples(
      'Interviewer: When did you arrive in Leeds?\nObiageli Nwankwo: In 1974. My uncle, Chidi Okafor, ran a bakery there, and I worked for Leeds Transport.',
    );
    assert.ok(!interview.includes('Obiageli Nwankwo | child of | Chidi Okafor'), interview.join('; '));
    assert.ok(interview.includes('Obiageli Nwankwo | works at | Leeds Transport'), interview.join('; '));
    assert.ok(!interview.some((t) => t.startsWith('Interviewer |')), interview.join('; '));
    // Opening two turns makes a speaker too, with no label before it.
    const twice = await triples(
      'Tendai Moyo: I grew up in Mutare.\nHost: And then?\nTendai Moyo: I studied at the University of Zimbabwe.',
    );
    assert.ok(twice.includes('Tendai Moyo | studied at | University of Zimbabwe'), twice.join('; '));
    const chat = await triples(
      '[Rosalinda]: big news!\n[Dindo]: what?\n[Rosalinda]: I start at Cebu Doctors Hospital on Monday',
    );
    assert.ok(chat.includes('Rosalinda | works at | Cebu Doctors Hospital'), chat.join('; '));
    // A field of two words is no speaker in a text that is no dialogue.
    const report = await triples('Root Cause: I restarted the Atlas Gateway after it failed.');
    assert.ok(!report.some((t) => t.startsWith('Root Cause |')), report.join('; '));
  });

  it('reads a surname said alone as the one full name ending on it, whichever came first', async () => {
    const found = await triples(
      "Daniel: isn't that the one Mori-san started after he left Rakuten?\nKenji: yep, Takeshi Mori. he's CEO",
    );
    assert.ok(found.includes('Takeshi Mori | works at | Rakuten'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Mori |')), found.join('; '));
    // Two full names on that surname leave it alone.
    const two = await triples('Curie worked at the Sorbonne. Marie Curie and Pierre Curie met in Paris.');
    assert.ok(two.includes('Curie | works at | Sorbonne'), two.join('; '));
  });

  it('reads where one retires to as home, and a bakery named after its founder as a business', async () => {
    const found = await facts('Beatriz took over Padaria Helena when Helena retired to Braga.');
    const read = triplesOf(found);
    assert.ok(read.includes('Helena | lives in | Braga'), read.join('; '));
    assert.equal(found.entities.find((e) => e.name === 'Padaria Helena')?.type, 'organization');
  });

  it('reads a place won at a school as study there, and only at a school', async () => {
    const got = await triples('Mark: did you hear Jenna got into Imperial College London?');
    assert.ok(got.includes('Jenna | studied at | Imperial College London'), got.join('; '));
    const year = await triples('Ravi is a sophomore at Kansai University.');
    assert.ok(year.includes('Ravi | studied at | Kansai University'), year.join('; '));
    // (The rule's reading: the learned model, retrained with every rule change, may differ.)
    const job = await triples('Tom got into a row at Siemens. Oksana spent six years at ETH Zurich.', true);
    assert.ok(!job.some((t) => t.includes('studied at')), job.join('; '));
  });

  it('reads "you" as whom a greeting, a name called or the turn before speaks to, as a subject only', async () => {
    const called = await triples('Q: Meseret, you were born in Bekoji. When did you start running?', true);
    assert.ok(called.includes('Meseret | born in | Bekoji'), called.join('; '));
    const turn = await triples(
      'Olena Kovalenko: Hi Tomás! I lead the mobile team now.\nTomás Ferreira: Hi Olena! Are you still working with Bogdan Shevchuk?',
      true,
    );
    assert.ok(turn.includes('Olena Kovalenko | works with | Bogdan Shevchuk'), turn.join('; '));
    const letter = await triples(
      'Kia ora Aroha,\n\nThanks for your patience. Your colleague Wiremu Tane added an exception on the firewall.',
      true,
    );
    assert.ok(letter.includes('Aroha | works with | Wiremu Tane'), letter.join('; '));
    // Not "you" as an object, nor after a modal, nor a team greeted.
    const thanks = await triples('Dear Chinedu Okafor,\n\nThank you for contacting Zenlo.', true);
    assert.ok(!thanks.some((t) => t.startsWith('Chinedu Okafor |')), thanks.join('; '));
    const team = await triples(
      'Dear Hausmann Service Team,\n\nYour technician, Mr. Yilmaz, came on Monday.',
      true,
    );
    assert.ok(!team.some((t) => t.includes('Hausmann Service Team')), team.join('; '));
  });

  it("reads a person's band or trio as a group they are a member of", async () => {
    const found = await triples(
      "Dariush: Neda's band Gol-e Sorkh is playing Friday.\nParisa: Arash left to join Sepideh's jazz trio, Nava Trio.",
      true,
    );
    assert.ok(found.includes('Neda | member of | Gol-e Sorkh'), found.join('; '));
    assert.ok(found.includes('Sepideh | member of | Nava Trio'), found.join('; '));
  });

  it('reads a child calling a parent in a family chat: whom the turn answers, or who answers it', async () => {
    const answered = await triples(
      '[18:02] Grace Otieno: Has anyone heard from Brian?\n[18:09] Wanjiru: Will do. Also Mum, I GOT THE JOB!!!\n[18:09] Joseph Otieno: Congratulations my girl!\n[18:10] Wanjiru: Thanks Dad ❤️',
      true,
    );
    assert.ok(answered.includes('Wanjiru | child of | Grace Otieno'), answered.join('; '));
    assert.ok(answered.includes('Wanjiru | child of | Joseph Otieno'), answered.join('; '));
    const opening = await triples(
      "Minh Anh: Dad, did you get the photos from Linh's graduation?\nNguyễn Văn Hùng: Yes! So proud.",
      true,
    );
    assert.ok(opening.includes('Minh Anh | child of | Nguyễn Văn Hùng'), opening.join('; '));
    // ("my dad" is no call.)
    const told = await triples('Ana: my dad says hi\nRui: hi back!', true);
    assert.ok(!told.some((t) => t.includes('child of')), told.join('; '));
  });

  it('reads someone "from" a one-word name nothing typed as working there, but not a department', async () => {
    const found = await triples(
      "Aiko Sato: Lukas, still on for lunch with Mateo from Spotify? he's in town\nPetra Novák: yep, Tomasz from IT is on it.",
      true,
    );
    assert.ok(found.includes('Mateo | works at | Spotify'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Tomasz |')), found.join('; '));
  });

  it("reads someone's replacement or successor as succeeding them", async () => {
    const found = await triples(
      'Chidi is leaving in January. His replacement is Ngozi Eze, she seems sharp.',
      true,
    );
    assert.ok(found.includes('Ngozi Eze | succeeded | Chidi'), found.join('; '));
    const before = await triples('Ana Ruiz started in May. Her predecessor, Tom Reid, retired.', true);
    assert.ok(before.includes('Ana Ruiz | succeeded | Tom Reid'), before.join('; '));
  });

  it('reads people who met at a school as its students, a company they launched as founded, and a role label in capitals', async () => {
    const found = await triples(
      'HOST (Thandi Nkosi): Welcome back.\nJoão Prates: Thanks. Rui Matos and I met at Universidade do Porto, and we launched Cortiça Labs, a startup, in 2017.',
      true,
    );
    assert.ok(found.includes('João Prates | studied at | Universidade do Porto'), found.join('; '));
    assert.ok(found.includes('Rui Matos | studied at | Universidade do Porto'), found.join('; '));
    assert.ok(found.includes('João Prates | founded | Cortiça Labs'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('HOST |')), found.join('; '));
  });

  it('places "their" site with the organisation its sentence named', async () => {
    const found = await triples(
      "Ana: Mum says you're leaving Lisbon??\nRui: yeah, Siemens offered me a transfer to their Munich site",
      true,
    );
    assert.ok(found.includes('Siemens | located in | Munich'), found.join('; '));
    assert.ok(!found.includes('Lisbon | located in | Munich'), found.join('; '));
  });

  it("reads a user name's turn, and the person a label's brackets name, as the speaker", async () => {
    const found = await triples(
      'nightowl_kr (Ji-hoon): Since updating my ASUS RT-AX86U, WireGuard drops every hour.\nu/oslo_drone: I live in Tromsø now.\nAgent (Rahul): I work at Voltaro.\n@dimitri-p (maintainer Dimitri Papadakis): I use Ubuntu 22.04.\nmod_bjorn (Bjørn Aas, moderator): I live in Oslo.',
      true,
    );
    assert.ok(found.includes('Ji-hoon | uses | ASUS RT-AX86U'), found.join('; '));
    assert.ok(found.includes('oslo_drone | lives in | Tromsø'), found.join('; '));
    assert.ok(found.includes('Rahul | works at | Voltaro'), found.join('; '));
    assert.ok(found.includes('Dimitri Papadakis | uses | Ubuntu 22.04'), found.join('; '));
    assert.ok(found.includes('Bjørn Aas | lives in | Oslo'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Ji-hoon | lives in')), found.join('; '));
  });

  it('reads where someone still is as where they live, and "we" for a firm as no one who lives anywhere', async () => {
    const found = await triples(
      'Lucas: meanwhile I am still in Porto.\nKwame: Serwaa and I are still in Kumasi, but we are looking at flats.',
      true,
    );
    assert.ok(found.includes('Lucas | lives in | Porto'), found.join('; '));
    assert.ok(found.includes('Serwaa | lives in | Kumasi'), found.join('; '));
    assert.ok(found.includes('Kwame | lives in | Kumasi'), found.join('; '));
    const firm = await triples(
      'Kwabena: I worked for London Transport as a bus conductor for thirty years. We married in 1965 and we are still in the same house in Hackney.',
      true,
    );
    assert.ok(!firm.includes('London Transport | lives in | Hackney'), firm.join('; '));
  });

  it('reads "passed away in", a grandparent called Nonno, a graduation from a school, and "Good for her!" as no name', async () => {
    const found = await triples(
      'Luca: Nonna, where did Nonno Enzo grow up?\nRosa: In Asti. He passed away in Genoa in 2004.\nSam: Good for her! Is she staying in Leicester?\nPriya: Yui celebrated her graduation from Waseda University.',
      true,
    );
    assert.ok(found.includes('Enzo | died in | Genoa'), found.join('; '));
    assert.ok(found.includes('Yui | studied at | Waseda University'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Nonno') || t.startsWith('Good |')), found.join('; '));
  });

  it('reads where someone is still at as their employer, but not whose sister is', async () => {
    const found = await triples(
      "Olivia: I'm still at Arup, but I moved teams.\nMaya: btw Ravi, is your sister still at Stripe?",
      true,
    );
    assert.ok(found.includes('Olivia | works at | Arup'), found.join('; '));
    assert.ok(!found.some((t) => t.endsWith('| works at | Stripe')), found.join('; '));
  });

  it('reads a full name ending in the family name of someone met alone as a person, whom a later "she" stands for', async () => {
    const found = await triples(
      "Yusuf: He's in Dubai. Emirates has him flying the Sydney route all month.\nLeila: Typical pilot.\nYusuf: Dr. Okonkwo at Croydon University Hospital says Mum can stop using the crutches.\nLeila: Oh good, is that Ifeoma Okonkwo? She trained with me at King's College London.",
      true,
    );
    assert.ok(found.includes("Ifeoma Okonkwo | studied at | King's College London"), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Emirates')), found.join('; '));
  });

  it('drops an exclamation opening a line from the name after it: "Omg Rahul!!", "Thanks Kenji,"', async () => {
    const found = [
      ...(
        await names(
          "Chloé: Wait, you're moving??\nSofia: Omg Rahul!! My cousin Inês lives in Alfama.\nAna: Thanks Kenji, confirmed.",
        )
      ).keys(),
    ];
    assert.ok(found.includes('Rahul') && found.includes('Kenji'), found.join('; '));
    assert.ok(!found.some((n) => n.startsWith('Omg') || n.startsWith('Thanks')), found.join('; '));
  });

  it('reads "Mairi from Wood Group phoned" as where she works, though nothing typed her name', async () => {
    const found = await triples('Ann: Oh, and Mairi from Wood Group phoned.\nBo: ok, thanks', true);
    assert.ok(found.includes('Mairi | works at | Wood Group'), found.join('; '));
  });

  it('reads "my former manager at Safaricom, Brian Kipchoge" as where the manager works', async () => {
    const found = await triples(
      'Huge thanks to my former manager at Safaricom, Brian Kipchoge, who taught me everything I know.',
      true,
    );
    assert.ok(found.includes('Brian Kipchoge | works at | Safaricom'), found.join('; '));
  });

  it('reads "my flat in Bologna" as the speaker\'s home, but not a home sold', async () => {
    const found = await triples(
      '14:02 Customer (Giulia Romano): internet has been down since this morning in my flat in Bologna\n14:03 Agent (Matteo Conti): Buongiorno Giulia, let me check your line.',
      true,
    );
    assert.ok(found.includes('Giulia Romano | lives in | Bologna'), found.join('; '));
    const sold = await triples('Rosa Delgado: Abuela finally sold her house in Oaxaca', true);
    assert.ok(!sold.some((t) => t.includes('lives in')), sold.join('; '));
  });

  it('reads "our network partner X" as the speaker\'s firm\'s partner, and "we" as the firm a speaker founded', async () => {
    const found = await triples(
      'Grace Mwangi (host): My guest today is Samuel Otieno, who co-founded the solar company SunKenya in 2015.\nSamuel Otieno: Before that I was working at Safaricom. Our biggest partner is M-KOPA, and we acquired Lango Power last year.',
      true,
    );
    assert.ok(found.includes('SunKenya | acquired | Lango Power'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Safaricom |')), found.join('; '));
    const partner = await triples(
      'Agent (Matteo Conti): I am Matteo from FibraNet. Our network partner Open Fiber has a crew on site.',
      true,
    );
    assert.ok(partner.includes('FibraNet | partner of | Open Fiber'), partner.join('; '));
    assert.ok(!partner.some((t) => t.startsWith('Matteo Conti | partner of')), partner.join('; '));
  });

  it('reads a name that says something in a chat as a person, and no one in a kin noun before "she"', async () => {
    const found = await triples(
      "Aisha: Huh, Kemi said the same thing about Crumbs & Co.\nYusuf: Good for her.\nAisha: I'll bring my mum, she's been begging for your spice mix.",
      true,
    );
    assert.ok(!found.some((t) => t.includes('child of')), found.join('; '));
  });

  it('reads "First week at Ubisoft was …" opening a turn as the speaker\'s work there', async () => {
    const found = await triples(
      'Nina: How is the new job?\nLeo: First week at Ubisoft was mostly onboarding.\nMarco Alvarez: Work at Zalando is crazy this month.',
      true,
    );
    assert.ok(found.includes('Leo | works at | Ubisoft'), found.join('; '));
    assert.ok(found.includes('Marco Alvarez | works at | Zalando'), found.join('; '));
  });

  it('reads "Mum" called by a second child as the parent the first one called, and the two as siblings', async () => {
    const found = await triples(
      'Rosa Alvarez: Reminder, lunch at 2.\nLuis Alvarez: Yes Mum, I will drive down.\nMarco Alvarez: Mum, my flight lands at 11 so I will be late.',
      true,
    );
    assert.ok(found.includes('Marco Alvarez | child of | Rosa Alvarez'), found.join('; '));
    assert.ok(found.includes('Marco Alvarez | sibling of | Luis Alvarez'), found.join('; '));
    assert.ok(!found.includes('Marco Alvarez | child of | Luis Alvarez'), found.join('; '));
  });

  it('reads "Grandma Rosa:" as a turn\'s label, "Ma" as a call, and a company in capitals the tagger read as a verb', async () => {
    const found = await triples(
      "Grandma Rosa: Tony, is your sister coming Sunday?\nTony: Ma, Gina's flying in on Saturday.\nGrandma Rosa: And your brother Sal?\nDeepa: my cousin Neha just joined SAP actually, in Bangalore",
      true,
    );
    assert.ok(found.includes('Tony | child of | Rosa'), found.join('; '));
    assert.ok(found.includes('Tony | sibling of | Sal'), found.join('; '));
    assert.ok(found.includes('Neha | works at | SAP'), found.join('; '));
  });

  it('reads a lone first name in a chat as the one full name with it the chat gave, and not when two have it', async () => {
    const found = await triples(
      'Tomasz: Guess who I ran into at the mall? Wairimu Njoroge!\nAsha: Wairimu from school? Where is she now?\nTomasz: Wairimu works at Kijani Solar in Eldoret now.',
      true,
    );
    assert.ok(found.includes('Wairimu Njoroge | works at | Kijani Solar'), found.join('; '));
    const two = await triples(
      'Tomasz: I saw Wairimu Njoroge and Wairimu Kamande at the mall.\nAsha: Wairimu works at Kijani Solar now.',
      true,
    );
    assert.ok(two.includes('Wairimu | works at | Kijani Solar'), two.join('; '));
  });

  it('reads an introduction ("it\'s Ewa from …"), a turn opening on starting at a firm or being at one as a job, and no "he" as another speaker', async () => {
    const found = await triples(
      "Kasia Nowak: Hi Dayo, it's Kasia from Brightpath Talent. Are you still open to roles in Gdynia?\nDayo Adebayo: Hi Kasia! I'm still at Portwell as a data engineer for now.\nKasia Nowak: The hiring manager is Lars Holm. He used to lead analytics at Portwell, actually.\nDayo Adebayo: Small world! Starting at a new team next month anyway.\nMina: Just started at Quellwerk, loving it\nMina: I'm at Heathrow now.",
      true,
    );
    assert.ok(found.includes('Kasia Nowak | works at | Brightpath Talent'), found.join('; '));
    assert.ok(found.includes('Dayo Adebayo | works at | Portwell'), found.join('; '));
    assert.ok(found.includes('Lars Holm | works at | Portwell'), found.join('; '));
    assert.ok(found.includes('Mina | works at | Quellwerk'), found.join('; '));
    assert.ok(!found.some((t) => t.endsWith('| Heathrow')), found.join('; '));
  });

  it('reads a person coming "down from" a town as living there, but not "I\'m from" it', async () => {
    const found = await triples(
      "Zara: housewarming on Saturday! bringing my sister Amina down from Leeds for it\nTomi: I'm from Ibadan, so I'll bring jollof",
      true,
    );
    assert.ok(found.includes('Amina | lives in | Leeds'), found.join('; '));
    assert.ok(!found.includes('Tomi | lives in | Ibadan'), found.join('; '));
  });

  it('reads "here in <town>" in a chat turn as where its speaker lives', async () => {
    const found = await triples(
      'Meera Iyer: Did you land okay?\nArun Iyer: Yes Amma, just got to my flat.\nMeera Iyer: Good. The vet here in Kochi says Biscuit will be fine.',
      true,
    );
    assert.ok(found.includes('Meera Iyer | lives in | Kochi'), found.join('; '));
  });

  it('reads "on shift at X" as a job there and "just started at Bellaire High" as a pupil\'s first day', async () => {
    const found = await triples(
      'Carmen: are you coming on Sunday?\nMateo: cant, I am on shift at Hospital del Mar all weekend\nCarmen: ok. the hard part is the kids, Danny just started at Bellaire High',
      true,
    );
    assert.ok(found.includes('Mateo | works at | Hospital del Mar'), found.join('; '));
    assert.ok(found.includes('Danny | studied at | Bellaire High'), found.join('; '));
    assert.ok(!found.includes('Danny | works at | Bellaire High'), found.join('; '));
  });

  it('reads where a company is from "the X office in Town" and "a startup in Town called X"', async () => {
    const found = await triples(
      'Rohan: where is the flat?\nAnanya: it is 15 min from the Sahyadri Analytics office in Hinjewadi.\nRohan: and Kenji?\nAnanya: he joined a small startup in Fukuoka called Hanamori Labs.',
      true,
    );
    assert.ok(found.includes('Sahyadri Analytics | located in | Hinjewadi'), found.join('; '));
    assert.ok(found.includes('Hanamori Labs | located in | Fukuoka'), found.join('; '));
  });

  it('reads "X took over when Y left" as X succeeding Y', async () => {
    const found = await triples(
      'Luca: The bakery?\nAna: Beatriz took it over when Helena retired to Braga.',
      true,
    );
    assert.ok(found.includes('Beatriz | succeeded | Helena'), found.join('; '));
    const cto = await triples('Yumi Arai took over as CTO when Hiroshi Kato left in the spring.', true);
    assert.ok(cto.includes('Yumi Arai | succeeded | Hiroshi Kato'), cto.join('; '));
  });

  it('reads "Kenji at Marlow Shipping says …" as a job there and "President Ana Silva of Brazil" as leading it', async () => {
    const found = await triples(
      'Maya: We built the backend on Supabase, and Kenji at Marlow Shipping says their drivers love it.\nTom: President Ana Silva of Brazil visited Lisbon.',
      true,
    );
    assert.ok(found.includes('Kenji | works at | Marlow Shipping'), found.join('; '));
    assert.ok(found.includes('Ana Silva | leads | Brazil'), found.join('; '));
  });

  it('reads a town one leaves as one lived in, and a relative named with a town as living there, not where one met them', async () => {
    const found = await triples(
      'Lucía: No way, so Tomás is leaving Loja?\nAisha: fyi I am out Thurs, visiting my brother Yusuf in Durban\nAna: I met my sister Anna in Berlin last Tuesday.',
      true,
    );
    assert.ok(found.includes('Tomás | lives in | Loja'), found.join('; '));
    assert.ok(!found.includes('Tomás | works at | Loja'), found.join('; '));
    assert.ok(found.includes('Yusuf | lives in | Durban'), found.join('; '));
    assert.ok(!found.includes('Anna | lives in | Berlin'), found.join('; '));
  });

  it('reads "moved to X in Town" as a job at X and a home in the town, and "sharing a flat in Y" as living there', async () => {
    const found = await triples(
      'Maya: Lena? nope, she moved to Adyen in Amsterdam last spring\nMark: Yeah, Jenna is sharing a flat in Hammersmith with her old school friend Rosie.',
      true,
    );
    assert.ok(found.includes('Lena | works at | Adyen'), found.join('; '));
    assert.ok(found.includes('Lena | lives in | Amsterdam'), found.join('; '));
    assert.ok(!found.includes('Lena | lives in | Adyen'), found.join('; '));
    assert.ok(found.includes('Jenna | lives in | Hammersmith'), found.join('; '));
  });

  it("reads a turn's own subject left out, or written in lower case", async () => {
    const chat = await triples(
      'Ines: u coming tonight?\nMarek: nope, working late at Brightcast again\nInes: boo. i work at Kestrel Labs now btw\nMarek: moved to Gdynia last month so closer to u',
      true,
    );
    assert.ok(chat.includes('Marek | works at | Brightcast'), chat.join('; '));
    assert.ok(chat.includes('Ines | works at | Kestrel Labs'), chat.join('; '));
    assert.ok(chat.includes('Marek | lives in | Gdynia'), chat.join('; '));
    // (Not an instruction, nor a verb of the third person, whose subject is someone else.)
    const other = await triples(
      'Ines: hi\nMarek: bring Ola to Gdynia tomorrow\nInes: depends on Brightcast',
      true,
    );
    assert.ok(!other.some((t) => t.startsWith('Marek |') || t.startsWith('Ines |')), other.join('; '));
  });
  it('reads "Ayşe, could your sister …" as said to Ayşe, and never takes a speaker called by first name for "she"', async () => {
    const found = await triples(
      'Ayşe Demir: Hi.\nLukas Novák: Nice.\nFelix Brandt: Ayşe, could your sister Derya film our set?\nAyşe Demir: Derya lives in Istanbul now.',
      true,
    );
    assert.ok(found.includes('Ayşe Demir | sibling of | Derya'), found.join('; '));
    assert.ok(!found.includes('Lukas Novák | sibling of | Derya'), found.join('; '));
    const married = await triples(
      'Khalid Nasser: Yousef, did you hear Rania got the promotion at Dar Al Tasmeem?\nYousef Barakat: Yes! She is managing director of the whole firm now. Her husband Sami told me yesterday.',
      true,
    );
    assert.ok(married.includes('Rania | married to | Sami'), married.join('; '));
    assert.ok(!married.includes('Yousef Barakat | married to | Sami'), married.join('; '));
  });
  it('reads "Kasia\'s new job at Zalando", a boss as a colleague, and "Tito Ramon" and "Kuya" as kin words', async () => {
    const job = await triples("Anna: How is Kasia's new job at Zalando going?", true);
    assert.ok(job.includes('Kasia | works at | Zalando'), job.join('; '));
    const boss = await triples('Hiroshi Tanaka: my boss Kato will not allow it.', true);
    assert.ok(boss.includes('Hiroshi Tanaka | works with | Kato'), boss.join('; '));
    assert.ok(!boss.some((t) => t.includes('| leads |')), boss.join('; '));
    const kin = await triples(
      'Joy Santos: Kuya, do not forget the photos.\nRosario Santos: Your Tito Ramon Villanueva says hi. He is still a nurse at Vicente Sotto Memorial Medical Center in Cebu.',
      true,
    );
    assert.ok(
      kin.includes('Ramon Villanueva | works at | Vicente Sotto Memorial Medical Center'),
      kin.join('; '),
    );
    assert.ok(!kin.some((t) => t.startsWith('Kuya |')), kin.join('; '));
  });
  it('gives a verb after "now," the subject of the clause before it ("is a pilot for Iberia now, lives in Seville")', async () => {
    const found = await triples(
      'Javier Ortega is a pilot for Iberia now, lives in Seville with his wife Lucía.',
      true,
    );
    assert.ok(found.includes('Javier Ortega | works at | Iberia'), found.join('; '));
    assert.ok(found.includes('Javier Ortega | lives in | Seville'), found.join('; '));
    assert.ok(!found.some((t) => t.startsWith('Iberia |')), found.join('; '));
  });
  it('reads "my own firm, X" as owned (not a studio one opened, nor a band), and "got the postdoc at X"', async () => {
    const own = await triples(
      'Dmitri Volkov: I have kept the books for my own firm, Volkov & Partners, for fifteen years.\nAnanya Iyer: did you see Tomás Herrera got the postdoc at ETH Zurich?',
      true,
    );
    assert.ok(own.includes('Dmitri Volkov | owns | Volkov & Partners'), own.join('; '));
    assert.ok(own.includes('Tomás Herrera | works at | ETH Zurich'), own.join('; '));
    const opened = await triples(
      'Haruka Sato spent a decade as an assistant before founding her own practice, Atelier Sato, in Curitiba. Caio Lins is back with his own band, Solar Norte.',
      true,
    );
    assert.ok(!opened.some((t) => t.includes('| owns |')), opened.join('; '));
  });
  it('reads who flies or drives in from a town as living there, both of "Tomek and I"', async () => {
    const found = await triples(
      'Adaeze: My old roommate Jess flew in from Austin.\nKasia: Yes — Tomek and I are driving down from Gdańsk on Friday.',
      true,
    );
    assert.ok(found.includes('Jess | lives in | Austin'), found.join('; '));
    assert.ok(found.includes('Kasia | lives in | Gdańsk'), found.join('; '));
    assert.ok(found.includes('Tomek | lives in | Gdańsk'), found.join('; '));
  });
  it('reads "X is an old friend" in a turn as the speaker\'s friend, and "a close friend of Ana" as Ana\'s', async () => {
    const found = await triples(
      'Ayşe Demir: Ha, their drummer Kai Lindström is an old friend, we studied together.\nNoor Haddad: Marta Kowalczyk is a close friend of Ana Ruiz.',
      true,
    );
    assert.ok(found.includes('Ayşe Demir | friend of | Kai Lindström'), found.join('; '));
    assert.ok(!found.includes('Noor Haddad | friend of | Marta Kowalczyk'), found.join('; '));
  });
  it('reads "still at" a firm as a job, asked or said without its verb, and "now at" a name nothing typed', async () => {
    const asked = await triples('Maya: Is Lena Berg still at Stripe?', true);
    assert.ok(asked.includes('Lena Berg | works at | Stripe'), asked.join('; '));
    const bare = await triples('Anya: Marcus still at the BBC?', true);
    assert.ok(bare.includes('Marcus | works at | BBC'), bare.join('; '));
    const now = await triples('Tom Lee lives in Oslo. He is now at Ericsson.', true);
    assert.ok(now.includes('Tom Lee | works at | Ericsson'), now.join('; '));
  });
  it('reads "we moved to" a place as the speaker\'s move', async () => {
    const moved = await triples('Olek: We moved to Duluth in 1990.\nAmina: Nice.', true);
    assert.ok(moved.includes('Olek | lives in | Duluth'), moved.join('; '));
  });
  it('reads a child calling a parent in the family\'s own language ("Merci Maman", "Mẹ, …") and after "thank you"', async () => {
    const maman = await triples('Fatou: So proud of our girl!\nAïssatou: Merci Maman ❤️', true);
    assert.ok(maman.includes('Aïssatou | child of | Fatou'), maman.join('; '));
    const me = await triples('Hương: Con ơi, when are you coming home?\nLinh: Mẹ, flight is booked!', true);
    assert.ok(me.includes('Linh | child of | Hương'), me.join('; '));
    const thanks = await triples('Folake: Safe travels, son.\nTunde: Will do, thank you Mum!', true);
    assert.ok(thanks.includes('Tunde | child of | Folake'), thanks.join('; '));
  });
  it('reads "I\'m still stuck at X", "my shift at the X" as the speaker\'s job, and "we moved to" past the firm they work at', async () => {
    const now = await triples(
      "Grace: How's the new job going?\nOlumide: Pretty good! I work at Andela now, with Bisi.\nGrace: And home?\nOlumide: No, we moved to Lekki in March.",
      true,
    );
    assert.ok(now.includes('Olumide | lives in | Lekki'), now.join('; '));
    const stuck = await triples(
      "Priya: hi\nAarav Shah: so jealous. I'm still stuck at Infosys and still living in Pune lol",
      true,
    );
    assert.ok(stuck.includes('Aarav Shah | works at | Infosys'), stuck.join('; '));
    const shift = await triples(
      "Priya: hi\nMateo: That's amazing. I'll call her after my shift at the Carrefour.",
      true,
    );
    assert.ok(shift.includes('Mateo | works at | Carrefour'), shift.join('; '));
    const team = await triples(
      'HOST: Welcome.\nCAMILA: For now! We moved the team to Santiago, but I still live in Viña del Mar.',
      true,
    );
    assert.ok(!team.some((t) => t.startsWith('CAMILA | lives in | Santiago')), team.join('; '));
  });
});

describe('OfflineExtractor: a speaker naming themselves', () => {
  it('types the name a speaker gives themselves in their own turn as theirs', async () => {
    const call = await triples(
      'Bruno: You are on the air, who is this?\nNomvula: Hi Bruno, Nomvula from Pretoria. Long-time listener.',
      true,
    );
    assert.ok(call.includes('Nomvula | lives in | Pretoria'), call.join('; '));
  });
});

describe('OfflineExtractor: siblings called so, and a kin word before an emoji', () => {
  it('relates a speaker to the one they call "sis" or "little brother" at the end of a turn', async () => {
    const chat = await triples('Ama: I got the job at Ecobank!\nKofi: proud of you sis', true);
    assert.ok(chat.includes('Ama | sibling of | Kofi'), chat.join('; '));
    const slang = await triples('Ama: I got the job at Ecobank!\nKofi: nice one bro', true);
    assert.ok(!slang.some((t) => t.includes('sibling of')), slang.join('; '));
  });

  it('reads "he\'s my husband" before an emoji', async () => {
    const chat = await triples(
      "Omar: does Yusuf know?\nLina: told him first, he's my husband 😂 he's already looking at flats",
      true,
    );
    assert.ok(chat.includes('Lina | married to | Yusuf'), chat.join('; '));
  });
});

describe("OfflineExtractor: a speaker labelled by first name, and a possessive inside a hospital's name", () => {
  it('never takes "he" for the speaker whose label gave their first name', async () => {
    const chat = await triples(
      "JAMIE: Welcome back! My guest today is Lucas Moreau, who runs Petit Grain, a roastery in Verdun.\nLUCAS: Thanks, Jamie.\nJAMIE: And the tech side?\nLUCAS: Shopify for the web shop. My brother Théo built our spreadsheets. He's an accountant at Desjardins, so he's the serious one.",
      true,
    );
    assert.ok(chat.includes('Théo | works at | Desjardins'), chat.join('; '));
    assert.ok(!chat.includes('Lucas Moreau | works at | Desjardins'), chat.join('; '));
  });

  it('keeps "Queen\'s Medical Center" whole', async () => {
    const found = await triples("Leilani works nights at Queen's Medical Center.", true);
    assert.ok(found.includes("Leilani | works at | Queen's Medical Center"), found.join('; '));
  });
});

describe("OfflineExtractor: a meeting's notes", () => {
  it('puts the attendees and speakers in the team and the firm its heading names', async () => {
    const notes = await triples(
      'Daily stand-up — Kolibri Freight, billing team\nAttendees: Wanjiru Kamau (lead), Teodor Lind, Ayşe Demir\nTeodor Lind: invoices export is fixed.\nAyşe Demir: I will close the ticket.\nLars Vik: can I join next week?',
      true,
    );
    assert.ok(notes.includes('billing team | part of | Kolibri Freight'), notes.join('; '));
    assert.ok(notes.includes('Wanjiru Kamau | leads | billing team'), notes.join('; '));
    assert.ok(notes.includes('Teodor Lind | member of | billing team'), notes.join('; '));
    assert.ok(notes.includes('Ayşe Demir | works at | Kolibri Freight'), notes.join('; '));
    assert.ok(notes.includes('Lars Vik | works at | Kolibri Freight'), notes.join('; '));
    // (Who leads the team is not also listed as its member; "Attendees:" is no speaker.)
    assert.ok(!notes.includes('Wanjiru Kamau | member of | billing team'), notes.join('; '));
    assert.ok(!notes.some((t) => t.startsWith('Attendees')), notes.join('; '));
  });

  it('makes members of a board meeting, and leaves a guest from another firm out', async () => {
    const board = await triples(
      'Board meeting — Lakeside Rowing Club, 8 May\nPresent: Hamid Rostami (chair), Ines Vidal, Petra Holm (Brightwell Insurance)\nHamid Rostami: the boathouse roof is done.\nIn attendance: none.',
      true,
    );
    assert.ok(board.includes('Hamid Rostami | leads | Lakeside Rowing Club'), board.join('; '));
    assert.ok(board.includes('Ines Vidal | member of | Lakeside Rowing Club'), board.join('; '));
    assert.ok(!board.some((t) => t.startsWith('Petra Holm | member of')), board.join('; '));
    assert.ok(!board.some((t) => t.startsWith('Present')), board.join('; '));
  });

  it('reads no meeting in a ticket whose subject says "sync"', async () => {
    const ticket = await facts(
      'Subject: weekly sync fails for Harbour Dental\nGrete Olsen: since Monday the sync fails.\nTomas Berg: which version?',
      true,
    );
    assert.deepEqual(
      ticket.relations.filter((r) => r.raw_predicate === 'attended'),
      [],
      triplesOf(ticket).join('; '),
    );
    const notes = await facts(
      'Weekly sync — Harbour Dental\nGrete Olsen: since Monday the sync fails.\nTomas Berg: which version?',
      true,
    );
    const prose = await facts(
      'Within minutes, Harbour Dental lost its bookings.\nGrete Olsen: since Monday the sync fails.\nTomas Berg: which version?',
      true,
    );
    assert.deepEqual(
      prose.relations.filter((r) => r.raw_predicate === 'attended'),
      [],
      triplesOf(prose).join('; '),
    );
    assert.equal(
      notes.relations.filter((r) => r.raw_predicate === 'attended').length,
      2,
      triplesOf(notes).join('; '),
    );
  });
});

describe('OfflineExtractor: a job said in passing in a chat', () => {
  it('reads a move to a firm, and being at one, as working there; a move to a town as living there', async () => {
    const chat = await triples(
      'Rania: is Karim still with you?\nLeyla: no, he moved to Deutsche Bank in May.\nRania: and Omar?\nLeyla: Omar is at Microsoft now, and his wife moved to Lisbon.',
      true,
    );
    assert.ok(chat.includes('Karim | works at | Deutsche Bank'), chat.join('; '));
    assert.ok(chat.includes('Omar | works at | Microsoft'), chat.join('; '));
    assert.ok(!chat.some((t) => t.endsWith('| works at | Lisbon')), chat.join('; '));
  });

  it('takes "guess who got the job at X" for the speaker', async () => {
    const chat = await triples(
      'Tunde: how was the interview?\nAda Eze: guess who got the job at Zenith Bank 🎉',
      true,
    );
    assert.ok(chat.includes('Ada Eze | works at | Zenith Bank'), chat.join('; '));
  });
});
