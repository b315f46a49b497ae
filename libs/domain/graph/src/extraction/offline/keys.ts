/**
 * A resolution key: case, accents, punctuation and a leading "the" do not matter, nor the word
 * "error" before a code that has letters and digits ("error E-4017" is E-4017; "Error 401" stays).
 */
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
    .replace(/^error\s+(?=\S*\p{L})(?=\S*\p{N})(\S+)$/u, '$1')
    .replace(/\s+/g, ' ');
}
