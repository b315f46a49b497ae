import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { lexicon } from './lexicon';
import { isDegree, NAME_PARTICLES } from './name-words';

/** One token as the extractor reads it. */
export interface Token {
  text: string;
  lower: string;
  /** Universal POS tag (PROPN, VERB, AUX, ADP, …). */
  pos: string;
  lemma: string;
  /** wink's token type: word, number, punctuation, email, url, … */
  kind: string;
  /** Whitespace before the token in the text, so phrases can be rebuilt as written. */
  space: string;
  /** A stop word of wink's English list ("the", "of", "was"). */
  stop: boolean;
}

/** A sentence: its text, its tokens, and the token ranges wink found to be dates and times. */
export interface Sentence {
  text: string;
  tokens: Token[];
  /** [first, last] token indexes (inclusive, within this sentence) of each date or time phrase. */
  dates: [number, number][];
}

let wink: ReturnType<typeof winkNLP> | undefined;

/**
 * Splits text into sentences of POS-tagged, lemmatised tokens with wink-nlp's English model
 * (about 0.3 ms per hundred tokens here), and marks its DATE and TIME entities.
 */
export function readSentences(text: string): Sentence[] {
  wink ??= winkNLP(model);
  const its = wink.its;
  const doc = wink.readDoc(text);
  const tokens = doc.tokens();
  const texts = tokens.out() as string[];
  const pos = tokens.out(its.pos) as string[];
  // The typings declare lemma with a different signature from the other its-functions.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.pos) as string[];
  const kinds = tokens.out(its.type) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const sentenceTexts = doc.sentences().out() as string[];
  const entitySpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entityTypes = doc.entities().out(its.type) as string[];

  // A line break ends a sentence, whatever wink makes of it: chat turns ("…over 2s\nNoor: yeah"),
  // a ticket's header and its body. Whitespace tokens open no sentence.
  const pieces: [number, number, string | undefined][] = [];
  joinFalseEnds(spans, sentenceTexts, texts, spaces);
  spans.forEach(([first, last], index) => {
    let from = first;
    const cut = (to: number) => {
      while (from <= to && pos[from] === 'SPACE') from++;
      let end = to;
      while (end >= from && pos[end] === 'SPACE') end--;
      if (end >= from)
        pieces.push([from, end, from === first && to === last ? sentenceTexts[index] : undefined]);
    };
    for (let i = first; i <= last; i++) {
      if (pos[i] === 'SPACE' && (texts[i] ?? '').includes('\n')) {
        cut(i - 1);
        from = i + 1;
      }
    }
    cut(last);
  });

  return pieces.map(([first, last, whole]) => {
    let text = whole ?? '';
    if (whole === undefined)
      for (let i = first; i <= last; i++) text += (i === first ? '' : (spaces[i] ?? '')) + (texts[i] ?? '');
    const sentence: Sentence = { text: text.trim(), tokens: [], dates: [] };
    /** Where each of wink's tokens ended up once glued pieces are joined again. */
    const position: number[] = [];
    for (let i = first; i <= last; i++) {
      const letters = letterRun(texts, spaces, kinds, i, last);
      const polish = polishSuffix(texts, i, last);
      const compound = companyCompound(texts, spaces, i, last);
      const title = titleStop(texts, spaces, i, last);
      const degree = degreeEnd(texts, spaces, i, last);
      const place = compoundPlace(texts, i, last);
      // ("for R$1.2 billion": a currency's letters and its sign are one symbol, no name.)
      const currency =
        /^[A-Z]{1,3}$/.test(texts[i] ?? '') && texts[i + 1] === '$' && spaces[i + 1] === '' && i + 1 <= last;
      const glued =
        letters > i
          ? letters
          : polish > i
            ? polish
            : compound > i
              ? compound
              : title > i
                ? title
                : degree > i
                  ? degree
                  : place > i
                    ? place
                    : currency
                      ? i + 1
                      : gluedRun(texts, spaces, pos, i, last);
      // (Glued pieces keep the spaces written between them: only "Sp. z o.o." has any.)
      let word = texts[i] ?? '';
      for (let j = i + 1; j <= glued; j++) word += (spaces[j] ?? '') + (texts[j] ?? '');
      for (let j = i; j <= glued; j++) position[j - first] = sentence.tokens.length;
      // (A full stop glued to the last piece of a word cut at an unknown letter is a token again.)
      const stop = letters > i && word.endsWith('.');
      if (stop) word = word.slice(0, -1);
      sentence.tokens.push({
        text: word,
        lower: word.toLowerCase(),
        pos: currency
          ? 'SYM'
          : glued > i
            ? ((letters > i || compound > i) && !/^\p{Lu}/u.test(word)) || degree > i
              ? 'NOUN'
              : 'PROPN'
            : (pos[i] ?? 'X'),
        lemma: glued > i ? word.toLowerCase() : (lemmas[i] ?? word.toLowerCase()),
        kind: currency ? 'symbol' : glued > i ? 'word' : (kinds[i] ?? 'word'),
        space: spaces[i] ?? '',
        stop: glued === i && stops[i] === true,
      });
      // ("(Ji-hoon): …": wink reads a closing bracket glued to a colon as a sad face.)
      if (word === '):' && spaces[i] === '' && glued === i) {
        const bracket = sentence.tokens[sentence.tokens.length - 1]!;
        Object.assign(bracket, { text: ')', lower: ')', pos: 'PUNCT', lemma: ')', kind: 'punctuation' });
        sentence.tokens.push({ ...bracket, text: ':', lower: ':', lemma: ':' });
      }
      if (stop)
        sentence.tokens.push({
          text: '.',
          lower: '.',
          pos: 'PUNCT',
          lemma: '.',
          kind: 'punctuation',
          space: '',
          stop: false,
        });
      i = glued;
    }
    pluralPossessives(sentence.tokens);
    roleLeads(sentence.tokens);
    gerundsAfterOpeners(sentence.tokens);
    openingParticiple(sentence.tokens);
    nounsAfterPrepositions(sentence.tokens);
    pluralVerbsAfterNames(sentence.tokens);
    dayAdverbs(sentence.tokens);
    foreignArticles(sentence.tokens);
    partnersNames(sentence.tokens);
    entitySpans.forEach(([start, end], e) => {
      if ((entityTypes[e] === 'DATE' || entityTypes[e] === 'TIME') && start >= first && end <= last) {
        sentence.dates.push([position[start - first]!, position[end - first]!]);
      }
    });
    return sentence;
  });
}

/**
 * "Our Imaging team lead, Bogdan Petrescu": "lead" after a singular noun, before a name or a comma,
 * is that unit's leader (a verb after a singular noun would be "leads"), in place.
 */
function roleLeads(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    const before = tokens[k - 1];
    const after = tokens[k + 1];
    if (token.text !== 'lead' || token.pos !== 'VERB' || before?.pos !== 'NOUN') return;
    if (before.text !== before.lower || /s$/.test(before.lower)) return;
    if (after === undefined || after.text === ',' || after.pos === 'PROPN') token.pos = 'NOUN';
  });
}

/** Words a gerund may follow to open a clause of the sentence's subject: "before joining …". */
export const GERUND_OPENERS = new Set(['before', 'after', 'since', 'upon']);

/**
 * "before founding Lumora Labs": an -ing word after one of GERUND_OPENERS, before a name or an
 * article, is a gerund, which the tagger may read as a noun; in place.
 */
function gerundsAfterOpeners(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    if (
      token.pos === 'NOUN' &&
      /^\p{Ll}+ing$/u.test(token.text) &&
      GERUND_OPENERS.has(tokens[k - 1]?.lower ?? '') &&
      ['PROPN', 'DET'].includes(tokens[k + 1]?.pos ?? '')
    )
      token.pos = 'VERB';
  });
}

/** Prepositions an opening participle's phrase goes on with: "Headquartered in Shrewsbury, it …". */
const PARTICIPLE_PREPOSITIONS = new Set(['in', 'by', 'at', 'on', 'near', 'from']);

/**
 * "Headquartered in Shrewsbury, it manages …": a capitalised -ed word opening the sentence before a
 * preposition, which the tagger may read as a name, is a participle (not a first name: "Alfred in
 * Leeds"), in place.
 */
function openingParticiple(tokens: Token[]): void {
  const first = tokens[0];
  if (
    first?.pos === 'PROPN' &&
    /^\p{Lu}\p{Ll}{3,}ed$/u.test(first.text) &&
    PARTICIPLE_PREPOSITIONS.has(tokens[1]?.lower ?? '') &&
    tokens.some((t) => t.text === ',') &&
    !lexicon().classOf(first.lower)
  ) {
    first.pos = 'VERB';
    first.lemma = first.lower.replace(/ed$/, '');
  }
}

/** Verbs whose plural present the tagger may read as a noun after two names: "… and Ana Ruiz work at". */
const PLURAL_VERBS = new Set([
  'work',
  'live',
  'study',
  'teach',
  'run',
  'own',
  'lead',
  'manage',
  'use',
  'play',
]);

/**
 * "Maria Lopez and Ana Ruiz work at Verde Labs": one of PLURAL_VERBS, lower-case, between the
 * second of two names joined by "and" and a preposition, is their verb, which the tagger may read
 * as a noun; in place.
 */
function pluralVerbsAfterNames(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    if (token.pos !== 'NOUN' || token.text !== token.lower || !PLURAL_VERBS.has(token.lower)) return;
    if (tokens[k - 1]?.pos !== 'PROPN' || tokens[k + 1]?.pos !== 'ADP') return;
    let j = k - 1;
    while (j > 0 && tokens[j]!.pos === 'PROPN') j--;
    if (tokens[j]?.lower === 'and' && tokens[j - 1]?.pos === 'PROPN') token.pos = 'VERB';
  });
}

/**
 * "caused by update KB5099127", "introduced in commit a91f3c": a verb's bare form right after a
 * preposition (not "to") and before a name or a number is a noun that says what the name is, in
 * place. (Not a gerund: "before co-founding Kavya Systems".)
 */
function nounsAfterPrepositions(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    const before = tokens[k - 1];
    if (token.pos !== 'VERB' || token.text !== token.lower || token.lower !== token.lemma) return;
    if (/ing$/.test(token.lower) || before?.pos !== 'ADP' || before.lower === 'to') return;
    if (['PROPN', 'NUM'].includes(tokens[k + 1]?.pos ?? '')) token.pos = 'NOUN';
  });
}

/**
 * "Marlow & Pierce LLP", "Les Films du Levant": a capitalised word after a firm's "&", or after a
 * particle that follows a name's word, goes on with the name, whatever else it may be ("pierce",
 * "levant"), in place.
 */
function partnersNames(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    if (k < 2 || token.pos === 'PROPN' || !/^\p{Lu}/u.test(token.text)) return;
    const before = tokens[k - 1]!;
    // (Not "for", which goes on to what is paid or done: "sold to DHL Group for R$ 2 billion".)
    const particle = NAME_PARTICLES.has(before.text) && before.text !== 'for';
    if (particle && (before.text === '&' || tokens[k - 2]!.pos === 'PROPN')) token.pos = 'PROPN';
  });
}

/** The determiners of English, which may open a name's phrase without being part of the name. */
const ENGLISH_DETERMINERS = new Set(
  'the a an this that these those some any no every each all both either neither another such what which whose'.split(
    ' ',
  ),
);

/**
 * "Born in Da Nang": a capitalised word wink tags as a determiner that English has none of, before
 * a name's word, is a word of that name, in place.
 */
function foreignArticles(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    if (token.pos !== 'DET' || ENGLISH_DETERMINERS.has(token.lower) || !/^\p{Lu}\p{Ll}*$/u.test(token.text))
      return;
    const next = tokens[k + 1];
    if (next?.pos === 'PROPN' && /^\p{Lu}/u.test(next.text)) token.pos = 'PROPN';
  });
}

/** Days named relative to now, which wink tags as nouns wherever they stand. */
const RELATIVE_DAYS = new Set(['today', 'yesterday', 'tomorrow', 'tonight']);

/**
 * "Nordvik Logistics AB today announced …", "the company yesterday acquired …": a relative day
 * before a verb is an adverb of it (a noun there would hide the verb from its subject), in place.
 */
function dayAdverbs(tokens: Token[]): void {
  tokens.forEach((token, k) => {
    if (!RELATIVE_DAYS.has(token.lower) || token.pos !== 'NOUN') return;
    if (['VERB', 'AUX'].includes(tokens[k + 1]?.pos ?? '') && tokens[k - 1]?.pos !== 'DET') token.pos = 'ADV';
  });
}

/**
 * "Mensah Industries' managing director": an apostrophe glued to a name's last word in -s, before
 * a word, is that name's possessive, read as "'s" is (its text stays as written). Not a closing
 * quote: no quote opened before it in the sentence.
 */
function pluralPossessives(tokens: Token[]): void {
  let opened = false;
  tokens.forEach((token, k) => {
    if (!["'", '’'].includes(token.text)) return;
    // (A quote with a space before it, or opening the sentence, opens a quotation.)
    if (k === 0 || token.space !== '') {
      opened = true;
      return;
    }
    const before = tokens[k - 1]!;
    const after = tokens[k + 1];
    if (
      !opened &&
      /^\p{Lu}.*s$/u.test(before.text) &&
      after !== undefined &&
      after.space !== '' &&
      ['NOUN', 'ADJ', 'VERB'].includes(after.pos) &&
      after.text === after.lower
    )
      Object.assign(token, { lower: "'s", lemma: "'s", pos: 'PART' });
  });
}

/** Legal suffixes whose dot wink takes for a sentence's end: "Fotomax Sp. z o.o.", "Tecno Ltda. in Lima". */
const SUFFIX_STOPS = new Set(['Sp', 'sp', 'Ltda', 'Cía', 'Cia', 'Pte']);

/** Singapore's "Pte." before "Ltd.", whose stop wink takes for a sentence's end too. */
const singaporeLimited = (word: string | undefined, after: string | undefined): boolean =>
  word === 'Pte' && /^Ltd\.?$/.test(after ?? '');

/** Titles whose full stop wink takes for a sentence's end: "Fr. Alberto", "Rev. John". */
const TITLE_STOPS = new Set(['Fr', 'Rev', 'Revd']);

/** A title and its full stop as one token ("Fr."), or `i`; so is Singapore's "Pte." before "Ltd.". */
function titleStop(texts: string[], spaces: string[], i: number, last: number): number {
  const stopped = TITLE_STOPS.has(texts[i] ?? '') || singaporeLimited(texts[i], texts[i + 2]);
  return i + 1 <= last && stopped && texts[i + 1] === '.' && spaces[i + 1] === '' ? i + 1 : i;
}

/** The endings of a web domain written as a name: "Booking.com", "Frame.io". */
const DOMAIN_ENDINGS = /^(?:com|net|org|dev|app|[a-z]{2})$/;

/**
 * Joins back the sentences wink ended on a dot that ends none: a legal suffix's ("Fotomax Sp. z
 * o.o."), a domain's ("working at Booking.com, he …") or a title's ("Fr. Alberto"), in place.
 */
function joinFalseEnds(
  spans: [number, number][],
  sentenceTexts: string[],
  texts: string[],
  spaces: string[],
): void {
  for (let k = spans.length - 2; k >= 0; k--) {
    const [first, last] = spans[k]!;
    const next = spans[k + 1]!;
    const domain = spaces[next[0]] === '' && DOMAIN_ENDINGS.test(texts[next[0]] ?? '');
    // ("by the educator Fr. Alberto Mamani": a title's full stop before the name it opens.)
    const titled = TITLE_STOPS.has(texts[last - 1] ?? '') && /^\p{Lu}/u.test(texts[next[0]] ?? '');
    // ("an M.Sc. from Leeds": a degree's stops end no sentence.)
    const degree = [1, 2, 3].some((back) => degreeEnd(texts, spaces, last - back, last) === last);
    // ("in v5.2.0 is caused by …": a version's stops, glued to its digits, end no sentence.)
    const version =
      spaces[last] === '' &&
      spaces[next[0]] === '' &&
      /\d$/.test(texts[last - 1] ?? '') &&
      /^\d/.test(texts[next[0]] ?? '');
    if (
      texts[last] !== '.' ||
      !(SUFFIX_STOPS.has(texts[last - 1] ?? '') || domain || titled || degree || version)
    )
      continue;
    // ("PortPilot Pte. Ltd., a Singapore-based developer": Singapore's suffix goes on past its stop.)
    const limited = singaporeLimited(texts[last - 1], texts[next[0]]);
    if (!titled && !version && !limited && !/^\p{Ll}/u.test(texts[next[0]] ?? '')) continue;
    spans.splice(k, 2, [first, next[1]]);
    sentenceTexts.splice(k, 2, `${sentenceTexts[k]}${domain || version ? '' : ' '}${sentenceTexts[k + 1]}`);
  }
}

/**
 * The last token of a degree written with stops, which wink cuts into pieces: "B." "Tech", "M."
 * "Sc" "." ("an M.Sc. from Leeds"); `i` when none starts at `i`.
 */
function degreeEnd(texts: string[], spaces: string[], i: number, last: number): number {
  if (i < 0 || !/^\p{Lu}/u.test(texts[i] ?? '')) return i;
  let joined = texts[i] ?? '';
  let end = i;
  for (let j = i + 1; j <= Math.min(last, i + 4) && spaces[j] === ''; j++) {
    joined += texts[j] ?? '';
    if (joined.includes('.') && isDegree(joined)) end = j;
  }
  return end;
}

/** Nouns for a kind of company that wink cuts into a verb and a particle: "start-up", "spin-off". */
const COMPANY_COMPOUNDS = new Set(['start-up', 'spin-off']);

/** The last token of a company compound starting at `i` ("start" "-" "up"), or `i`. */
function companyCompound(texts: string[], spaces: string[], i: number, last: number): number {
  return i + 2 <= last &&
    spaces[i + 1] === '' &&
    spaces[i + 2] === '' &&
    COMPANY_COMPOUNDS.has(`${texts[i]}-${texts[i + 2]}`.toLowerCase()) &&
    texts[i + 1] === '-'
    ? i + 2
    : i;
}

/** Places named with "and" that the lexicon lists under neither half: "Castile and León". */
const AND_PLACES = new Set([
  'castile and leon',
  'castile and león',
  'argyll and bute',
  'dumfries and galloway',
  'perth and kinross',
  'tyne and wear',
  'saint kitts and nevis',
  'turks and caicos',
  'turks and caicos islands',
  'são tomé and príncipe',
  'sao tome and principe',
  'wallis and futuna',
  'saint pierre and miquelon',
  'heard and mcdonald islands',
]);

/**
 * "Trinidad and Tobago", "Castile and León": a place whose name holds "and", which the lexicon
 * (or AND_PLACES) lists whole, as one token: the index of its last piece, or `i`.
 */
function compoundPlace(texts: string[], i: number, last: number): number {
  if (!/^\p{Lu}/u.test(texts[i] ?? '') || (texts[i + 1] !== 'and' && texts[i + 2] !== 'and')) return i;
  for (let j = Math.min(last, i + 4); j >= i + 2; j--) {
    const words = texts.slice(i, j + 1);
    if (!words.includes('and') || !/^\p{Lu}/u.test(words[words.length - 1]!)) continue;
    const name = words.join(' ').toLowerCase();
    const kind = lexicon().classOf(name);
    if (AND_PLACES.has(name) || kind === 'region' || kind === 'location') return j;
  }
  return i;
}

/** "Sp. z o.o.", the Polish limited company, as one token: the index of its last piece, or `i`. */
function polishSuffix(texts: string[], i: number, last: number): number {
  return /^[Ss]p$/.test(texts[i] ?? '') &&
    i + 3 <= last &&
    texts[i + 1] === '.' &&
    texts[i + 2] === 'z' &&
    /^o\.o\.?$/.test(texts[i + 3] ?? '')
    ? i + 3
    : i;
}

/** A code of digits and letters after the word error ("Error 8C"), which wink cuts after the digits. */
export const ERROR_SUFFIXED = /^\d{1,4}[A-Z]{1,3}\d{0,3}$/;
const ERROR_WORDS = new Set(['error', 'code', 'err']);
/** Identifiers and dotted names wink splits apart: ERR_CONN_RESET, ERR_RENDER_0x1F, 0x80070005, LD-0x1F, Frame.io, A/S, v5.2.0, S/4HANA. */
const GLUED =
  /^(?:A\/S|[A-Z][A-Za-z]*\/\d[A-Za-z0-9]*|[vV]\d+(?:\.\d+){1,3}|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_[A-Z0-9]*0x[0-9A-Fa-f]+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|(?:[A-Z]{1,6}-)?0x[0-9A-Fa-f]{2,}|[A-Za-z][\w-]*\.(?:com|net|org|dev|app|[a-z]{2})|[A-Z]{1,6}-\d{2,}|\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)+)$/u;

/**
 * A hyphenated given name's lower-case half ("Bong Joon-ho", "Lee Sun-kyun"); "Austin-based",
 * "New York-style" and the like are a name and a word, and stay apart.
 */
const NAME_HALF = /^\p{Lu}\p{Ll}+-\p{Ll}{1,6}$/u;
const WORD_HALVES = new Set([
  'based',
  'born',
  'owned',
  'run',
  'led',
  'made',
  'like',
  'style',
  'wide',
  'era',
  'class',
  'level',
  'area',
  'type',
  'sized',
  'free',
  'only',
  'bound',
  'backed',
  'linked',
  'listed',
  'native',
  'speaking',
  'focused',
  'centric',
  'friendly',
  'specific',
  'related',
]);

/** English words that pass for a syllable after a hyphen: "Set-up", "Pop-up", "Sit-in". */
const SHORT_WORDS = new Set([
  'up',
  'in',
  'on',
  'out',
  'off',
  'run',
  'set',
  'top',
  'pop',
  'man',
  'men',
  'ten',
  'son',
  'sun',
  'pin',
  'hot',
  'cut',
  'not',
  'one',
  'two',
]);

const LETTERS = /^[\p{L}\p{M}]+$/u;

/**
 * One syllable of a romanised Korean or Chinese given name ("woo", "yeon", "ming"): such a half
 * joins its name even where wink reads an English verb in it ("Seo Ji-woo").
 */
export const SYLLABLE =
  /^(?:[bcdghjklmnprstwxyz]|ch|sh|zh|kk|tt|pp|ss|jj)?[wy]?(?:[aeiou]{1,2})(?:ng|n|m|k|l|p|t)?$/;

/**
 * The last token of one word that wink cut at letters its English model does not know: "Kovač",
 * "Dvořák", "Łukasz", "Țurcanu" come as "Kova" + "č", "Dvo" + "ř" + "ák", … (the unknown letter is a
 * token of its own, typed `unk`). `i` when the token starts no such word.
 */
function letterRun(texts: string[], spaces: string[], kinds: string[], i: number, last: number): number {
  if (!LETTERS.test(texts[i] ?? '')) return i;
  let end = i;
  let unknown = kinds[i] === 'unk';
  while (end < last && spaces[end + 1] === '' && LETTERS.test(texts[end + 1] ?? '')) {
    end++;
    unknown ||= kinds[end] === 'unk';
  }
  // ("Kalniņa." comes as "Kalni" + "ņ" + "a.": the last piece may carry the sentence's full stop,
  // which readSentences splits off again.)
  if (unknown && end < last && spaces[end + 1] === '' && /^[\p{L}\p{M}]+\.$/u.test(texts[end + 1] ?? ''))
    end++;
  return unknown ? end : i;
}

/** The last token of a run starting at `i`, written without spaces, that forms one identifier. */
function gluedRun(texts: string[], spaces: string[], pos: string[], i: number, last: number): number {
  let best = i;
  let joined = texts[i] ?? '';
  const afterError = ERROR_WORDS.has((texts[i - 1] ?? '').toLowerCase());
  for (let j = i + 1; j <= Math.min(last, i + 6) && spaces[j] === ''; j++) {
    joined += texts[j] ?? '';
    if (GLUED.test(joined) || (afterError && ERROR_SUFFIXED.test(joined))) best = j;
  }
  // Only inside a name already under way: "Joon-ho" after "Bong", not a sentence's "Well-known";
  // or before its surname: "his mother, Sook-ja Cho".
  const half = texts[i + 2] ?? '';
  const underWay = i > 0 && /^\p{Lu}/u.test(texts[i - 1] ?? '');
  const surnameAfter =
    SYLLABLE.test(half) && /^\p{Lu}\p{Ll}/u.test(texts[i + 3] ?? '') && spaces[i + 3] !== '';
  // Or alone, when both halves are syllables of such a name: "Jae-ho emailed", "Seo-yeon: yes".
  const syllables =
    SYLLABLE.test((texts[i] ?? '').toLowerCase()) && SYLLABLE.test(half) && !SHORT_WORDS.has(half);
  if (
    best === i &&
    (underWay || surnameAfter || syllables) &&
    spaces[i + 1] === '' &&
    spaces[i + 2] === '' &&
    i + 2 <= last &&
    NAME_HALF.test(`${texts[i]}${texts[i + 1]}${half}`) &&
    (pos[i + 2] !== 'VERB' || SYLLABLE.test(half)) &&
    // ("Chan Siu-ming": a syllable of a given name may end as an English participle does.)
    (!/(ed|ing)$/.test(half) || (SYLLABLE.test(half) && half.length <= 4)) &&
    !WORD_HALVES.has(half)
  ) {
    best = i + 2;
  }
  return best;
}

/** A hyphen written between two words with no space before it: "on-call", "start-up", "south-western". */
export const joinsWords = (token: Token | undefined): boolean => token?.text === '-' && token.space === '';

/** Whether `words[at]` is the "based" of a compound ("the Busan-based company"): it only describes. */
export const hyphenBased = (words: Token[], at: number): boolean =>
  words[at]?.lower === 'based' && joinsWords(words[at - 1]);

/** The tokens as written, from `from` to `to` (exclusive). */
export function phrase(tokens: Token[], from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += (i === from ? '' : tokens[i]!.space || '') + tokens[i]!.text;
  return out;
}
