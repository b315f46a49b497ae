import { isNationalityWord } from './lexicon';
import { Mention } from './mentions';
import { POSSESSIVES, rel } from './owners';
import { isVerbLike } from './predicates';
import { CLAUSE_BREAKS } from './predicate-words';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence, Token } from './sentences';

// Constructions of companies' sales and named divisions: "sold X to Y", "Kivi's new Smart Buildings division".

/** "Finnish", "Indonesian", "Thai": a nationality before what a company is. */
const isNationality = (t: Token) => ['ADJ', 'PROPN'].includes(t.pos) && isNationalityWord(t.text);

/** "Unilever sold Ekaterra, …, to CVC Capital Partners": the seller sold to the buyer, who acquired it. */
export function soldTo(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  // (A name may open with a nationality: "American Airlines", "Nordic Dairy Group".)
  const opensName = (at: number) => mentions.some((m) => m.start === at);
  // What a verb of selling or buying moves: the name right after it, or after what it is ("its
  // frozen-seafood business Havbris", "its Thai subsidiary, Siam Coil Co,", "Finnish display-software
  // firm Kajo Systems").
  const objectAfter = (at: number) => {
    let k = at + 1;
    const describing = (t: Token, next: Token | undefined) =>
      (['DET', 'ADJ', 'NOUN', 'NUM'].includes(t.pos) && t.text === t.lower) ||
      POSSESSIVES.has(t.lower) ||
      // ("its children's imprint Cometa Libros": a possessive noun may describe it.)
      (/^['’]s$/.test(t.lower) && tokens[k - 1]?.text === tokens[k - 1]?.lower) ||
      joinsWords(t) ||
      (t.text === t.lower && joinsWords(next)) ||
      isNationality(t);
    while (k < at + 7 && tokens[k] && !opensName(k) && describing(tokens[k]!, tokens[k + 1])) k++;
    if (tokens[k]?.text === ',' && k > at + 1) k++;
    return mentions.find((m) => m.start === k);
  };
  // "Tata Motors bought Jaguar Land Rover from Ford": Ford sold to Tata Motors.
  const boughtFrom = (at: number) => {
    const buyer = [...mentions].reverse().find((m) => m.end <= at);
    const bought = objectAfter(at);
    // ("…, controlled by Park Sung-ho and his sister, also confirmed it had bought …": the buyer is
    // whom "it" stands for, not the latest name.)
    if (!buyer || !bought || tokens.slice(buyer.end, at).some((t) => t.pos === 'PRON')) return;
    const seller = mentions.find((m) => m.start === bought.end + 1 && tokens[bought.end]!.lower === 'from');
    if (seller && seller.type !== 'location' && seller.type !== 'person')
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, seller.start), seller.end, 0.75));
  };
  tokens.forEach((token, at) => {
    if (['buy', 'acquire', 'purchase'].includes(token.lemma) && isVerbLike(token)) {
      boughtFrom(at);
      return;
    }
    // ("it had completed the sale of its air-conditioning unit, Kagaya Climate Systems, to …": the
    // noun says it as the verb does.)
    const sale = token.lower === 'sale' && tokens[at + 1]?.lower === 'of';
    if (!sale && (token.lemma !== 'sell' || !isVerbLike(token))) return;
    // ("The building was sold by Wellington City Council to the Kōwhai Trust": a passive's agent
    // sold it to whom "to" names, who acquired what the clause is about.)
    if (tokens[at + 1]?.lower === 'by') {
      const agent = objectAfter(at + 1);
      const to = agent && tokens[agent.end]?.lower === 'to' ? objectAfter(agent.end) : undefined;
      if (!agent || !to || [agent.type, to.type].some((t) => t === 'location' || t === 'date')) return;
      out.push(rel(agent, to, 'sold to', phrase(tokens, at, to.start), to.end, 0.75));
      const sold = [...mentions]
        .reverse()
        .find((m) => m.end <= at && !['person', 'location', 'date'].includes(m.type));
      if (sold) out.push(rel(to, sold, 'acquired', 'bought', to.end, 0.6));
      return;
    }
    // (Not a place: "Grupo Altamira, the Monterrey-based cement maker, agreed to sell …".)
    const seller = [...mentions].reverse().find((m) => m.end <= at && m.type !== 'location');
    // What was sold is the name after the verb: in "sold its Watson Health unit" it is the unit.
    const sold = objectAfter(sale ? at + 1 : at);
    if (!seller) return;
    // ("agreed to sell its repair yard in Dundee to Atlantic Dockworks": what was sold may be named
    // by no name; the seller still sold to the buyer, within a few words and no verb.)
    // (Not "whose heirs sold it in 1979 to …": a pronoun's thing is another sentence's.)
    const unnamed =
      sold === undefined &&
      !['it', 'them', 'this', 'that', 'these', 'those'].includes(tokens[sale ? at + 2 : at + 1]?.lower ?? '');
    if (!sold && !unnamed) return;
    if (sold) {
      const head = tokens[sold.end];
      if (head?.pos === 'NOUN' && head.text === head.lower) return;
    }
    const from = sold ? sold.end : at + 1;
    for (let k = from; k < tokens.length; k++) {
      if (CLAUSE_BREAKS.has(tokens[k]!.lower) || tokens[k]!.text === ';') return;
      if (unnamed && (k > at + 9 || isVerbLike(tokens[k]!) || tokens[k]!.text === ',')) return;
      if (tokens[k]!.lower !== 'to') continue;
      let n = k + 1;
      while (
        tokens[n] &&
        ((['DET', 'ADJ', 'NOUN'].includes(tokens[n]!.pos) && tokens[n]!.text === tokens[n]!.lower) ||
          (isNationality(tokens[n]!) && !opensName(n)))
      )
        n++;
      // ("to Bangkok-based Siam Ocean Group": the buyer, not its base.)
      let buyer = mentions.find((m) => m.start === n);
      // ("to Stuttgart-based engineering firm Baumler AG": past what the buyer is, too.)
      if (buyer && joinsWords(tokens[buyer.end]) && tokens[buyer.end + 1]?.lower === 'based') {
        let b = buyer.end + 2;
        while (
          b < buyer.end + 5 &&
          tokens[b]?.text === tokens[b]?.lower &&
          ['NOUN', 'ADJ'].includes(tokens[b]!.pos)
        )
          b++;
        buyer = mentions.find((m) => m.start === b);
      }
      // ("to Mexico's Casa Mirador": the place's company.)
      if (buyer?.type === 'location' && /^['’]s$/.test(tokens[buyer.end]?.lower ?? ''))
        buyer = mentions.find((m) => m.start === buyer!.end + 1);
      if (!buyer || buyer.type === 'location') return;
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, k + 1), buyer.end, unnamed ? 0.7 : 0.8));
      if (sold) out.push(rel(buyer, sold, 'acquired', 'bought', buyer.end));
      return;
    }
  });
  return out;
}

/** Nouns for a part of a company a name can be given: "Kivi's new Smart Buildings division". */
const DIVISIONS = new Set(['division', 'unit', 'arm', 'subsidiary', 'business', 'brand', 'label']);

/**
 * "will become part of Kivi's new Smart Buildings division", "… of Nordvik's logistics division,
 * Nordvik Flow": the named division is part of its owner, and what becomes part of it is part of
 * the division.
 */
export function namedDivisions(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const owner of mentions) {
    if (
      owner.type === 'person' ||
      owner.type === 'location' ||
      !/^['’]s$/.test(tokens[owner.end]?.lower ?? '')
    )
      continue;
    let k = owner.end + 1;
    while (tokens[k] && /^\p{Ll}+$/u.test(tokens[k]!.text) && k < owner.end + 3) k++;
    // The name before the noun ("Kivi's new Smart Buildings division"), or after it and a comma
    // ("Nordvik's logistics division, Nordvik Flow").
    const before = mentions.find((m) => m.start === k && DIVISIONS.has(tokens[m.end]?.lower ?? ''));
    const after =
      !before && DIVISIONS.has(tokens[k - 1]?.lower ?? '') && tokens[k]?.text === ','
        ? mentions.find((m) => m.start === k + 1)
        : undefined;
    const division = before ?? after;
    if (!division) continue;
    const said = before ? division.end + 1 : k;
    out.push(rel(division, owner, 'part of', phrase(tokens, owner.end, said), said, 0.7));
    // ("Nordvind Automation will become part of …": the name before "part of" joins the division.)
    if (tokens[owner.start - 1]?.lower !== 'of' || tokens[owner.start - 2]?.lower !== 'part') continue;
    // ("Nordvind Automation, founded by A and B, will become part of …": past the people named.)
    const joining = [...mentions]
      .reverse()
      .find(
        (m) => m.end <= owner.start - 2 && m.type !== 'person' && m.type !== 'location' && m.type !== 'date',
      );
    if (joining) out.push(rel(joining, division, 'part of', 'part of', division.end, 0.7));
  }
  return out;
}

/** Nouns for a company by what it makes: "the maker of", "the developer of". */
const MAKERS = new Set(['maker', 'makers', 'manufacturer', 'developer', 'publisher', 'producer', 'creator']);

/**
 * "Nordvik Software, the Finnish maker of the Frostline payroll platform, …": a company described
 * in apposition as the maker of a named thing created it.
 */
export function makerOf(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const maker of mentions) {
    if (maker.type !== 'organization' && maker.evidence !== 'none') continue;
    if (tokens[maker.end]?.text !== ',' || tokens[maker.end + 1]?.lower !== 'the') continue;
    let k = maker.end + 2;
    while (
      k < maker.end + 6 &&
      tokens[k] &&
      !MAKERS.has(tokens[k]!.lower) &&
      (tokens[k]!.text === tokens[k]!.lower || isNationalityWord(tokens[k]!.text))
    )
      k++;
    if (!MAKERS.has(tokens[k]?.lower ?? '') || tokens[k + 1]?.lower !== 'of') continue;
    const at = tokens[k + 2]?.lower === 'the' ? k + 3 : k + 2;
    const made = mentions.find((m) => m.start === at && !['person', 'location', 'date'].includes(m.type));
    if (!made) continue;
    if (maker.type !== 'organization') Object.assign(maker, { type: 'organization', evidence: 'weak' });
    out.push(rel(maker, made, 'created', phrase(tokens, maker.end + 1, at), made.end, 0.7));
  }
  return out;
}
