import { Mention } from './mentions';
import { mentionGender } from './owners';
import type { TicketHeader } from './ticket-fields';
import { SCHOOL_NAME, UNIT_NOUNS } from './name-words';

/** How `Discourse.person` looks for a pronoun's antecedent. */
export interface PersonOptions {
  later?: Set<Mention>;
  adopt?: boolean;
  afterClause?: boolean;
}

/** What the sentences before this one said: the people a pronoun can stand for. */
export class Discourse {
  private readonly recent: Mention[] = [];
  private readonly subjects: Mention[] = [];
  private opening: Mention | undefined;
  private lastThing: Mention | undefined;
  /** Who "I" and "my" are: the label of the conversation turn being read ("Maya: …"). */
  speaker: Mention | undefined;
  /** Whom the current turn speaks to: the speaker of the turn before it ("Is your dad Klaus …"). */
  addressee: Mention | undefined;
  /** A speaker who called a parent before anyone answered: the next other speaker is that parent. */
  childCalling: { child: Mention; parent: 'father' | 'mother' } | undefined;
  /** Whom the chat's children called "Mum" and "Dad" (turn-relations.ts). */
  readonly parentsCalled = new Map<'father' | 'mother', Mention>();
  /** The speakers who called each parent so, by the parent's key. */
  readonly childrenCalling = new Map<string, Mention[]>();
  /** Every turn's label so far: the people of a chat, whom "you" addresses, never "she" or "he". */
  readonly speakers = new Set<string>();
  /** The latest error code: what "the crash" or "it" is in "IT traced the crash to …". */
  errorCode: Mention | undefined;
  /** The latest trouble a cause was given for: what "it" is in "It also affected Metabase". */
  problem: Mention | undefined;
  /** A ticket's header fields, read from the whole chunk before its sentences (ticket-fields.ts). */
  ticket: TicketHeader = {};
  /** Where each speaker works, once a relation said so: whom their "we" stands for. */
  private readonly affiliations = new Map<string, Mention>();

  /** The two people the text last said were married: whom "the couple" means next. */
  couple: [Mention, Mention] | undefined;
  /** The same, when the sentence before said it: whom "they" may mean next. */
  coupleBefore: [Mention, Mention] | undefined;

  /** What each person the sentence before said leads, by the person's key. */
  ledBefore = new Map<string, Mention>();

  /**
   * Keeps what the sentence read of marriages and leadership for the next: "the couple", and
   * what one "takes over" (`ledBefore`).
   */
  rememberSentence(relations: { source: Mention; target: Mention; canonical: string }[]): void {
    const married = relations.filter((r) => r.canonical === 'married to').pop();
    if (married) this.couple = [married.source, married.target];
    this.coupleBefore = married ? this.couple : undefined;
    this.ledBefore = new Map(
      relations
        .filter((r) => r.canonical === 'leads' && r.target.type === 'organization')
        .map((r) => [r.source.keys[0]!, r.target]),
    );
  }

  /**
   * Keeps the organisations the speakers work at, founded or lead ("Hannah Pryce from Greystone Dental"): the first
   * said, as an introduction says it ("I'm Thandiwe Nkosi from Baobab Analytics, … the migration at
   * Ridgeway Health": the client is not the employer).
   */
  rememberAffiliations(relations: { source: Mention; target: Mention; canonical: string }[]): void {
    for (const r of relations)
      if (
        AFFILIATIONS.has(r.canonical) &&
        r.target.type === 'organization' &&
        // (Not a team one leads: "we" is still the firm.)
        !(r.canonical === 'leads' && UNIT_NOUNS.has(r.target.name.split(' ').pop()!.toLowerCase())) &&
        !this.affiliations.has(r.source.keys[0]!)
      )
        this.affiliations.set(r.source.keys[0]!, r.target);
  }

  /** The speakers' relatives, by speaker ('' for a writer who gives no name), kind and name. */
  private readonly kin = new Map<string, { kind: string; mention: Mention }[]>();

  /** The relatives the current speaker named ("my brother Luca", "our mum Giovanna"). */
  speakerKin(): { kind: string; mention: Mention }[] {
    return this.kin.get(this.speaker?.keys[0] ?? '') ?? [];
  }

  rememberSpeakerKin(kind: string, mention: Mention): void {
    const key = this.speaker?.keys[0] ?? '';
    const list = this.kin.get(key) ?? [];
    if (!list.some((k) => k.mention.keys[0] === mention.keys[0])) list.push({ kind, mention });
    this.kin.set(key, list);
  }

  /** The writer's colleagues named before the text said where the writer works (colleagues.ts). */
  readonly colleagues: Mention[] = [];

  /** Where a writer who gives no name works: "Hi, I'm the IT admin at Brightwater Dental". */
  writersOrganization: Mention | undefined;

  /** What "we" stands for: the organisation the speaker works at, when the text said. */
  speakersOrganization(): Mention | undefined {
    if (!this.speaker) return this.writersOrganization;
    // (Or as the speaker introduced themselves: "Agent (Matteo Conti): I'm Matteo from FibraNet".)
    const key = this.speaker.keys[0]!;
    return this.affiliations.get(key) ?? this.affiliations.get(key.split(' ')[0]!);
  }

  /** The latest name each kind noun introduced: "the Scottish indie band The Glass Harbour". */
  private readonly kinds = new Map<string, Mention>();

  rememberKind(noun: string, mention: Mention): void {
    this.kinds.set(noun, mention);
  }

  /** What "the band" stands for: the latest name the text introduced as a band. */
  ofKind(noun: string): Mention | undefined {
    return this.kinds.get(noun);
  }

  /** Genders the text gave people by the noun before their name ("my wife Kemi", "her son Emeka"). */
  private readonly genders = new Map<string, 'female' | 'male'>();

  learnGender(mention: Mention, gender: 'female' | 'male'): void {
    this.genders.set(mention.keys[0]!, gender);
  }

  /** A person's gender: as the text gave it, else as the lexicon knows the first name. */
  readonly genderOf = (mention: Mention): 'female' | 'male' | undefined =>
    this.genders.get(mention.keys[0]!) ?? mentionGender(mention);

  /** Where the sentence being read starts in `recent`. */
  private sentenceStart = 0;

  /** Marks the start of a new sentence. */
  nextSentence(): void {
    this.sentenceStart = this.recent.length;
    this.subjectsHere = 0;
  }

  /** The subject of a relation: "she" in the next sentence is more likely her than anyone else. */
  rememberSubject(mention: Mention): void {
    if (mention.type !== 'person') {
      if (!['date', 'email', 'url'].includes(mention.type)) this.lastThing = mention;
      // (A name nothing typed may be a person still: "Hiroshi Tanabe (born 1947, Kanazawa) is …;
      // he …". Whether it is, a "he" or "she" settles.)
      if (mention.evidence === 'none') this.rememberSubjectCandidate(mention);
      return;
    }
    this.rememberSubjectCandidate(mention);
  }

  /** A subject that outranks the sentence's others: the pronoun of "He and his brother Marek both …". */
  rememberMainSubject(mention: Mention): void {
    this.rememberSubjectCandidate(mention, true);
  }

  /**
   * A sentence's opening name that nothing typed and no relation used ("Hedy Lamarr co-invented
   * …"): the subject a following "she" most likely means, taken as a person only if one does.
   */
  rememberOpening(mention: Mention, clause = false): void {
    if (mention.type === 'person' || mention.evidence === 'none')
      this.rememberSubjectCandidate(mention, clause);
  }

  /** How many subject candidates the sentence being read gave. */
  private subjectsHere = 0;

  /** A name nothing typed, as a subject candidate only while the text has none and named no person. */
  rememberFirstSubject(mention: Mention): void {
    if (this.subjects.length === 0 && !this.recent.some((m) => m.type === 'person'))
      this.rememberSubjectCandidate(mention);
  }

  private rememberSubjectCandidate(mention: Mention, clause = false): void {
    // (The first subject a sentence gave stays the likeliest: "Alan Turing was born …, the son of
    // Julius Turing, a member of the Indian Civil Service. He …" is Alan.)
    const first = this.subjects.length - this.subjectsHere;
    if (!clause && this.subjectsHere > 0 && this.subjects[this.subjects.length - 1] !== mention)
      this.subjects.splice(first, 0, mention);
    else this.subjects.push(mention);
    this.subjectsHere++;
    if (this.subjects.length > 8) this.subjects.shift();
  }

  /** The first organisation (or untyped name) the text names, in the order written: what an article is about. */
  firstNamedOrganization(): Mention | undefined {
    // (Or a name nothing typed when it was read: "The Instituto Tecnológico de Valdivia (ITV) is …".)
    return this.recent.find((m) => m.type === 'organization' || m.type === 'concept');
  }

  /**
   * The first organisation the text named: whom a title with no owner written is held at. (Read
   * as the names stand typed now: "São Paulo-based Mercado Verde" is one once its sentence is read.)
   */
  get firstOrganization(): Mention | undefined {
    return this.named.find((m) => m.type === 'organization');
  }

  /**
   * What a kind of organisation described by its base stands for ("the São Paulo-based company",
   * "The Bengaluru-based startup"): the first organisation the text named, no school unless the
   * kind is one, else what the text is about.
   */
  describedOrganization(kind: string): Mention | undefined {
    const school = SCHOOL_NAME.test(kind);
    return (
      this.named.find((m) => m.type === 'organization' && (school || !SCHOOL_NAME.test(m.name))) ??
      this.thing()
    );
  }

  /** The names the text gave, in order (the first 64). */
  private readonly named: Mention[] = [];

  /** The first thing the text named past its dateline: what "its" means after "SANTIAGO —". */
  private firstThing: Mention | undefined;

  /** The first error code the text named: an incident report's own ("INC-2291"), in its title. */
  firstErrorCode: Mention | undefined;

  remember(mention: Mention): void {
    if (mention.type === 'error_code') {
      this.errorCode = mention;
      this.firstErrorCode ??= mention;
    }
    if (this.named.length < 64) this.named.push(mention);
    if (mention.type !== 'person' && !isDateline(mention)) this.firstThing ??= mention;
    this.opening ??= mention;
    this.recent.push(mention);
    if (this.recent.length > 32) {
      this.recent.shift();
      this.sentenceStart = Math.max(0, this.sentenceStart - 1);
    }
  }

  /**
   * What "it" or "the film" stands for: the thing the text opened with (an article's subject),
   * unless a later relation made another thing its subject.
   */
  thing(kind?: Mention['type'], except: Mention[] = []): Mention | undefined {
    const candidate = this.lastThing ?? this.opening;
    // ("LISBON, Feb 19 — Lisbon-based startup Marética …": a news story's dateline is no subject;
    // "the company" is the first one it names.)
    // ("SANTIAGO — Viña Los Aromos … Its owner": nor what "its" stands for.)
    if (candidate && isDateline(candidate)) {
      if (kind === 'organization' && this.firstOrganization) return this.firstOrganization;
      if (!kind) return this.firstOrganization ?? this.firstThing;
    }
    if (kind && candidate?.type !== kind) return this.latest(kind, except);
    return candidate && candidate.type !== 'person' ? candidate : undefined;
  }

  /** The name the text opened with, when it is of this type: what "the city" is in an article on one. */
  openingOf(type: Mention['type']): Mention | undefined {
    return this.opening?.type === type ? this.opening : undefined;
  }

  /** The latest `count` people named before, oldest first, other than `except`: whose "their" is. */
  latestPeople(count: number, except: Mention): Mention[] {
    const out: Mention[] = [];
    for (let i = this.recent.length - 1; i >= 0 && out.length < count; i--) {
      const m = this.recent[i]!;
      if (m.type === 'person' && m.keys[0] !== except.keys[0] && !out.some((o) => o.keys[0] === m.keys[0]))
        out.push(m);
    }
    return out.reverse();
  }

  /** The latest thing whose name holds `word`: what "the union" is after "Asante Cocoa Cooperative Union". */
  latestNaming(word: string): Mention | undefined {
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const m = this.recent[i]!;
      if (m.type !== 'person' && m.keys[0]!.split(' ').includes(word)) return m;
    }
    return undefined;
  }

  /** The latest mention of any of `types`. */
  latestOf(types: Mention['type'][]): Mention | undefined {
    for (let i = this.recent.length - 1; i >= 0; i--)
      if (types.includes(this.recent[i]!.type)) return this.recent[i];
    return undefined;
  }

  /** The latest mention of a type: what "the company" stands for when the text is about someone. */
  latest(type: Mention['type'], except: Mention[] = []): Mention | undefined {
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const m = this.recent[i]!;
      if (m.type === type && !except.some((e) => e.keys[0] === m.keys[0])) return m;
    }
    return undefined;
  }

  /**
   * The latest person (of the pronoun's gender, when the first name tells); failing that, the
   * latest name nothing typed (it is then taken as a person, unless `adopt` is false). `later`:
   * mentions after the pronoun, never its antecedent; `afterClause`: the pronoun follows a clause
   * of its own sentence, whose people may be whom it means.
   */
  person(
    except?: Mention,
    gender?: 'female' | 'male',
    subjectFirst = false,
    { later = new Set<Mention>(), adopt = true, afterClause = false }: PersonOptions = {},
  ): Mention | undefined {
    // "he" and "she" are never the speaker of the turn ("Priya and I …, she's a nurse"), nor
    // another speaker of the chat.
    const speaker = this.speaker?.keys[0];
    // (Nor a speaker called by first name: "Khalid: Yousef, did you hear Rania got the promotion?"
    // … "Yousef Barakat: She's managing director now.")
    // (Nor the speaker's full name when the label gave a first name: "LUCAS:" is Lucas Moreau.)
    const speaks = (m: Mention) =>
      this.speakers.has(m.keys[0]!) ||
      [...this.speakers].some((key) => key.startsWith(`${m.keys[0]!} `) || m.keys[0]!.startsWith(`${key} `));
    const fits = (m: Mention) => !gender || !this.genderOf(m) || this.genderOf(m) === gender;
    const people = [...this.recent]
      .reverse()
      .filter(
        (m) =>
          m.keys[0] !== except?.keys[0] && !speaks(m) && m.keys[0] !== speaker && !later.has(m) && fits(m),
      );
    const subject = this.subjects[this.subjects.length - 1];
    // (An object pronoun is not the clause's subject; "The son of X, he …" is the text's subject.)
    const latest =
      (except && !subjectFirst) ||
      subject?.keys[0] === speaker ||
      (subject !== undefined && speaks(subject)) ||
      subject?.keys[0] === except?.keys[0] ||
      (subject && !fits(subject))
        ? undefined
        : subject;
    // The latest subject, unless it has since been typed as something else than a person.
    const typedUsable = latest && latest.type !== 'person' && latest.evidence !== 'none' ? undefined : latest;
    // ("Mercado Verde … confirmed that its CFO, Renata Cavalcanti, will step down. She …": a subject
    // with no gender gives way to a person named after it whom the text gives the pronoun's.)
    const since = typedUsable ? this.recent.lastIndexOf(typedUsable) : -1;
    // (And in a chat an untyped subject, to any person who fits named after it: "Emirates has him
    // flying … is that Ifeoma Okonkwo? She trained with me".)
    const gendered =
      typedUsable && gender && typedUsable.type !== 'person'
        ? people.find(
            (m) =>
              m.type === 'person' &&
              (this.genderOf(m) === gender || (typedUsable.evidence === 'none' && speaker !== undefined)) &&
              this.recent.lastIndexOf(m) > since,
          )
        : undefined;
    const usable = gendered ?? typedUsable;
    // (Else an earlier subject that fits, before someone only named in passing: "… a member of
    // saxophonist Lena Park's quartet. In 2014 she and her brother … Since 2021 she" is the pianist.)
    const earlierSubject =
      latest === undefined && !except
        ? [...this.subjects]
            .reverse()
            .find(
              (m) =>
                m.type === 'person' &&
                fits(m) &&
                m.keys[0] !== speaker &&
                !this.speakers.has(m.keys[0]!) &&
                !later.has(m) &&
                people.some((p) => p.keys[0] === m.keys[0]),
            )
        : undefined;
    // (Someone the text gave the pronoun's gender, named earlier in this very sentence, comes first:
    // "with her husband Rui, he got …".)
    const here = new Set(this.recent.slice(this.sentenceStart).map((m) => m.keys[0]!));
    const nearby =
      gender && afterClause
        ? people.find(
            (m) => m.type === 'person' && here.has(m.keys[0]!) && this.genders.get(m.keys[0]!) === gender,
          )
        : undefined;
    const found =
      nearby ??
      usable ??
      earlierSubject ??
      people.find((m) => m.type === 'person') ??
      // (Not a name in capitals: "INSEAD", "KAIST" are institutions.)
      people.find((m) => m.evidence === 'none' && !/^[\p{Lu}\d&.-]{2,}$/u.test(m.name));
    if (adopt && found && found.evidence === 'none') {
      found.type = 'person';
      found.evidence = 'weak';
    }
    return found;
  }
}

/** A place written in capitals, as a news story's dateline is: "LISBON, Feb 19 —", "SANTIAGO —". */
function isDateline(mention: Mention): boolean {
  return mention.type === 'location' && /^[\p{Lu}\s.-]{3,}$/u.test(mention.name);
}

/** Relations that say whom a person speaks for as "we": where they work, what they founded or lead. */
const AFFILIATIONS = new Set(['works at', 'founded', 'leads']);
