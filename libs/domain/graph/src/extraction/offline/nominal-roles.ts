import { isPersonNoun, KIN_NOUNS } from './cues';
import { Discourse } from './discourse';
import { isNationalityWord } from './lexicon';
import { Mention } from './mentions';
import { underLeader, UNIT_NOUNS } from './name-words';
import { personalName } from './short-names';
import { nounPredicate } from './noun-predicates';
import { isVerbLike } from './predicates';
import { ownerOf, rel } from './owners';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence, Token } from './sentences';

/** The words that own a title set off by commas: "our Platform team lead, Oskar Lindgren". */
const OWNING = new Set(['our', 'their', 'its', 'his', 'her', 'my', 'your', 'the']);

/** The relations a job title holds to its organisation. */
const TITLE_RELATIONS = new Set(['leads', 'works at', 'founded', 'studied at']);

/**
 * What holding the title at `at` makes one to its organisation: the vocabulary's role nouns
 * ("CEO" leads, "engineer" works at, "founder" founded), any other word for a person's occupation
 * (an "economist", a "phytopathologist") works at unless `anyOccupation` is off; "managing
 * partner", "managing director" lead.
 */
export function titleRelation(
  tokens: Token[],
  at: number,
  anyOccupation = true,
  plurals = false,
): string | undefined {
  const word = tokens[at];
  if (!word) return undefined;
  if (tokens[at - 1]?.lower === 'managing' && isPersonNoun(word)) return 'leads';
  // A unit's lead leads it ("Imaging team lead"); a function's works for its firm ("product lead").
  if (word.text === 'lead' && word.pos === 'NOUN' && tokens[at - 1]?.pos === 'NOUN')
    return UNIT_NOUNS.has(tokens[at - 1]!.lower) ? 'leads' : 'works at';
  // An executive leads only as the chief one: "former Flipkart executives" worked there.
  if (/^executives?$/.test(word.lower) && tokens[at - 1]?.lower !== 'chief') return 'works at';
  // (A title may be written in capitals: "its new CEO", "as Director-General".)
  const mapped = nounPredicate(word.lower, 'of', plurals);
  if (mapped && !TITLE_RELATIONS.has(mapped.canonical)) return undefined;
  // A deputy works under the one who leads: "as Vice President for Worldwide Media".
  if (mapped)
    return mapped.canonical === 'leads' && underLeader(tokens[at - 1]?.lower) ? 'works at' : mapped.canonical;
  return anyOccupation && isPersonNoun(word) && !KIN_NOUNS.has(word.lower) ? 'works at' : undefined;
}

/**
 * "Brightwater chief executive Marcus Lindqvist", "former NASA engineer Kwame Asante": an
 * organisation, a title, then the person who holds it (each of them after a plural title). (A place
 * holds only its leaders: "Ohio governor Mike DeWine".)
 */
export function premodifiedTitles(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (let m = 0; m + 1 < mentions.length; m++) {
    const owner = mentions[m]!;
    const holder = mentions[m + 1]!;
    const gap = holder.start - owner.end;
    if (gap < 1 || gap > 6 || !['organization', 'location', 'concept'].includes(owner.type)) continue;
    // ("03:55 Network engineer Declan Murphy traced …": a word capitalised only as a line's first,
    // which nothing typed, is the title's own.)
    const opensLine = owner.start === 0 || /^\d/.test(tokens[owner.start - 1]!.text);
    if (opensLine && owner.evidence === 'none' && owner.end - owner.start === 1) continue;
    // "Our Acme CEO, Bogdan Petrescu, …": a title owned by "our", "its", … set off by commas.
    const appositive =
      tokens[holder.start - 1]?.text === ',' &&
      OWNING.has(tokens[owner.start - 1]?.lower ?? '') &&
      [',', '.', undefined].includes(tokens[holder.end]?.text);
    const titleEnd = appositive ? holder.start - 1 : holder.start;
    const words = tokens.slice(owner.end, titleEnd);
    const qualifier = (t: Token) => ['NOUN', 'ADJ'].includes(t.pos) && t.text === t.lower;
    // "Ridgeline founder and chairman Grant Whitaker": two titles joined, each held.
    const and = words.findIndex((t) => t.lower === 'and');
    if (and > 0 && words.slice(0, and - 1).every(qualifier) && words.slice(and + 1, -1).every(qualifier)) {
      const titles = [
        titleRelation(tokens, owner.end + and - 1, false),
        titleRelation(tokens, holder.start - 1, false),
      ];
      if (owner.type === 'location' || titles.some((t) => !t) || holder.type !== 'person') continue;
      for (const canonical of new Set(titles))
        out.push(rel(holder, owner, canonical!, phrase(tokens, owner.end, holder.start), holder.end));
      continue;
    }
    if (titleEnd - owner.end > 3 || !words.length || !words.slice(0, -1).every(qualifier)) continue;
    // (Only the vocabulary's titles: "the WHL champion Medicine Hat Tigers" is a team's feat.)
    // "former Intel engineers Raj Mehta and Dana Kowalski": a plural title, then each holder.
    const title = tokens[titleEnd - 1]!;
    const plural = title.pos === 'NOUN' && /[a-z]{3}s$/.test(title.lower);
    // ("Savanna Ventures partner James Kariuki": a firm's partner works there.)
    const firmPartner =
      /^partners?$/.test(title.lower) && owner.type === 'organization' ? 'works at' : undefined;
    const canonical =
      titleRelation(tokens, titleEnd - 1, false) ??
      (plural ? titleRelation(tokens, titleEnd - 1, false, true) : undefined) ??
      firmPartner;
    if (!canonical || (owner.type === 'location' && canonical !== 'leads')) continue;
    const holders = [holder];
    // (A list: "A, B and C"; a comma alone may end the names: "…, PayKaro runs".)
    for (let n = m + 2; plural && n < mentions.length; n++) {
      const between = tokens
        .slice(mentions[n - 1]!.end, mentions[n]!.start)
        .map((t) => t.lower)
        .join(' ');
      const after = tokens[mentions[n]!.end]?.lower ?? '';
      const listed =
        between === 'and' || between === ', and' || (between === ',' && [',', 'and'].includes(after));
      if (!listed) break;
      holders.push(mentions[n]!);
    }
    for (const one of holders) {
      if (one.type !== 'person' && one.evidence === 'strong') break;
      one.type = 'person';
      out.push(rel(one, owner, canonical, phrase(tokens, owner.end, titleEnd), one.end));
    }
  }
  return out;
}

/**
 * "Hiroaki Koda, a Toyota executive, …", "Priyanka Desai, a former Heineken engineer": a person,
 * then an apposition of an organisation and a title of the vocabulary, closed by a comma or the
 * sentence's end.
 */
export function appositiveTitles(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (let m = 0; m + 1 < mentions.length; m++) {
    const holder = mentions[m]!;
    const owner = mentions[m + 1]!;
    if (holder.type !== 'person' || owner.type === 'person' || owner.type === 'location') continue;
    if (tokens[holder.end]?.text !== ',') continue;
    let k = holder.end + 1;
    if (['a', 'an', 'the'].includes(tokens[k]?.lower ?? '')) k++;
    if (tokens[k]?.lower === 'former') k++;
    // (A name as written, not a pronoun that stands for one.)
    if (k !== owner.start || tokens[k]!.pos === 'PRON') continue;
    let end = owner.end;
    while (
      tokens[end] &&
      ['NOUN', 'ADJ'].includes(tokens[end]!.pos) &&
      tokens[end]!.text === tokens[end]!.lower
    )
      end++;
    if (end === owner.end || (tokens[end] && !['.', ','].includes(tokens[end]!.text))) continue;
    const canonical = titleRelation(tokens, end - 1, false);
    if (!canonical) continue;
    if (owner.evidence === 'none') Object.assign(owner, { type: 'organization', evidence: 'weak' });
    out.push(rel(holder, owner, canonical, phrase(tokens, owner.start - 1, end), end));
  }
  return out;
}

/** Words before a title that leave it no owner of its own: "said chief executive X", "from founder X". */
const OWNERLESS_BEFORE = new Set([
  ',',
  // ('"Margins are under pressure," chief financial officer Neha Kulkarni said': a quote's close.)
  '"',
  '”',
  'by',
  'from',
  'with',
  'and',
  'said',
  'says',
  'told',
  'named',
  'appointed',
]);

/**
 * "Chief executive Tom Harrow said …", "the company said chief executive Dana Whitfield had
 * stepped down", "took over from founder Sandra Pell": a title of the vocabulary right before a
 * person, with no organisation written before it, is held at the organisation the text is about:
 * the first it named.
 */
export function bareTitles(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const holder of mentions) {
    const at = holder.start - 1;
    if (at < 0 || (holder.type !== 'person' && holder.evidence === 'strong')) continue;
    const canonical = titleRelation(tokens, at, false);
    if (!canonical) continue;
    // The title's words: lower-case qualifiers, or its first word capitalised opening the sentence.
    const qualifier = (k: number) =>
      (['NOUN', 'ADJ'].includes(tokens[k]!.pos) && tokens[k]!.text === tokens[k]!.lower) ||
      (k === 0 && ['NOUN', 'ADJ', 'PROPN'].includes(tokens[k]!.pos) && !mentions.some((m) => m.start === 0));
    let first = at;
    while (first > 0 && first > at - 3 && qualifier(first - 1)) first--;
    const before = tokens[first - 1];
    if (before && !OWNERLESS_BEFORE.has(before.lower) && !isVerbLike(before)) continue;
    // ("his wife, fashion designer Amara Eze": a relative's trade, held nowhere the text names.)
    if (before?.text === ',' && KIN_NOUNS.has(tokens[first - 2]?.lower ?? '')) continue;
    if (mentions.some((m) => m.end === first)) continue;
    // ("chief executive Dana Whitfield of Acme": the pair after the name says whose title it is.)
    if (['of', 'at'].includes(tokens[holder.end]?.lower ?? '')) continue;
    const owner = discourse.firstOrganization;
    if (!owner) continue;
    holder.type = 'person';
    out.push(rel(holder, owner, canonical, phrase(tokens, first, holder.start), holder.end, 0.6));
  }
  return out;
}

/** Words between a name and its title after it: "Roux, who serves as CEO,", "Benali, the CTO,". */
const TITLE_LEADS = new Set(['who', 'serves', 'served', 'works', 'worked', 'as', 'the', 'our']);
/** A copula before a title: "Hemi Walker has been executive director since 2017". */
const TITLE_COPULAS = new Set(['is', 'was', 'has', 'had', 'been', 'became', 'remains']);
/** What may follow a title that names no owner: the clause's end, or a date. */
const TITLE_ENDS = new Set([',', '.', ';', 'since', 'from', 'until', 'and']);

/**
 * "Roux, who serves as CEO, previously worked at …", "Benali, the CTO, studied at …", "Hemi Walker
 * has been executive director since 2017", "The current director, Julián Condori, is …": a title
 * of the vocabulary beside a person's name, with no organisation's name, is held at the
 * organisation the text is about.
 */
export function trailingTitles(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const owner = discourse.firstOrganization;
  if (!owner) return [];
  const out: SentenceRelation[] = [];
  const hold = (holder: Mention, from: number, at: number) => {
    const canonical = titleRelation(tokens, at, false);
    if (canonical && canonical !== 'studied at')
      out.push(
        rel(holder, owner, canonical, phrase(tokens, from, at + 1), Math.max(at + 1, holder.end), 0.6),
      );
  };
  // (The title's own qualifiers, up to three: "chief technology officer".)
  const titleEnd = (k: number) => {
    let at = k;
    while (
      at < k + 3 &&
      !TITLE_ENDS.has(tokens[at + 1]?.lower ?? '.') &&
      tokens[at]?.text === tokens[at]?.lower
    )
      at++;
    const words = tokens.slice(k, at + 1);
    const ends = at + 1 >= tokens.length || TITLE_ENDS.has(tokens[at + 1]!.lower);
    return ends && words.length > 0 && !words.some((t) => t.pos === 'PUNCT' || isVerbLike(t)) ? at : -1;
  };
  for (const holder of mentions) {
    if (holder.type !== 'person') continue;
    let k = holder.end;
    const comma = tokens[k]?.text === ',';
    if (comma) k++;
    const copula = !comma && TITLE_COPULAS.has(tokens[k]?.lower ?? '');
    if (!comma && !copula) continue;
    while (
      k < holder.end + 6 &&
      (TITLE_LEADS.has(tokens[k]?.lower ?? '') ||
        TITLE_COPULAS.has(tokens[k]?.lower ?? '') ||
        tokens[k]?.pos === 'ADV')
    )
      k++;
    // ("Ana is a director": a title with "a" is a trade, whose employer the text may not name;
    // "…, as chief executive" after a name is the clause's, whose organisation it may not be.)
    if (['a', 'an'].includes(tokens[k]?.lower ?? '')) continue;
    const as = tokens.slice(holder.end, k).findIndex((t) => t.lower === 'as');
    if (
      as >= 0 &&
      !['serves', 'served', 'works', 'worked'].includes(tokens[holder.end + as - 1]?.lower ?? '')
    )
      continue;
    const at = titleEnd(k);
    if (at >= 0 && (!copula || tokens[at + 1]?.text !== ',')) hold(holder, holder.end + (comma ? 1 : 0), at);
  }
  // "The current director, Julián Condori, is …": the title first, then the name in commas; or
  // after "is": "The current secretary-general is Ingrid Solheim, a Norwegian forester.".
  if (tokens[0]?.lower === 'the') {
    let at = 1;
    while (
      at < 4 &&
      tokens[at]?.text === tokens[at]?.lower &&
      ![',', 'is', 'was'].includes(tokens[at + 1]?.lower ?? '')
    )
      at++;
    const mark = tokens[at + 1]?.lower;
    const holder = mentions.find(
      (m) => m.start === at + 2 && (m.type === 'person' || (m.evidence === 'none' && personalName(m))),
    );
    const held =
      holder &&
      (mark === ','
        ? tokens[holder.end]?.text === ','
        : (mark === 'is' || mark === 'was') &&
          tokens[at]?.text === tokens[at]?.lower &&
          ['.', ',', undefined].includes(tokens[holder.end]?.text));
    if (held) {
      if (holder.type !== 'person') Object.assign(holder, { type: 'person', evidence: 'weak' });
      hold(holder, 0, at);
    }
  }
  return out;
}

/** Words of a date phrase between a title and its verb: "Its secretary-general since 2021 has been". */
const DATE_WORDS = new Set(['since', 'from', 'until', 'in']);

/**
 * "Since 2017 the mayor of Valdoria has been Chiara Benvenuti", "Its secretary-general since 2021
 * has been the Latvian diplomat Ilze Kalniņa": a title of the vocabulary, of a name or of what a
 * possessive stands for, then "be", then the person who holds it.
 */
export function titleIsName(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, b) => {
    if (token.lemma !== 'be' || (token.pos !== 'AUX' && token.pos !== 'VERB')) return;
    // Back from "be": auxiliaries, adverbs and a date ("since 2021").
    let k = b - 1;
    for (;;) {
      const t = tokens[k];
      if (t && ['AUX', 'ADV'].includes(t.pos)) k--;
      else if (t?.pos === 'NUM' && DATE_WORDS.has(tokens[k - 1]?.lower ?? '')) k -= 2;
      else break;
    }
    // The holder: the first name after "be", past an article, adjectives, a nationality and
    // what the person is ("the Latvian diplomat").
    let h = b + 1;
    while (
      h < b + 7 &&
      tokens[h] &&
      (['DET', 'ADJ'].includes(tokens[h]!.pos) ||
        (tokens[h]!.pos === 'NOUN' && tokens[h]!.text === tokens[h]!.lower) ||
        (isNationalityWord(tokens[h]!.text) && tokens[h + 1]?.text === tokens[h + 1]?.lower))
    )
      h++;
    const holder = mentions.find((m) => m.start === h);
    // (A person: typed so, or a name nothing typed that reads as one or that a person noun describes.)
    const described = h > b + 1 && isPersonNoun(tokens[h - 1]!);
    const personLike = holder?.evidence === 'none' && (personalName(holder) || described);
    if (!holder || !(holder.type === 'person' || personLike)) return;
    // The title's owner: "the mayor of Valdoria", or "Its secretary-general".
    const before = mentions.find((m) => m.end === k + 1);
    const named = before && tokens[before.start - 1]?.lower === 'of' ? before : undefined;
    const titleAt = named ? named.start - 2 : k;
    // ("secretary-general": a title of two words joined by a hyphen.)
    const hyphenated = joinsWords(tokens[titleAt - 1]);
    const titleStart = hyphenated ? titleAt - 2 : titleAt;
    const title = hyphenated
      ? `${tokens[titleStart]?.lower}-${tokens[titleAt]?.lower}`
      : tokens[titleAt]?.text === tokens[titleAt]?.lower
        ? tokens[titleAt]?.lower
        : undefined;
    let owner = named;
    if (!owner) {
      const possessive = tokens[titleStart - 1];
      if (!possessive || !['its', 'their'].includes(possessive.lower)) return;
      owner = ownerOf(possessive.lower, titleStart - 1, mentions, discourse);
      // (Only an organisation or a place named in this sentence has a president: "Its microcredit
      // programme, Sertão Cresce, is run …, and its president … has been X" is the bank's.)
      if (owner && !['organization', 'location'].includes(owner.type) && mentions.includes(owner))
        owner = discourse.thing('organization', mentions);
    }
    const match = title ? nounPredicate(title) : undefined;
    if (!owner || !match || owner.type === 'person' || match.canonical !== 'leads') return;
    if (named && tokens[titleStart - 1]?.lower !== 'the') return;
    if (holder.type !== 'person') Object.assign(holder, { type: 'person', evidence: 'weak' });
    out.push(rel(holder, owner, match.canonical, phrase(tokens, titleStart, h), holder.end, 0.6));
  });
  return out;
}
