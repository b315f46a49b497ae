// A large graph of real text for bench/graph-context.bench.mjs, all in ONE sub-tenant (a query only
// ever sees one). The text is read in place from ../shared/data (never copied into the repo):
// SciFact abstracts (title and text, cut by @trove/text's chunker as the service cuts documents),
// the pooled HotpotQA dev paragraphs (one chunk each, as bench/graph-hotpotqa.bench.mjs stores
// them) and LoCoMo turns (one memory each). That is ~13k distinct chunks; to reach a larger size
// the whole set is stored again under other source ids ("copy 1", "copy 2", …). The offline
// extractor is deterministic, so each distinct chunk is extracted once and its facts are stored
// under every copy: the same as extracting every copy, at an eighth of the time.
import text from '@trove/text';
import { loadHotpotQA, loadLocomo, loadSciFact } from './quality-data.mjs';

const { chunkText, analyze } = text;
const reference_time = new Date('2026-01-01T00:00:00Z');

/** Distinct documents: { key, kind, texts: string[] (its chunks), title? }. */
export function loadDocuments() {
  const docs = [];
  const hotpot = loadHotpotQA();
  hotpot.paragraphs.forEach((p, i) =>
    docs.push({ key: `h${i}`, kind: 'hotpotqa', title: p.title, texts: [p.text.slice(p.title.length + 1)] }),
  );
  const scifact = loadSciFact();
  scifact.docs.forEach((d) =>
    docs.push({
      key: `s${d.id}`,
      kind: 'scifact',
      texts: chunkText(`${d.title}\n\n${d.text}`).map((c) => c.text),
    }),
  );
  const locomo = loadLocomo();
  for (const conv of locomo)
    conv.turns.forEach((t) => docs.push({ key: `l${conv.id}-${t.diaId}`, kind: 'locomo', texts: [t.text] }));
  const queries = [
    ...hotpot.questions.map((q) => ({ kind: 'hotpotqa', text: q.question, q })),
    ...scifact.queries.slice(0, 200).map((q) => ({ kind: 'scifact', text: q.text })),
    ...locomo
      .flatMap((c) => c.qa)
      .filter((_, i) => i % 4 === 0)
      .slice(0, 200)
      .map((q) => ({ kind: 'locomo', text: q.question })),
  ];
  return { docs, queries };
}

/** Facts of every distinct document, extracted once (progress on stderr). */
export async function extractDocuments(extractor, docs) {
  const started = performance.now();
  let chunks = 0;
  for (const [i, doc] of docs.entries()) {
    const result = await extractor.extract({
      chunks: doc.texts.map((t, n) => ({ chunk_id: String(n), text: t })),
      reference_time,
    });
    doc.facts = result.chunks;
    chunks += doc.texts.length;
    if (i % 2000 === 0) process.stderr.write(`  extracted ${i}/${docs.length} documents\r`);
  }
  return { chunks, seconds: (performance.now() - started) / 1000 };
}

/** The sources to store, copy after copy, until `target` chunks: { id, doc, chunks: ChunkFacts[] }. */
export function* sourcesUpTo(docs, target) {
  let stored = 0;
  for (let copy = 0; stored < target; copy++) {
    for (const doc of docs) {
      if (stored >= target) return;
      const id = copy === 0 ? doc.key : `${doc.key}~${copy}`;
      const chunks = doc.facts.map((f, n) => ({ ...f, chunk_id: `${id}_${n}` }));
      stored += chunks.length;
      yield { id, doc, copy, chunks };
    }
  }
}

/** Copies needed for `target` chunks. */
export function copiesFor(docs, target) {
  const distinct = docs.reduce((n, d) => n + d.texts.length, 0);
  return Math.ceil(target / distinct);
}

/**
 * A stand-in for the search's result chunks: BM25 over the distinct chunks' analysed terms, the
 * 10 best, each taken from one of the copies (hit i from copy i mod copies), so that results spread
 * over the graph as a search over duplicated documents would.
 */
export function resultChunker(docs, copies) {
  const postings = new Map();
  const ids = [];
  const lengths = [];
  for (const doc of docs) {
    doc.texts.forEach((t, n) => {
      const slot = ids.length;
      ids.push([doc.key, n]);
      const terms = analyze(t);
      lengths.push(terms.length);
      const tf = new Map();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      for (const [term, f] of tf) {
        if (!postings.has(term)) postings.set(term, []);
        postings.get(term).push([slot, f]);
      }
    });
  }
  const avg = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  return (query, k = 10) => {
    const score = new Map();
    for (const term of new Set(analyze(query))) {
      const list = postings.get(term) ?? [];
      const idf = Math.log(1 + (ids.length - list.length + 0.5) / (list.length + 0.5));
      for (const [slot, f] of list)
        score.set(
          slot,
          (score.get(slot) ?? 0) + (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * lengths[slot]) / avg)),
        );
    }
    return [...score]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([slot], i) => {
        const [key, n] = ids[slot];
        const copy = i % copies;
        return `${copy === 0 ? key : `${key}~${copy}`}_${n}`;
      });
  };
}
