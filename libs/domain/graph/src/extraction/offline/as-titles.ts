import { Discourse } from './discourse';
import { Mention } from './mentions';
import { titleRelation } from './nominal-roles';
import { ownerOf, POSSESSIVES, rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';
import { personalName } from './short-names';
import { isVerbLike } from './predicates';

// The title after "as" and whose it is: "A succeeded B as its Director-General", "joined the firm as a trainee".

/** Nouns an organisation is referred back to by: "joined the firm as a trainee". */
const ORGANIZATION_BACK_REFERENCES = new Set(['firm', 'company', 'startup', 'group', 'business', 'bank']);
const SUCCEEDS = /^(replac|succeed)/;
/** Verbs by which an organisation gives someone a title. */
const APPOINTING = new Set(['appoint', 'name', 'hire', 'elect', 'promote', 'choose', 'select', 'tap']);

/** The title after "as" (token `from` on): its last word's index, and what it makes its holder. */
function titleAfter(tokens: Token[], from: number): { at: number; canonical: string } | undefined {
  let found: { at: number; canonical: string } | undefined;
  // "as its new CEO", "as the chief executive of …", "as managing partner", "as a trainee".
  for (let j = from; j < Math.min(tokens.length, from + 4); j++) {
    const t = tokens[j]!;
    const canonical = titleRelation(tokens, j);
    if (canonical) found = { at: j, canonical };
    // ("as its new chief executive": the tagger may read "new" as an adverb.)
    // ("as its new managing director": an -ing word of the title before its noun, wherever it stands.)
    const ing = /ing$/.test(t.lower) && (j === from || tokens[j + 1]?.pos === 'NOUN');
    if (!['ADJ', 'PROPN', 'NOUN', 'ADV'].includes(t.pos) && !ing) break;
  }
  return found;
}

/**
 * "A succeeded B as its Director-General", "named B … as its new CEO", "joined the firm as a
 * trainee": the title after "as" is held by whoever was appointed (and by whom they succeeded), of
 * the "of" name, what "its" stands for, or the organisation the sentence (or the text) is about.
 */
export function asTitle(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (token.lower !== 'as') return;
    let k = at + 1;
    const possessive = POSSESSIVES.has(tokens[k]?.lower ?? '') ? tokens[k]!.lower : undefined;
    if (possessive || tokens[k]?.pos === 'DET') k++;
    const title = titleAfter(tokens, k);
    if (!title) return;
    k = title.at;
    const of = ['of', 'at'].includes(tokens[k + 1]?.lower ?? '')
      ? mentions.find((m) => m.start >= k + 2 && m.start <= k + 3)
      : undefined;
    const before = mentions.filter((m) => m.end <= at);
    // ("joined Karthik's startup, Tinyhop, as their first designer": what was just joined.)
    const join = tokens.findIndex((t, j) => j < at && t.lemma === 'join');
    const joined =
      join < 0
        ? undefined
        : [...before]
            .reverse()
            .find(
              (m) =>
                m.start > join &&
                (m.type === 'organization' || (m.evidence === 'none' && m.type !== 'person')),
            );
    const owner =
      of ??
      (possessive
        ? ((['its', 'their'].includes(possessive) ? joined : undefined) ??
          ownerOf(possessive, at, mentions, discourse))
        : tokens[k + 1]?.lower === 'of'
          ? undefined
          : ownerInContext(tokens, at, before, discourse));
    // (An occupation "of" a work is no job there: "as producer of The Rock".)
    if (
      !owner ||
      owner.type === 'person' ||
      (title.canonical === 'works at' &&
        owner.type !== 'organization' &&
        !(owner === joined && owner.evidence === 'none'))
    )
      return;
    if (owner === joined && owner.type !== 'organization')
      Object.assign(owner, { type: 'organization', evidence: 'weak' });
    // ("named Priya Raghunathan as its new CEO": a name nothing typed, right after a verb of
    // appointing, is the appointee, a person.)
    const appointee = (m: Mention) =>
      m.evidence === 'none' && personalName(m) && APPOINTING.has(tokens[m.start - 1]?.lemma ?? '');
    // (Not a possessive's owner: "Karthik's startup".)
    const people = before.filter(
      (m) => (m.type === 'person' || appointee(m)) && !/^['’]s$/.test(tokens[m.end]?.lower ?? ''),
    );
    // (", serving as its chief executive": a participle after a comma is the sentence subject's.)
    const participle = /ing$/.test(tokens[at - 1]?.lower ?? '') && tokens[at - 2]?.text === ',';
    const holder = participle ? people[0] : people[people.length - 1];
    if (!holder) return;
    if (holder.type !== 'person') Object.assign(holder, { type: 'person', evidence: 'weak' });
    const holders = [holder];
    // "A succeeded B as …": A holds it now, B held it.
    let v = holder.start - 1;
    while (tokens[v]?.pos === 'ADV' || tokens[v]?.pos === 'AUX') v--;
    const successor = SUCCEEDS.test(tokens[v]?.lower ?? '')
      ? [...people].reverse().find((m) => m.end <= v && m.keys[0] !== holder.keys[0])
      : undefined;
    if (successor) holders.unshift(successor);
    // "…, replacing Laxman Narasimhan": whom the holder replaced held the title before.
    const replaced = tokens.findIndex((t, r) => r > k && SUCCEEDS.test(t.lower));
    const predecessor = mentions.find((m) => replaced > 0 && m.start > replaced && m.start <= replaced + 2);
    const raw = phrase(tokens, at, k + 1);
    if (predecessor?.type === 'person') {
      holders.push(predecessor);
      out.push(
        rel(holder, predecessor, 'succeeded', phrase(tokens, replaced, predecessor.start), predecessor.end),
      );
    }
    for (const person of holders) out.push(rel(person, owner, title.canonical, raw, k + 1));
  });
  return out;
}

/**
 * Whose title an unowned "as" names: the organisation named before it in the sentence, else, after
 * "the firm" or "the company", the latest organisation of the text.
 */
function ownerInContext(
  tokens: Token[],
  at: number,
  before: Mention[],
  discourse: Discourse,
): Mention | undefined {
  // (Not one an apposition on a person names: "Jonas Weber, a former Deutsche Bank analyst who
  // serves as chief executive", "Wanjiru Kamau, a graduate of the University of Nairobi, serves as …".)
  const described = (m: Mention) =>
    before.some(
      (p) =>
        p.type === 'person' &&
        p.end < m.start &&
        tokens[p.end]?.text === ',' &&
        ['a', 'an'].includes(tokens[p.end + 1]?.lower ?? '') &&
        // (A participle the apposition holds is still its own: "Uwase, a pediatrician trained at
        // the University of Rwanda, continues as CEO".)
        !tokens
          .slice(p.end + 1, m.start)
          .some(
            (t, k, words) => isVerbLike(t) && !(/(?:ed|en)$/.test(t.lower) && words[k - 1]?.pos === 'NOUN'),
          ),
    );
  const named = [...before].reverse().find((m) => m.type === 'organization' && !described(m));
  if (named) return named;
  // ("…, serves as chief executive": the organisation the text is about.)
  // ("…, continues as CEO", "remains as chair": so does one who stays in the post.)
  const serves = [
    'serves',
    'served',
    'works',
    'worked',
    'continues',
    'continued',
    'remains',
    'remained',
  ].includes(tokens[at - 1]?.lower ?? '');
  if (serves && before.some((m) => m.type === 'organization')) return discourse.firstOrganization;
  // "Corvid Legal has appointed X as …": who appoints is an organisation, whatever its words.
  const appointer = before[0];
  const appoints = tokens.slice(appointer?.end ?? at, at).some((t) => APPOINTING.has(t.lemma));
  if (appointer && appointer.evidence === 'none' && appoints) {
    appointer.type = 'organization';
    appointer.evidence = 'weak';
    return appointer;
  }
  const referred = tokens
    .slice(0, at)
    .some((t, i) => ORGANIZATION_BACK_REFERENCES.has(t.lower) && tokens[i - 1]?.lower === 'the');
  return referred ? discourse.latest('organization') : undefined;
}
