/** A resolution key: case, accents, punctuation and a leading "the" do not matter. */
export function keyOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}@._/-]+/gu, ' ')
    .replace(/(^|\s)[._/-]+|[._/-]+(?=\s|$)/g, ' ')
    .trim()
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ');
}
