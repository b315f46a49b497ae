/**
 * Word → analysed terms, remembered: analysing one word costs ~15 µs (a wink-nlp document per
 * call), and a query with its feedback chunks asks for some hundreds of words, most of them seen
 * before. Bounded: past `limit` words the memory starts over.
 */
export class WordTerms {
  private readonly known = new Map<string, string[]>();

  constructor(
    private readonly analyze: (text: string) => string[],
    private readonly limit = 100_000,
  ) {}

  of(word: string): string[] {
    let terms = this.known.get(word);
    if (terms === undefined) {
      if (this.known.size >= this.limit) this.known.clear();
      terms = this.analyze(word);
      this.known.set(word, terms);
    }
    return terms;
  }
}
