import { ChunkFacts, EntityMention, RelationMention } from '../../ports/graph-store';
import { ExtractionInput, ExtractionResult, GraphExtractor } from '../../ports/graph-extractor';
import { parseDate } from '../dates';
import { introducedCodeNames } from './code-names';
import { mergeFirstNames } from './first-names';
import { domainEmployers, Sender, sendersOf } from './mail-domains';
import { findMentions, Mention } from './mentions';
import { frontedNickname, ShortNames } from './short-names';
import { Discourse } from './discourse';
import { addresseeOf, opensPostLabel, quoteMarks, speakerOf, typeFromContext } from './cues';
import { dedupe, findRelations, SentenceRelation } from './relations';
import { phrase, readSentences, Sentence } from './sentences';
import { signatureBlocks, signedRole } from './signatures';
import { rel } from './owners';
import { ticketHeader } from './ticket-fields';
import { isSheetField, readSheet, sheetFields, sheetSubject } from './infobox';
import { turnRelations } from './turn-relations';
import { replierOf, writerOf, writersOrganizationIn } from './writer';
import { pairCandidates } from './learned/pair-features';
import { PairModel } from './learned/pair-model';
import { learnedRelations, PendingPair } from './learned/pair-relations';
import { shippedPairModel } from './learned/shipped-pair-model';
import { isCanonical } from './predicate-rules';
import { Meeting } from './meetings';

/** What OfflineExtractor's `onSentence` is given. */
export type SentenceObserver = (
  sentence: Sentence,
  mentions: Mention[],
  relations: SentenceRelation[],
  discourse: Discourse,
) => void;

/** Longest the extractor works without letting the process's other work in. */
const YIELD_EVERY_MS = 10;

/** Longest context kept per relation: the sentence, cut at a word. */
const MAX_CONTEXT = 400;

/**
 * The default extractor: no model, no network, at ingestion speed. wink-nlp splits and tags the
 * text; names are typed with compromise's lexicon and cue words, then by the words around them
 * (cues.ts: "the architect Rem Koolhaas", "my sister Ana", "in Austin"); relations come from the
 * words between neighbouring entities, mapped to the canonical predicates (predicates.ts), with
 * asides skipped back to their subject (clauses.ts), and from constructions the pairs miss
 * (constructions.ts: "its founder, X", "sold X to Y", "caused by …"); "he" and "she" stand for
 * the latest person, "I" and "my" for the speaker of a conversation turn (or the writer a
 * message names, writer.ts), "we" for the organisation they work at; a surname (or an
 * organisation's name without "Studios", "Engineering", …) alone stands for the full name met
 * earlier in the source (short-names.ts); dates in the sentence date its relations (chrono-node
 * parses them); a meeting's notes put their attendees and speakers in the team and the firm their
 * heading names (meetings.ts). Pairs of names the rules related in no way are then read by a
 * learned model (learned/), kept only when it is sure, with a lower confidence than any rule's.
 */
export class OfflineExtractor extends GraphExtractor {
  readonly name = 'offline';

  private readonly pairModel: PairModel | null;

  /**
   * `onSentence` sees each sentence once its relations are read, with its names (short names
   * resolved) and what the text said before it: for benches that study the extractor
   * (bench/graph-pair-classifier.bench.mjs), never needed to extract. `pairModel` reads the pairs
   * the rules leave: the shipped one by default, null for the rules alone.
   */
  constructor(
    private readonly options: {
      onSentence?: SentenceObserver;
      pairModel?: PairModel | null;
      /** How sure the model must be (PAIR_THRESHOLD): for the bench that chose it. */
      pairThreshold?: number;
      /**
       * Keep relations whose words match no canonical predicate, as their lemmatised verb ("win",
       * "premier at"; GRAPH_OPEN_PREDICATES). Off by default: of the 217 such relations read in the
       * annotated texts, none was one the annotators wrote (docs/benchmarks.md, session 35).
       */
      openPredicates?: boolean;
    } = {},
  ) {
    super();
    this.pairModel = options.pairModel === undefined ? shippedPairModel() : options.pairModel;
  }

  async extract(input: ExtractionInput): Promise<ExtractionResult> {
    const discourse = new Discourse();
    const shortNames = new ShortNames();
    const chunks: ChunkFacts[] = [];
    const unread = { sentences: 0 };
    let since = performance.now();
    for (const chunk of input.chunks) {
      chunks.push(this.extractChunk(chunk, input.reference_time, discourse, shortNames, unread));
      // The work is synchronous: a long source would hold the event loop for seconds, and every
      // request of the process (standalone serves them all) would wait. Let them in now and then.
      if (performance.now() - since > YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
    return unread.sentences > 0 ? { chunks, unreadSentences: unread.sentences } : { chunks };
  }

  private extractChunk(
    chunk: { chunk_id: string; text: string },
    reference: Date,
    discourse: Discourse,
    shortNames: ShortNames,
    unread: { sentences: number },
  ): ChunkFacts {
    const entities: EntityMention[] = [];
    const indexOf = new Map<string, number>();
    const relations: RelationMention[] = [];
    /** By resolution key: the entity a name nothing typed made, and the first the name typed made. */
    const untypedAt = new Map<string, number>();
    const typedAt = new Map<string, number>();
    const entityIndex = (mention: Mention, context: string): number => {
      const key = JSON.stringify([mention.type, mention.keys[0]]);
      let index = indexOf.get(key);
      // A name nothing typed and the same name typed are one entity: "Hiroshi Tanabe" read untyped
      // in the opening is the person "he" stands for next (the type is the typed one's).
      const untyped = mention.type === 'concept' && mention.evidence === 'none';
      const same = untyped ? typedAt.get(mention.keys[0]!) : untypedAt.get(mention.keys[0]!);
      if (index === undefined && same !== undefined) {
        index = same;
        indexOf.set(key, index);
        if (!untyped) {
          entities[index]!.type = mention.type;
          untypedAt.delete(mention.keys[0]!);
          typedAt.set(mention.keys[0]!, index);
        }
      }
      if (index === undefined) {
        index = entities.length;
        indexOf.set(key, index);
        if (untyped) untypedAt.set(mention.keys[0]!, index);
        else if (!typedAt.has(mention.keys[0]!)) typedAt.set(mention.keys[0]!, index);
        entities.push({
          name: mention.name,
          type: mention.type,
          identifier: mention.identifier,
          keys: mention.keys,
          aliases: mention.aliases.length > 0 ? mention.aliases : undefined,
          context,
        });
      }
      return index;
    };

    const sentences = readSentences(chunk.text);
    // (A signature block names the writer and where they work: "Leila Haddad" / "Customer Care, Zenlo".)
    const signatures = signatureBlocks(sentences, findMentions);
    const writer = writerOf(sentences) ?? signatures[0]?.person;
    // ("We rely on CloudNest …" above "Priya Raman" / "IT Manager, Lumen Labs": the writer's "we"
    // is the organisation their signature names, before the text reaches it.)
    const signed = signatures.find((s) => writer && s.person.keys[0] === writer.keys[0]);
    if (writer && signed)
      discourse.rememberAffiliations([
        { source: writer, target: { ...signed.org, type: 'organization' }, canonical: 'works at' },
      ]);
    /** The first typed mention of each name in this chunk (the writer's first), by resolution key. */
    const typedBefore = new Map<string, Mention>(writer ? [[writer.keys[0]!, writer]] : []);
    const codeNames = introducedCodeNames(sentences);
    // ("Kenji Watanabe" / "Born: 2 June 1948, Sapporo, Japan": a fact sheet's fields are its subject's.)
    const sheet = readSheet(sentences, (s) => findMentions(s, codeNames));
    let sheetName: Mention | undefined;
    // ("Customer: Brightwater Dental" / "Product: DentaSuite Cloud 3.2": a ticket's header fields.)
    discourse.ticket = ticketHeader(sentences, (s) => findMentions(s, codeNames));
    const pending: PendingPair[] = [];
    // (People named with their address, whose domain may spell their employer's name: mail-domains.ts.)
    const senders: { sender: Sender; context: string }[] = [];
    let sender: Mention | undefined;
    let replied = false;
    let meeting: Meeting | undefined;
    for (const [line, sentence] of sentences.entries()) {
      discourse.nextSentence();
      const own = findMentions(sentence, codeNames);
      // ("Born in Daegu, Park studied …": a family name met in full before, which the tagger missed.)
      const missed = shortNames.unmentioned(sentence.tokens, own);
      if (missed.length > 0) {
        own.push(...missed);
        own.sort((a, b) => a.start - b.start);
      }
      // The writer's own introduction ("I'm Abena Mensah") names them as a person there too; and a
      // name nothing types here keeps the type an earlier sentence gave it ("Karthik:" then "…
      // Karthik said").
      for (const m of own) {
        const earlier = typedBefore.get(m.keys[0]!);
        if (earlier && (m.evidence === 'none' || (earlier === writer && m.evidence !== 'strong')))
          Object.assign(m, { type: earlier.type, evidence: earlier.evidence });
      }
      typeFromContext(sentence, own);
      if (line === 0) sheetName = sheetSubject(sheet, own);
      // (A fact sheet's field names no speaker: "Headquarters: Guimarães".)
      const label =
        sheet && isSheetField(sentence)
          ? undefined
          : speakerOf(
              sentence,
              own,
              (candidate) => discourse.speakers.size > 0 || opensTurns(chunk.text, candidate.name) >= 2,
            );
      // A turn's label names whoever speaks: a person, when nothing typed the name otherwise (a
      // user name too: "Posted by dave_k77:").
      if (label && (label.evidence === 'none' || label.type === 'concept'))
        Object.assign(label, { type: 'person', evidence: 'weak' });
      // ("Thandiwe: Hi Bruno, Thandiwe from Feira de Santana.": the speaker naming themselves.)
      for (const m of own)
        if (label && m !== label && m.keys[0] === label.keys[0] && m.evidence === 'none')
          Object.assign(m, { type: label.type, evidence: label.evidence });
      // (A new speaker speaks to the one before: "your" in their turn is the one before's.)
      if (label && discourse.speaker && label.keys[0] !== discourse.speaker.keys[0])
        discourse.addressee = discourse.speaker;
      if (label || sentence.tokens[1]?.text === ':') discourse.speaker = label;
      // ("Kia ora Aroha,", "Meseret, you were born …": a name called is whom "you" means.)
      const called = addresseeOf(sentence, own, label);
      if (called) discourse.addressee = called;
      // ("Also Mum, I got the job!" after Grace's turn, "David Chen (CEO): Sure.": turn-relations.ts.)
      const turn = turnRelations(sentence, label, discourse);
      if (label) discourse.speakers.add(label.keys[0]!);
      // ("From: Samir Haddad, ParcelWise Support" above a reply: its sender writes what follows,
      // past the other header fields.)
      if (label && sentence.tokens[quoteMarks(sentence.tokens)]?.lower === 'from') sender = label;
      // ("Reply from mod_dtran (Daniel Tran, moderator):": a reply's writer writes what follows, not
      // the post's, even where the line names no one.)
      if (!label && opensPostLabel(sentence.tokens) && sentence.tokens[1]?.lower === 'from') {
        sender = replierOf(sentence.tokens, own);
        replied = true;
        discourse.speaker = sender;
      }
      discourse.speaker ??= sender ?? (replied ? undefined : writer);
      if (!discourse.speaker) discourse.writersOrganization ??= writersOrganizationIn(sentence, own);
      shortNames.chat ||= discourse.speakers.size > 0;
      const mentions = shortNames.resolveAll(own, sentence.tokens);
      // ("Weekly sync — Northwind Bikes, product team" over its attendees and turns: meetings.ts.)
      let met: SentenceRelation[] = [];
      if (line === 0) {
        const opened = Meeting.open(sentence, mentions);
        meeting = opened?.meeting;
        met = opened?.found ?? [];
      } else if (meeting) {
        const speaker = label && mentions.find((m) => m.start === label.start);
        met = meeting.read(sentence, mentions, speaker);
      }
      // A rule that throws on a sentence shape nobody foresaw costs that sentence's relations, never
      // the source: a document must not fail its graph (and leave search) over one sentence.
      let found: SentenceRelation[];
      try {
        found = findRelations(sentence, mentions, discourse);
      } catch {
        unread.sentences++;
        found = [];
      }
      this.options.onSentence?.(sentence, mentions, found, discourse);
      const context = contextOf(sentence.text);
      if (this.pairModel)
        for (const candidate of pairCandidates(sentence, mentions, discourse))
          pending.push({ candidate, context });
      // A sentence's opening name, untyped, in a sentence where no relation was read, may still be
      // who "she" is next ("Hedy Lamarr co-invented …"); a speaker's label ("User:") is not.
      // ('Known to fans as "Lalo", Eduardo Quispe Mamani was …': the person the nickname opens on.)
      const nicknamed = frontedNickname(sentence.tokens, own) !== undefined;
      const opening = nicknamed ? mentions[1] : mentions[0];
      // So is an opening person whose sentence's relations are about others ("Sofia Coppola directed
      // X, which starred Bill Murray. She …").
      const untold =
        found.length === 0 || (opening?.type === 'person' && !found.some((r) => r.source.type === 'person'));
      if ((opening?.start === 0 || nicknamed) && untold && sentence.tokens[opening!.end]?.text !== ':') {
        discourse.rememberOpening(opening);
      }
      // (So is a person opening a clause after ", and", whatever it was read to do.)
      const clauseSubject = clauseOpening(sentence, mentions, found);
      if (clauseSubject) discourse.rememberOpening(clauseSubject, true);
      for (const mention of mentions) shortNames.remember(mention);
      for (const mention of own)
        if (mention.evidence !== 'none' && !typedBefore.has(mention.keys[0]!))
          typedBefore.set(mention.keys[0]!, mention);
      for (const mention of mentions) entityIndex(mention, context);
      for (const sender of sendersOf(sentence.tokens, mentions)) senders.push({ sender, context });
      const signature = signatures.find((s) => s.line === line);
      if (signature) {
        const signed = signedRole(sentence, mentions, signature);
        // ("my teammate Ana Ferreira" … "Customer Support, Lumeo Apps": the writer's colleagues work there too.)
        const employer = signed.find((r) => r.canonical === 'works at')?.target;
        const colleagues = employer
          ? discourse.colleagues.map((c) => rel(c, employer, 'works at', 'colleague', employer.end, 0.6))
          : [];
        found = dedupe([...found, ...signed, ...colleagues]);
      }
      if (sheetName && line > 0) found = dedupe([...found, ...sheetFields(sentence, mentions, sheetName)]);
      if (turn.length > 0) found = dedupe([...found, ...turn]);
      if (met.length > 0) found = dedupe([...found, ...met]);
      discourse.rememberAffiliations(found);
      discourse.rememberSentence(found);
      const dated = dateRelations(sentence, found, reference);
      found.forEach((relation, i) => {
        // (Read all the same: what they say of their names still types them and sets "he" and "it".)
        if (!this.options.openPredicates && !isCanonical(relation.canonical)) return;
        relations.push({
          source: entityIndex(relation.source, context),
          target: entityIndex(relation.target, context),
          canonical_predicate: relation.canonical,
          raw_predicate: relation.raw,
          context,
          confidence: Math.round(relation.confidence * 100) / 100,
          temporal_details: dated[i]?.phrase ?? null,
          timestamp: dated[i]?.date ?? null,
        });
      });
    }
    relations.push(...domainEmployers(senders, entities, relations, entityIndex));
    if (this.pairModel)
      relations.push(
        ...learnedRelations(pending, relations, entityIndex, this.pairModel, this.options.pairThreshold),
      );
    return mergeFirstNames({ chunk_id: chunk.chunk_id, entities, relations });
  }
}

/**
 * "Razorpay bought Ledgerleaf in 2021, and Raghunathan stayed on …", "…, but Kwame made his name
 * in Accra": a person (or a one-word name nothing typed) opening a clause after ", and" or ", but",
 * the subject of no relation read; whom "she" or "he" likely means next.
 */
function clauseOpening(
  sentence: Sentence,
  mentions: Mention[],
  found: SentenceRelation[],
): Mention | undefined {
  const { tokens } = sentence;
  return mentions.find(
    (m) =>
      (m.type === 'person' || (m.evidence === 'none' && m.end - m.start === 1)) &&
      ['and', 'but'].includes(tokens[m.start - 1]?.lower ?? '') &&
      tokens[m.start - 2]?.text === ',' &&
      ['VERB', 'AUX'].includes(tokens[m.end]?.pos ?? '') &&
      !found.some((r) => r.source === m),
  );
}

/** How many lines of the text open with the label ("Kwabena Asante:", "[Joanna]:", "14:06 Joanna:"). */
function opensTurns(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (
    text.match(new RegExp(`^[\\s\\[\\]\\d:]*${escaped}\\]?\\s*(?:\\([^)\\n]*\\)\\s*)?:`, 'gm'))?.length ?? 0
  );
}

function contextOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_CONTEXT) return flat;
  const cut = flat.slice(0, MAX_CONTEXT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_CONTEXT - 40))}…`;
}

/** How many date phrases are kept read: they repeat across sources ("in 2010", "1961"). */
const DATES_KEPT = 4096;
const readDates = new Map<string, Date | null>();

/** chrono-node's reading of a date phrase, once per phrase and reference time (a copy each time). */
function dateOf(text: string, reference: Date): Date | null {
  const key = `${reference.getTime()} ${text}`;
  let date = readDates.get(key);
  if (date === undefined) {
    if (readDates.size >= DATES_KEPT) readDates.clear();
    date = parseDate(text, reference);
    readDates.set(key, date);
  }
  return date && new Date(date.getTime());
}

interface Dating {
  phrase: string;
  date: Date | null;
}

/**
 * Each date phrase of the sentence dates the relation whose words end nearest before it ("born in
 * Warsaw in 1867"), or the first one when the date opens the sentence ("In 2015, Alphabet …").
 */
function dateRelations(
  sentence: Sentence,
  relations: SentenceRelation[],
  reference: Date,
): (Dating | undefined)[] {
  const out: (Dating | undefined)[] = relations.map(() => undefined);
  if (relations.length === 0) return out;
  for (const [first, last] of sentence.dates) {
    let chosen = -1;
    relations.forEach((relation, i) => {
      if (relation.end <= first && (chosen < 0 || relation.end >= relations[chosen]!.end)) chosen = i;
    });
    if (chosen < 0) chosen = 0;
    if (out[chosen]) continue;
    const from = first > 0 && sentence.tokens[first - 1]!.pos === 'ADP' ? first - 1 : first;
    const words = phrase(sentence.tokens, from, last + 1);
    out[chosen] = { phrase: words, date: dateOf(phrase(sentence.tokens, first, last + 1), reference) };
  }
  return out;
}
