import { Mention } from './mentions';

/** What the sentences before this one said: the people a pronoun can stand for. */
export class Discourse {
  private readonly recent: Mention[] = [];
  private readonly subjects: Mention[] = [];
  private opening: Mention | undefined;
  private lastThing: Mention | undefined;

  /** The subject of a relation: "she" in the next sentence is more likely her than anyone else. */
  rememberSubject(mention: Mention): void {
    if (mention.type !== 'person') {
      if (!['date', 'email', 'url'].includes(mention.type)) this.lastThing = mention;
      return;
    }
    this.rememberSubjectCandidate(mention);
  }

  /**
   * A sentence's opening name that nothing typed and no relation used ("Hedy Lamarr co-invented
   * …"): the subject a following "she" most likely means, taken as a person only if one does.
   */
  rememberOpening(mention: Mention): void {
    if (mention.type === 'person' || mention.evidence === 'none') this.rememberSubjectCandidate(mention);
  }

  private rememberSubjectCandidate(mention: Mention): void {
    this.subjects.push(mention);
    if (this.subjects.length > 8) this.subjects.shift();
  }

  remember(mention: Mention): void {
    this.opening ??= mention;
    this.recent.push(mention);
    if (this.recent.length > 32) this.recent.shift();
  }

  /**
   * What "it" or "the film" stands for: the thing the text opened with (an article's subject),
   * unless a later relation made another thing its subject.
   */
  thing(): Mention | undefined {
    const candidate = this.lastThing ?? this.opening;
    return candidate && candidate.type !== 'person' ? candidate : undefined;
  }

  /** The latest person; failing that, the latest name nothing typed (it is then taken as a person). */
  person(except?: Mention): Mention | undefined {
    const people = [...this.recent].reverse().filter((m) => m.keys[0] !== except?.keys[0]);
    const latest = except ? undefined : this.subjects[this.subjects.length - 1];
    // The latest subject, unless it has since been typed as something else than a person.
    const subject = latest && latest.type !== 'person' && latest.evidence !== 'none' ? undefined : latest;
    const found =
      subject ?? people.find((m) => m.type === 'person') ?? people.find((m) => m.evidence === 'none');
    if (found && found.evidence === 'none') {
      found.type = 'person';
      found.evidence = 'weak';
    }
    return found;
  }
}
