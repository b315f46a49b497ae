import type { Discourse } from './discourse';
import { lexicon } from './lexicon';
import { isOrganizationNoun, REPORTING_VERBS } from './cues';
import { keyOf } from './keys';
import type { Mention } from './mentions';
import { CORPORATE_SUFFIXES, SITES } from './name-words';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence } from './sentences';

/**
 * "Lumen Health, a Manchester telemedicine startup, …", "SolarPeak, a San Diego installer": an
 * apposition that names a place before what the thing is (in lower case) says where it is.
 * ("Kim Lee, a Seoul native": a person's is where they come from, which is not a relation here.)
 */
export function placedKind(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const thing of mentions) {
    if ((thing.type === 'person' && thing.evidence === 'strong') || thing.type === 'location') continue;
    if (tokens[thing.end]?.text !== ',' || tokens[thing.end + 1]?.pos !== 'DET') continue;
    const place = mentions.find((m) => m.start === thing.end + 2);
    if (!place || place.type !== 'location' || place.evidence !== 'strong') continue;
    let k = place.end;
    while (tokens[k] && ['NOUN', 'ADJ'].includes(tokens[k]!.pos) && tokens[k]!.text === tokens[k]!.lower) k++;
    if (k === place.end || tokens[k - 1]!.pos !== 'NOUN') continue;
    // The apposition ends there: "a Manchester telemedicine startup," not "a Paris flat she rents".
    if (tokens[k] && ![',', '.', ';', ')', '—', '–'].includes(tokens[k]!.text)) continue;
    out.push(rel(thing, place, 'located in', phrase(tokens, place.start, k), place.end, 0.6));
  }
  return out;
}

/**
 * Whose "its" or "their" at `at` is: the nearest organisation its sentence named before it, else
 * the one the text is about.
 */
function whoseIts(mentions: Mention[], at: number, discourse: Discourse): Mention | undefined {
  return (
    [...mentions].reverse().find((m) => m.end <= at && m.type === 'organization') ??
    discourse.firstOrganization
  );
}

/**
 * "the Montevideo office of Kuna Analytics", "Google's Zurich office", "Its Berlin office": an
 * organisation's site named by its place puts the organisation there.
 */
export function sitePlaces(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const place of mentions) {
    // (A name nothing typed before "office" is the place: "Its Cusco office".)
    if (!SITES.has(tokens[place.end]?.lower ?? '')) continue;
    if (place.type !== 'location' && place.evidence !== 'none') continue;
    const site = place.end;
    // "… office of Kuna Analytics"
    let owner = tokens[site + 1]?.lower === 'of' ? mentions.find((m) => m.start === site + 2) : undefined;
    // "Google's Zurich office"
    const before = tokens[place.start - 1];
    if (!owner && before && ["'s", '’s'].includes(before.lower))
      owner = mentions.find((m) => m.end === place.start - 1);
    // "Its Berlin office", "their Berlin office": an organisation the sentence named before, else
    // the one the text is about ("Boeing offered me a transfer to their Seattle site").
    if (!owner && before && ['its', 'their'].includes(before.lower))
      owner = whoseIts(mentions, place.start - 1, discourse);
    if (!owner || owner.type === 'person' || owner.type === 'location') continue;
    if (place.type !== 'location') Object.assign(place, { type: 'location', evidence: 'weak' });
    out.push(rel(owner, place, 'located in', phrase(tokens, place.start, site + 1), place.end, 0.6));
  }
  return out;
}

/** Whether a mention may be a place: typed so, or one name nothing typed ("Esbjerg", "Braga"). */
const placeLike = (m: Mention | undefined): m is Mention =>
  m !== undefined && (m.type === 'location' || (m.evidence === 'none' && !m.name.includes(' ')));

/**
 * Where a ticket or a signature says an organisation is, without a verb: "Halden Logistics
 * (Berlin)", "Grünwald & Söhne GmbH (Graz office)", "Quinta do Vale Hotels, Braga:", "Customer
 * Haldor Marine ApS of Esbjerg" (a legal suffix ends the name; "of" then names the place).
 */
export function labelledPlaces(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const thing of mentions) {
    if (thing.type !== 'organization') continue;
    const next = tokens[thing.end];
    const place = mentions.find((m) => m.start === thing.end + 1);
    if (!next || !placeLike(place) || isAcronymOf(place.name, thing.name)) continue;
    const after = tokens[place.end];
    const site = SITES.has(after?.lower ?? '') ? 1 : 0;
    const closed =
      (next.text === '(' && tokens[place.end + site]?.text === ')') ||
      (next.text === ',' && !site && (after?.text === ':' || after?.text === '|')) ||
      (next.lower === 'of' && CORPORATE_SUFFIXES.has(keyOf(tokens[thing.end - 1]!.text)));
    if (!closed) continue;
    if (place.type !== 'location') Object.assign(place, { type: 'location', evidence: 'weak' });
    const said = phrase(tokens, place.start, place.end + site);
    const raw = next.text === '(' ? `(${said})` : next.text === ',' ? said : `of ${said}`;
    out.push(rel(thing, place, 'located in', raw, place.end, 0.6));
  }
  return out;
}

/** "MRRA" after "Mekong River Research Alliance": the initials of the name's capitalised words. */
function isAcronymOf(short: string, name: string): boolean {
  if (!/^[A-Z]{2,8}$/.test(short)) return false;
  const words = name.split(/[\s-]+/).filter((w) => w !== '');
  const initials = (of: string[]) => of.map((w) => w[0]!.toUpperCase()).join('');
  // ("Electric Reliability Council of Texas (ERCOT)": the particles' letters may count too.)
  return initials(words.filter((w) => /^\p{Lu}/u.test(w))) === short || initials(words) === short;
}

/** Heads of a description of an organisation by its place, beside cues.ts's organisation nouns. */
const DESCRIBED_HEADS = new Set(['group', 'utility', 'start-up', 'business', 'consultancy', 'miner', 'lab']);

/**
 * "after the Pittsburgh company said …", "at the Osaka company", "Kilima Ledger, a Nairobi
 * start-up whose …": a place before the kind of organisation, with no name after, describes the
 * organisation named before (the apposition's, else the sentence's latest, else the text's). A
 * "-based" one ("the São Paulo-based company said") is the text's own organisation: the latest
 * named is as often another party to the news ("sold to …, the Northampton-based company's …").
 */
export function describedPlaces(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const place of mentions) {
    const det = tokens[place.start - 1];
    if (!det || !['the', 'a', 'an'].includes(det.lower)) continue;
    if (place.type !== 'location' || place.end - place.start > 3) continue;
    let k = place.end;
    // ("the São Paulo-based company said": a company described by its base is the text's own.)
    const based = tokens[k]?.text === '-' && tokens[k + 1]?.lower === 'based';
    if (based) k += 2;
    let head = '';
    while (k < place.end + (based ? 7 : 4) && tokens[k]) {
      const t = tokens[k]!;
      if (joinsWords(t) && tokens[k + 1]?.space === '' && head) {
        head += `-${tokens[k + 1]!.lower}`;
        k += 2;
        continue;
      }
      // ("start-up": the tagger may read a compound's first half as a verb.)
      const joined = joinsWords(tokens[k + 1]);
      if ((!['NOUN', 'ADJ'].includes(t.pos) && !joined) || t.text !== t.lower) break;
      head = t.lower;
      k++;
    }
    if (
      !head ||
      !(DESCRIBED_HEADS.has(head) || isOrganizationNoun({ ...tokens[k - 1]!, lower: head, text: head }))
    )
      continue;
    // ("the Seattle startup DataWorks": the name after is the one described, read by chain.ts.)
    const after = tokens[k];
    if (after && (after.pos === 'PROPN' || /^\p{Lu}/u.test(after.text))) continue;
    // (", the Mumbai carmaker said on Friday": a reporting clause's subject is the text's own
    // organisation, not the name before the comma.)
    const reports = REPORTING_VERBS.has(after?.lemma ?? '');
    const appositive = tokens[place.start - 2]?.text === ',' && !reports;
    // (The text's organisation: the first one named, no school for a company's kind, or the name it
    // opened with if nothing typed it yet.)
    const textsOrganization = discourse.describedOrganization(head);
    const described = appositive
      ? (mentions.find((m) => m.end === place.start - 2) ?? (based ? textsOrganization : undefined))
      : based || reports
        ? textsOrganization
        : ([...mentions].reverse().find((m) => m.end < place.start && m.type === 'organization') ??
          discourse.latest('organization'));
    if (!described || described.type === 'person' || described.type === 'location') continue;
    if (described.type === 'concept' && described.evidence === 'none')
      Object.assign(described, { type: 'organization', evidence: 'weak' });
    out.push(rel(described, place, 'located in', phrase(tokens, place.start - 1, k), place.end, 0.6));
  }
  return out;
}

/**
 * "Sonae's HQ is in Maia", "Kuna's offices are in Montevideo", "Its international office is in
 * Geneva": an organisation's site said to be in a place puts the organisation there ("its" is the
 * organisation the text is about).
 */
export function siteIsIn(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    const named = /^['’]s$/.test(token.lower) ? mentions.find((m) => m.end === at) : undefined;
    const owner = named ?? (token.lower === 'its' ? whoseIts(mentions, at, discourse) : undefined);
    if (!owner || owner.type === 'person' || owner.type === 'location') return;
    let k = at + 1;
    while (tokens[k]?.pos === 'ADJ' && tokens[k]!.text === tokens[k]!.lower) k++;
    const site = tokens[k];
    if (!site || !SITES.has(site.lower)) return;
    k++;
    if (tokens[k]?.lemma !== 'be') return;
    k++;
    if (['located', 'based'].includes(tokens[k]?.lower ?? '')) k++;
    if (tokens[k]?.lower !== 'in') return;
    const place = mentions.find(
      (m) => m.start === k + 1 || (m.start === k + 2 && tokens[k + 1]?.pos === 'DET'),
    );
    if (!placeLike(place)) return;
    if (place.type !== 'location') Object.assign(place, { type: 'location', evidence: 'weak' });
    if (owner.type === 'concept' && owner.evidence === 'none')
      Object.assign(owner, { type: 'organization', evidence: 'weak' });
    const from = named ? owner.end : at;
    out.push(rel(owner, place, 'located in', phrase(tokens, from, place.start).trim(), place.end, 0.7));
  });
  return out;
}

/**
 * "Haneul will run trials from its research campus in Incheon", "Helvetia handles manufacturing at
 * its plant in Basel": the site of "its" is where the organisation the clause is about is; a
 * named owner's too ("joined Nokia's research centre in Espoo").
 */
export function ownSiteIn(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    // ("Nokia's research centre in Espoo": the owner named, not said as "its".)
    const named = /^['’]s$/.test(token.lower) ? mentions.find((m) => m.end === at) : undefined;
    if (token.lower !== 'its' && token.lower !== 'their' && !named) return;
    if (named && (named.type === 'person' || named.type === 'location')) return;
    let k = at + 1;
    while (k < at + 4 && ['ADJ', 'NOUN'].includes(tokens[k]?.pos ?? '') && !SITES.has(tokens[k]!.lower)) k++;
    if (!SITES.has(tokens[k]?.lower ?? '') || tokens[k + 1]?.lower !== 'in') return;
    const place = mentions.find((m) => m.start === k + 2);
    if (!place || place.type !== 'location') return;
    const owner = named ?? whoseIts(mentions, at, discourse);
    if (!owner) return;
    out.push(rel(owner, place, 'located in', phrase(tokens, at, place.start).trim(), place.end, 0.6));
  });
  return out;
}

/**
 * "… south-east of Tallinn, the country's capital": the capital of the country the sentence named
 * before it (a region the lexicon knows: "Estonia").
 */
export function countrysCapital(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const city of mentions) {
    const k = city.end;
    if (city.type !== 'location' || tokens[k]?.text !== ',' || tokens[k + 1]?.lower !== 'the') continue;
    if (tokens[k + 2]?.lower !== 'country' || !/^['’]s$/.test(tokens[k + 3]?.lower ?? '')) continue;
    if (tokens[k + 4]?.lower !== 'capital') continue;
    const country = [...mentions]
      .reverse()
      .find(
        (m) => m.end <= city.start && m.type === 'location' && lexicon().classOf(m.keys[0]!) === 'region',
      );
    if (country) out.push(rel(city, country, 'capital of', phrase(tokens, k + 1, k + 5), k + 5, 0.7));
  }
  return out;
}
