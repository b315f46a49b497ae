import { EntityType, lexicon } from './lexicon';
import {
  HYPHENATED_MODEL,
  MODEL,
  MODEL_EDITIONS,
  RECORD_WORDS,
  releaseEnd,
  schemeCode,
} from './product-names';
import {
  ARTICLE_PARTICLES,
  HYPHENED_ARTICLES,
  INSTITUTION_HEADS,
  NAME_PARTICLES,
  ROLE_ABBREVIATIONS,
  SEASONS,
  SUFFIX_SPELLINGS,
} from './name-words';
import { codeNameAt, hostNameAt } from './code-names';
import { keyOf } from './keys';
import { mention, nameMention } from './name-mentions';
import {
  bare,
  capitalised,
  INSTITUTION_AND,
  institutionOf,
  isNameToken,
  secondInstitution,
} from './name-tokens';
import { isFullName } from './name-types';
import { openingTitleEnd, opensTitle, quotedTitleEnd, titleJoin } from './titles';
import { joinsWords, phrase, Sentence, Token } from './sentences';
import { withTeams } from './teams';
import { isTownName } from './towns';

/** An entity mention in a sentence: tokens [start, end). */
export type Evidence = 'strong' | 'weak' | 'none';

export interface Mention {
  start: number;
  end: number;
  name: string;
  type: EntityType;
  /**
   * What the type rests on: `strong` (the whole name in the lexicon, a cue word, an identifier's
   * shape), `weak` (a first or last name: "Austin" is also a city), `none` (the default, concept).
   * What a relation implies may replace a weak or missing type, never a strong one.
   */
  evidence: Evidence;
  identifier: string | null;
  keys: string[];
  aliases: string[];
}

/** Error codes and similar identifiers: E1045, ERR_CONN_RESET, ERR_RENDER_0x1F, 0x80070005, LD-0x1F, HTTP-503, KB4023057. */
const ERROR_CODE =
  /^(?:[A-Z]{1,6}[-_]?\d{2,}[A-Z0-9]*(?:-\d{2,})*|(?:[A-Z]{1,6}-)?0x[0-9A-Fa-f]{2,}|[A-Z]{2,}(?:_[A-Z0-9]+)*_[A-Z0-9]*0x[0-9A-Fa-f]+|[A-Z]{2,}(?:_[A-Z0-9]+)+)$/;

/** Numbers of tickets, incidents and changes in the common trackers' shapes: INC0091734, RITM0012345. */
const TICKET_NUMBER = /^(?:INC|REQ|RITM|CHG|PRB|SCTASK|TASK|CS|SR|TKT)\d{5,}$/;

const NO_CODE_NAMES = new Set<string>();

/** Labels of the field a ticket's own number is written in: "Case ID:", "Ticket:", "Ref:". */
const TICKET_FIELDS = new Set(['id', 'case', 'ticket', 'ref', 'reference']);

/** Platforms a product's edition is named for: "Outlook for Mac 16.82". */
const PLATFORM_EDITIONS = new Set(['Mac', 'macOS', 'Windows', 'iOS', 'iPadOS', 'Android', 'Linux', 'Web']);
/** Particles that are English prepositions too: "End of March" is a date. */
const ENGLISH_PARTICLES = new Set(['of', 'for', '&', '+']);

/** Last words of names that go on with "of" and a place: "Bank of America", "Gulf of Mexico". */
const OF_HEADS = new Set([
  ...INSTITUTION_HEADS,
  'gulf',
  'bay',
  'sea',
  'isle',
  'island',
  'islands',
  'lake',
  'cape',
  'strait',
  'straits',
  'province',
  'republic',
  'kingdom',
  'city',
  'county',
  'state',
  'duchy',
  'port',
  'church',
  'cathedral',
  'diocese',
  'archdiocese',
  'duke',
  'duchess',
  'earl',
  'king',
  'queen',
  'prince',
  'princess',
  'bishop',
  'archbishop',
  'mayor',
  'battle',
  'siege',
  'treaty',
  'parliament',
  'government',
  'house',
  'hall',
  'palace',
  'tower',
  'castle',
  'centre',
  'center',
  'orchestra',
  'symphony',
  'philharmonic',
  'opera',
  'ballet',
  'theatre',
  'festival',
  'games',
  // (A country's own institutions: "Botanical Survey of India", "Socialist Party of Senegal".)
  'party',
  'survey',
  'observatory',
  'library',
  'archives',
  'court',
  'army',
  'navy',
  'police',
  'service',
  'agency',
  'authority',
  'committee',
]);

/** Whether the words at `k` are a place the gazetteer knows, one or two words, ending the name. */
function placeOf(tokens: Token[], k: number): boolean {
  const lex = lexicon();
  const place = (key: string) => ['location', 'region'].includes(lex.classOf(key) ?? '');
  const one = tokens[k];
  if (!one || !/^\p{Lu}/u.test(one.text)) return false;
  const two = tokens[k + 1];
  if (two && /^\p{Lu}/u.test(two.text))
    return place(`${one.lower} ${two.lower}`) && !/^\p{Lu}/u.test(tokens[k + 2]?.text ?? '');
  return place(one.lower);
}

/** Whether a code is glued to the dotted number at `k`: "49.4C02" is "49.4" and "C02". */
function gluedCode(tokens: Token[], k: number): boolean {
  const glued = tokens[k + 1];
  return (
    /^\d+\.\d+$/.test(tokens[k]?.text ?? '') && glued?.space === '' && /^[A-Z]+\d[A-Z0-9]*$/.test(glued.text)
  );
}

/** Words before a weekday that make it a date: "since Monday", "last Friday". */
const TIME_WORDS = new Set(['since', 'until', 'till', 'last', 'next', 'this', 'every', 'before', 'after']);

/** Whether a foreign name particle and a capitalised word follow token `i`: "Mar del Plata". */
function beforeNameParticle(tokens: Token[], i: number): boolean {
  const particle = tokens[i + 1]?.lower ?? '';
  const after = tokens[i + 2];
  return (
    NAME_PARTICLES.has(particle) &&
    !ENGLISH_PARTICLES.has(particle) &&
    after !== undefined &&
    capitalised(after)
  );
}

/** "Hospital del Mar": a month's name after a particle inside a name is a name word, not a date. */
function afterNameParticle(tokens: Token[], i: number): boolean {
  const particle = tokens[i - 1]?.lower ?? '';
  const before = tokens[i - 2];
  return (
    NAME_PARTICLES.has(particle) &&
    !ENGLISH_PARTICLES.has(particle) &&
    before !== undefined &&
    capitalised(before)
  );
}

/**
 * The entity mentions of a sentence, in order: names, e-mails, URLs, error codes, and the
 * lower-case names of code (`codeNames`: those the chunk introduced, code-names.ts).
 */
export function findMentions(sentence: Sentence, codeNames: Set<string> = NO_CODE_NAMES): Mention[] {
  const { tokens } = sentence;
  const lex = lexicon();
  const dateToken = new Set<number>();
  for (const [first, last] of sentence.dates) {
    // "by Jan Koum": a month's name followed by a name is a first name, not a date.
    // "Winter Storm Uri": a season that opens a name.
    const month = lex.classOf(bare(tokens[last]!)) === 'month' || SEASONS.has(tokens[last]!.lower);
    if (month && tokens[last + 1]?.pos === 'PROPN' && tokens[last - 1]?.pos !== 'NUM') continue;
    if (month && first === last && (afterNameParticle(tokens, last) || beforeNameParticle(tokens, last)))
      continue;
    // ("Min-jun Park": a given name glued by its hyphen, whose half wink read as a month.)
    if (first === last && /^\p{Lu}\p{Ll}+-\p{Ll}+$/u.test(tokens[first]!.text)) continue;
    for (let i = first; i <= last; i++) dateToken.add(i);
  }
  // "July 16" and "in March" are dates; "Jan Koum" is not.
  tokens.forEach((t, i) => {
    const cls = lex.classOf(bare(t));
    if ((cls !== 'month' && cls !== 'weekday') || t.pos !== 'PROPN') return;
    const nearNumber = tokens[i - 1]?.pos === 'NUM' || tokens[i + 1]?.pos === 'NUM';
    // ("since Monday CloudVault Desktop 3.8 shows …": a weekday after a preposition is a date
    // whatever follows; a month may be a first name, "by Jan Koum".)
    const afterPreposition =
      (tokens[i - 1]?.pos === 'ADP' && tokens[i + 1]?.pos !== 'PROPN') ||
      (cls === 'weekday' && (tokens[i - 1]?.pos === 'ADP' || TIME_WORDS.has(tokens[i - 1]?.lower ?? '')));
    if (nearNumber || (afterPreposition && !afterNameParticle(tokens, i) && !beforeNameParticle(tokens, i)))
      dateToken.add(i);
  });

  const found: Mention[] = [];
  // "Crouching Tiger, Hidden Dragon is a 2000 wuxia film": the work's title, commas and small words
  // and all.
  const opening = openingTitleEnd(tokens);
  if (opening > 0) {
    const title = mention(0, opening, phrase(tokens, 0, opening), 'concept', null);
    found.push({ ...title, evidence: 'none' });
  }
  for (let i = opening; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'email') {
      found.push(mention(i, i + 1, token.text, 'email', token.text));
      continue;
    }
    if (token.kind === 'url') {
      found.push(mention(i, i + 1, token.text, 'url', token.text));
      continue;
    }
    // ("INC0091734 | Assigned to: …": a ticket's own number is no error, nor anything the text is about.)
    if (TICKET_NUMBER.test(token.text)) continue;
    // ("Case ID: HK-2291-07", "Ticket: SUP-4410": a field that numbers the ticket itself.)
    // ("Support ticket SR-5530", "Case #HK-2291": so does the word itself before it.)
    const field = tokens[i - 1]?.text === ':' || tokens[i - 1]?.text === '#' ? i - 2 : i - 1;
    if (TICKET_FIELDS.has(tokens[field]?.lower ?? '') && /\d/.test(token.text)) continue;
    if (ERROR_CODE.test(token.text) && !dateToken.has(i)) {
      found.push(mention(i, i + 1, token.text, 'error_code', token.text));
      continue;
    }
    // "wrote "Gracias a la vida"": a title in quotes is one name, whatever its words.
    const quoted = ['"', '“'].includes(tokens[i - 1]?.text ?? '') ? quotedTitleEnd(tokens, i) : 0;
    if (quoted > 0) {
      found.push({ ...mention(i, quoted, phrase(tokens, i, quoted), 'concept', null), evidence: 'none' });
      i = quoted - 1;
      continue;
    }
    // (Most words are lower-case and start nothing: test the cheap thing first.)
    // "error 49.4C02": a printer's code, a dotted number with letters and digits glued to it (the
    // word error before it is read as no name of its own).
    if (token.lower === 'error' && gluedCode(tokens, i + 1)) continue;
    if (gluedCode(tokens, i) && !dateToken.has(i)) {
      const code = token.text + tokens[i + 1]!.text;
      found.push(mention(i, i + 2, code, 'error_code', code));
      i++;
      continue;
    }
    // "5G", "4K", "23H2": letters glued to a number are a unit or a part of it, no name.
    if (token.space === '' && tokens[i - 1]?.pos === 'NUM' && /^[A-Z]{1,2}\d?$/.test(token.text)) continue;
    const lowerCase = token.text === token.lower;
    // (Only a word a joiner or a number follows can open one.)
    const after = tokens[i + 1];
    const code =
      lowerCase &&
      after &&
      (after.text === '-' || after.text === '_' || after.pos === 'NUM') &&
      !dateToken.has(i)
        ? codeNameAt(tokens, i, codeNames)
        : undefined;
    if (code) {
      found.push(code);
      i = code.end - 1;
      continue;
    }
    const host = lowerCase ? hostNameAt(tokens, i) : undefined;
    if (host) {
      found.push(host);
      continue;
    }
    if (lowerCase && token.lower !== 'error' && token.lower !== 'status') continue;
    const scheme = schemeCode(tokens, i);
    if (scheme) {
      found.push(mention(i, scheme.end, scheme.name, 'error_code', scheme.name));
      i = scheme.end - 1;
      continue;
    }
    // ("Spoke & Chain": a word of any kind before "&" joins the name it opens.)
    const opensParticleName =
      i > 0 &&
      capitalised(token) &&
      (token.pos === 'NOUN' || (['&', '+'].includes(tokens[i + 1]?.lower ?? '') && token.pos !== 'DET')) &&
      NAME_PARTICLES.has(tokens[i + 1]?.lower ?? '') &&
      tokens[i + 2]?.pos === 'PROPN';
    // "the Zoom 5.17 update": a common word that a release number follows is a product's name.
    // (Not "Error 79.4C05": a number with a code glued to it is the code's.)
    const opensRelease =
      i > 0 &&
      capitalised(token) &&
      token.kind === 'word' &&
      /^\d+(?:\.\d+)+$/.test(tokens[i + 1]?.text ?? '') &&
      !gluedCode(tokens, i + 1);
    // ("as Head of Data": a title before "of" opens no name; its unit after "of" may.)
    if (token.lower === 'head' && tokens[i + 1]?.lower === 'of' && i > 0) continue;
    const title = capitalised(token) ? opensTitle(tokens, i) : undefined;
    // "our Prometheus and Loki servers": a capitalised word joined by "and" to a name just found is
    // one too, whatever the tagger read it as.
    const listed =
      capitalised(token) &&
      ['NOUN', 'ADJ', 'X'].includes(token.pos) &&
      ['and', 'or'].includes(tokens[i - 1]?.lower ?? '') &&
      found[found.length - 1]?.end === i - 1;
    if (
      dateToken.has(i) ||
      (!isNameToken(tokens, i, false) && !opensParticleName && !opensRelease && !title && !listed)
    )
      continue;
    let end = i + 1;
    let model = false;
    for (;;) {
      const word = tokens[end];
      // ("said Nordvik CEO Elin Bergqvist": a role in capitals between a company and a person's
      // name ends the company's.)
      if (
        !title &&
        word &&
        /^[A-Z]{2,4}$/.test(word.text) &&
        ROLE_ABBREVIATIONS.has(word.lower) &&
        /^\p{Lu}\p{Ll}/u.test(tokens[end + 1]?.text ?? '')
      )
        break;
      const joined = title && word ? titleJoin(tokens, end, title) : end;
      if (title && word && !dateToken.has(end) && /^\p{Lu}/u.test(word.text) && word.pos !== 'PUNCT') {
        end++;
      } else if (joined > end) {
        end = joined;
      } else if (
        end < tokens.length &&
        !dateToken.has(end) &&
        !ERROR_CODE.test(tokens[end]!.text) &&
        // ("Vireo NS-400 NAS": after a model only its edition goes on, "Galaxy S23 Ultra".)
        !(model && !MODEL_EDITIONS.has(tokens[end]!.text)) &&
        isNameToken(tokens, end, true)
      ) {
        end++;
      } else if (
        // "King's College London", "St. Brendan's Hospital": a possessive inside an institution's name.
        end + 2 < tokens.length &&
        (tokens[end]!.lower === "'s" || tokens[end]!.lower === '’s') &&
        capitalised(tokens[end + 1]!) &&
        (lex.isOrganizationWord(tokens[end + 1]!.lower) ||
          ['party', 'league'].includes(tokens[end + 1]!.lower) ||
          // ("Queen's Medical Center", "St Mary's Children Hospital": or the word after the next,
          // after a saint's or a sovereign's name, not a country's or a firm's: "China's State …".)
          (end + 2 < tokens.length &&
            capitalised(tokens[end + 2]!) &&
            lex.isOrganizationWord(tokens[end + 2]!.lower) &&
            ['first-name', 'role'].includes(lex.classOf(tokens[end - 1]!.lower) ?? '')))
      ) {
        end += 2;
      } else if (
        // "Bishop Cotton Girls' School", "Turkish Architects' Association": a plural's apostrophe
        // inside an institution's name.
        end + 1 < tokens.length &&
        ["'", '’'].includes(tokens[end]!.text) &&
        tokens[end]!.space === '' &&
        /s$/.test(tokens[end - 1]!.text) &&
        capitalised(tokens[end + 1]!) &&
        (lex.isOrganizationWord(tokens[end + 1]!.lower) ||
          ['school', 'association', 'union', 'club', 'league', 'hospital', 'college'].includes(
            tokens[end + 1]!.lower,
          ))
      ) {
        end += 2;
      } else if (
        // "Bijoya Das", "Joost Van": a surname the tagger read as a particle ("das", "van").
        end < tokens.length &&
        NAME_PARTICLES.has(tokens[end]!.lower) &&
        /^\p{Lu}\p{Ll}+$/u.test(tokens[end]!.text) &&
        !(tokens[end + 1] && (tokens[end + 1]!.pos === 'PROPN' || capitalised(tokens[end + 1]!)))
      ) {
        end++;
      } else if (
        // "M-Pesa": a hyphen the tokeniser split off joins two capitalised halves of one name.
        joinsWords(tokens[end]) &&
        tokens[end + 1]?.space === '' &&
        !dateToken.has(end + 1) &&
        /^\p{Lu}/u.test(tokens[end + 1]?.text ?? '')
      ) {
        end += 2;
      } else if (
        // "Draftwave Software (Pty) Ltd": a South African private company's form, in brackets.
        tokens[end]?.text === '(' &&
        tokens[end + 1]?.text === 'Pty' &&
        tokens[end + 2]?.text === ')' &&
        /^Ltd\.?$/.test(tokens[end + 3]?.text ?? '')
      ) {
        end += 4;
        break;
      } else if (end < tokens.length && SUFFIX_SPELLINGS.test(tokens[end]!.text)) {
        // "the drone maker Fjellfly AS": a company's legal suffix ends its name.
        end++;
      } else if (
        // "Hoshida Resorts Co., Ltd.": a comma inside the legal suffix.
        /^co\.?$/i.test(tokens[end - 1]!.text) &&
        tokens[end]?.text === ',' &&
        SUFFIX_SPELLINGS.test(tokens[end + 1]?.text ?? '')
      ) {
        end += 2;
      } else if (
        end < tokens.length &&
        (MODEL.test(tokens[end]!.text) || HYPHENATED_MODEL.test(tokens[end]!.text)) &&
        !RECORD_WORDS.has(tokens[end - 1]!.lower)
      ) {
        // "Synology DS920+": a brand and its model are one product.
        end += tokens[end + 1]?.text === '+' && tokens[end + 1]!.space === '' ? 2 : 1;
        model = true;
      } else if (
        // "Outlook for Mac 16.82": a product's edition for a platform, with its release number.
        tokens[end]?.lower === 'for' &&
        PLATFORM_EDITIONS.has(tokens[end + 1]?.text ?? '') &&
        /^v?\d+(?:\.\d+)+$/.test(tokens[end + 2]?.text ?? '')
      ) {
        end += 2;
      } else if (
        // "Maison de la Parole", "Rafael van der Vaart": two particles, then the name goes on.
        end + 2 < tokens.length &&
        NAME_PARTICLES.has(tokens[end]!.lower) &&
        ARTICLE_PARTICLES.has(tokens[end + 1]!.lower) &&
        !dateToken.has(end + 2) &&
        /^\p{Lu}\p{Ll}/u.test(tokens[end + 2]!.text)
      ) {
        end += 3;
      } else if (
        // "Qasr al-Nakhil Library", "Ahmed el-Sayed": an Arabic article glued to the next word.
        end + 2 < tokens.length &&
        HYPHENED_ARTICLES.has(tokens[end]!.lower) &&
        joinsWords(tokens[end + 1]) &&
        tokens[end + 2]!.space === '' &&
        /^\p{Lu}\p{Ll}/u.test(tokens[end + 2]!.text)
      ) {
        end += 3;
      } else if (
        end + 1 < tokens.length &&
        NAME_PARTICLES.has(tokens[end]!.lower) &&
        !dateToken.has(end + 1) &&
        tokens[end + 1]!.pos === 'PROPN' &&
        // ("Haldor Marine ApS of Esbjerg": a legal suffix ends the name; "of" starts a place.)
        !SUFFIX_SPELLINGS.test(tokens[end - 1]!.text) &&
        // ("leaving Spotify for Zalando": "for" goes on only after an institution's word, as in
        // "Centre for Genomic Medicine".)
        (tokens[end]!.lower !== 'for' || lex.isOrganizationWord(tokens[end - 1]!.lower)) &&
        // ("Filipe Carvalho of Hospitality Systems": a person's full name ends before "of".)
        // ("Adolf II of Holstein": a ruler's numeral keeps the title's place.)
        // ("Mayor Lindiwe Khumalo of Cape Town": past an office's title before it.)
        // ("Pedro e Ana": a name of one word before Portuguese "and" is one of two people.)
        !(tokens[end]!.lower === 'e' && end - i < 2) &&
        // ("built by Hoffbauer Orgelbau of Linz", "the Northland Region of New Zealand": a known
        // place after "of" ends a name of two words or more, unless its last word takes one, as
        // "Bank of America", "Gulf of Mexico", "University of Oslo" do.)
        !(
          tokens[end]!.lower === 'of' &&
          end - i >= 2 &&
          placeOf(tokens, end + 1) &&
          !OF_HEADS.has(tokens[end - 1]!.lower)
        ) &&
        !(
          tokens[end]!.lower === 'of' &&
          end - i >= 2 &&
          !/^[IVX]+$/.test(tokens[end - 1]!.text) &&
          (isFullName(tokens, i, end) ||
            (end - i >= 3 && lex.classOf(bare(tokens[i]!)) === 'role' && isFullName(tokens, i + 1, end)))
        )
      ) {
        end += 2;
      } else if (
        // "the Polish Academy of Learning", "the Uppsala Institute of Applied Chemistry": an
        // institution's "of" takes the capitalised words after it, whatever the tagger read them as.
        // ("the Iceland University of the Arts": with "the" too.)
        // ("the Baltic Institute for Ocean Studies": or its "for", before no article.)
        end + 1 < tokens.length &&
        (tokens[end]!.lower === 'of' || (tokens[end]!.lower === 'for' && tokens[end + 1]!.lower !== 'the')) &&
        INSTITUTION_HEADS.has(tokens[end - 1]!.lower) &&
        !dateToken.has(end + 1) &&
        (/^\p{Lu}\p{Ll}/u.test(tokens[end + 1]!.text) ||
          (tokens[end + 1]!.lower === 'the' && /^\p{Lu}\p{Ll}/u.test(tokens[end + 2]?.text ?? ''))) &&
        !(['DET', 'PRON'].includes(tokens[end + 1]!.pos) && tokens[end + 1]!.lower !== 'the')
      ) {
        end += tokens[end + 1]!.lower === 'the' ? 3 : 2;
        while (end < tokens.length && !dateToken.has(end) && /^\p{Lu}\p{Ll}/u.test(tokens[end]!.text)) end++;
      } else if (
        // "the Institute of Meteorology and Water Management", "University of Science and
        // Technology": an institution's "of" goes on past "and" (not to a person: "… of Oslo and
        // Anna Berg").
        INSTITUTION_AND.has(tokens[end]?.lower ?? '') &&
        institutionOf(tokens, i, end) &&
        !secondInstitution(tokens, end + 1) &&
        !dateToken.has(end + 1) &&
        /^\p{Lu}\p{Ll}/u.test(tokens[end + 1]?.text ?? '') &&
        lex.classOf(bare(tokens[end + 1]!)) !== 'first-name' &&
        !/^(?:the|a|an)$/i.test(tokens[end + 1]!.text)
      ) {
        end += 2;
        while (end < tokens.length && !dateToken.has(end) && /^\p{Lu}\p{Ll}/u.test(tokens[end]!.text)) end++;
      } else break;
    }
    // "Error E1045": the code is the entity, the word before it only says what it is.
    const next = tokens[end];
    if (end - i === 1 && next && ERROR_CODE.test(next.text) && ['error', 'code', 'err'].includes(token.lower))
      continue;
    // ("the new Tier 2 Escalations team", "Tier 1 EMEA", "Channel 4 News": a small number inside a
    // name, between its capitalised words, is one of them.)
    while (
      /^\d{1,2}$/.test(tokens[end]?.text ?? '') &&
      tokens[end]!.space !== '' &&
      !dateToken.has(end) &&
      !dateToken.has(end + 1) &&
      tokens[end + 1]?.pos === 'PROPN' &&
      /^\p{Lu}/u.test(tokens[end + 1]!.text) &&
      !MODEL_EDITIONS.has(tokens[end + 1]!.text)
    ) {
      end += 2;
      while (end < tokens.length && !dateToken.has(end) && isNameToken(tokens, end, true)) end++;
    }
    const named = nameMention(tokens, i, end);
    // ("his 1999 album Blue Hour": what a work's noun names is a work, no person, whatever its
    // words; nor one that a later "her" may take for a person.)
    if (named && title && title !== 'verb' && (named.type === 'person' || named.evidence === 'none'))
      Object.assign(named, { type: 'concept', evidence: 'weak' });
    if (named) {
      const release = releaseEnd(tokens, end, dateToken);
      if (release > end || model) {
        named.end = release;
        named.name = phrase(tokens, named.start, release);
        named.keys = [keyOf(named.name)];
        named.type = 'product';
        named.evidence = 'strong';
        end = release;
      }
      found.push(named);
    }
    i = end - 1;
  }
  return withCampuses(tokens, joinedInstitutions(tokens, withTeams(tokens, found)));
}

/**
 * Each two neighbouring mentions that `joins` says are one name merged into one organisation's,
 * from the first's start to the second's end.
 */
function mergedOrganizations(
  tokens: Token[],
  found: Mention[],
  joins: (first: Mention, second: Mention) => boolean,
): Mention[] {
  const out: Mention[] = [];
  for (let m = 0; m < found.length; m++) {
    const first = found[m]!;
    const second = found[m + 1];
    if (!second || !joins(first, second)) {
      out.push(first);
      continue;
    }
    const name = phrase(tokens, first.start, second.end);
    out.push({
      ...first,
      end: second.end,
      name,
      keys: [keyOf(name)],
      type: 'organization',
      evidence: 'strong',
    });
    m++;
  }
  return out;
}

/**
 * "the Food and Agriculture Organization", "the Film and Television Institute of India", "the
 * Victoria and Albert Museum": after "the", two names joined by "and", the second an institution's,
 * are one institution's name.
 */
function joinedInstitutions(tokens: Token[], found: Mention[]): Mention[] {
  const lex = lexicon();
  return mergedOrganizations(
    tokens,
    found,
    (first, second) =>
      tokens[first.start - 1]?.lower === 'the' &&
      first.end - first.start <= 2 &&
      tokens[first.end]?.lower === 'and' &&
      second.start === first.end + 1 &&
      /^\p{Lu}/u.test(tokens[second.start]!.text) &&
      second.keys[0]!.split(' ').some((w) => !NAME_PARTICLES.has(w) && lex.isOrganizationWord(w)),
  );
}

/**
 * "the University of California, Berkeley", "the University of Nigeria, Nsukka": a university named
 * after a country or region, then the town of its campus after a comma, is one name (annotators
 * write it so, and the town is no second place). (A college's town they write both ways: "King's
 * College, Cambridge", "Balliol College" in Oxford; it stays a place.)
 */
function withCampuses(tokens: Token[], found: Mention[]): Mention[] {
  const lex = lexicon();
  return mergedOrganizations(tokens, found, (school, town) => {
    const words = school.keys[0]!.split(' ');
    return (
      words[0] === 'university' &&
      words[1] === 'of' &&
      lex.classOf(words.slice(2).join(' ')) === 'region' &&
      tokens[school.end]?.text === ',' &&
      town.start === school.end + 1 &&
      town.end - town.start <= 2 &&
      lex.classOf(town.keys[0]!) !== 'region' &&
      isTownName(town.keys[0]!) &&
      // (Its own name's end: not "…, Berkeley's", nor a list "…, Cambridge and Oxford".)
      !['and', "'s", '’s', '-'].includes(tokens[town.end]?.lower ?? '')
    );
  });
}
