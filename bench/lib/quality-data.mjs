// Loaders of the evaluation data for the quality benchmarks. The data stays read-only in
// ../shared/data beside the repository (evaluation only, non-commercial licenses: never copied into the repo).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The evaluation data: `../shared/data` beside the clone, or TROVE_EVAL_DATA (or TROVE_DATA_DIR). */
export const DATA_DIR =
  process.env.TROVE_EVAL_DATA ??
  process.env.TROVE_DATA_DIR ??
  join(import.meta.dirname, '..', '..', '..', 'shared', 'data');

/** SciFact: docs { id, title, text }, train queries that have judgments, qrels Map<qid, Set<docId>>. */
export function loadSciFact(dir = join(DATA_DIR, 'scifact')) {
  const docs = gunzipSync(readFileSync(join(dir, 'corpus.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((d) => ({ id: String(d._id), title: d.title ?? '', text: d.text ?? '' }));
  const qrels = new Map();
  for (const line of readFileSync(join(dir, 'qrels', 'train.tsv'), 'utf8')
    .split('\n')
    .slice(1)) {
    const [qid, did, score] = line.trim().split('\t');
    if (!qid || Number(score) <= 0) continue;
    if (!qrels.has(qid)) qrels.set(qid, new Set());
    qrels.get(qid).add(did);
  }
  const queries = readFileSync(join(dir, 'queries-train.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((q) => ({ id: String(q._id), text: q.text }))
    .filter((q) => qrels.has(q.id));
  return { docs, queries, qrels };
}

/**
 * LoCoMo dev conversations: [{ id, turns: [{ diaId, speaker, date, text }], qa: [{ question,
 * evidence: string[], category }] }], turns in session order; memory text as the benchmark adds it.
 */
export function loadLocomo(file = join(DATA_DIR, 'locomo-dev', 'locomo-dev.json')) {
  const samples = JSON.parse(readFileSync(file, 'utf8'));
  return samples.map((sample) => {
    const conv = sample.conversation;
    const sessions = Object.keys(conv)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter(Boolean)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const turns = [];
    for (const n of sessions) {
      const date = conv[`session_${n}_date_time`] ?? '';
      for (const turn of conv[`session_${n}`]) {
        const image = turn.blip_caption ? ` (shares an image: ${turn.blip_caption})` : '';
        turns.push({
          diaId: turn.dia_id,
          speaker: turn.speaker,
          date,
          text: `[${date}] ${turn.speaker}: ${turn.text}${image}`,
        });
      }
    }
    // Evidence as given, with the data's few slips repaired: "D8:6; D9:17" is two ids, "D:11:26"
    // is D11:26; ids of no turn ("D", "D10:19" in conv-42) are dropped, and a question left
    // without evidence is not scored (2 in conv-26 have none at all).
    const known = new Set(turns.map((t) => t.diaId));
    const qa = sample.qa
      .filter((q) => q.category >= 1 && q.category <= 4)
      .map((q) => ({
        question: String(q.question),
        evidence: [
          ...new Set(
            (q.evidence ?? [])
              .flatMap((e) => String(e).split(/[;,\s]+/))
              .map((e) => e.replace(/^D:(\d+):(\d+)$/, 'D$1:$2'))
              .filter((e) => known.has(e)),
          ),
        ],
        category: q.category,
      }))
      .filter((q) => q.evidence.length > 0);
    return { id: sample.sample_id, turns, qa };
  });
}

/**
 * Conversations of our own in loadLocomo's shape, from a JSON array of { id, turns: [{ diaId,
 * speaker, date, text }], qa: [{ question, evidence, category }] } with `text` as written; each
 * memory's text is made as loadLocomo makes it ("[date] speaker: text"). For sets written blind
 * (bench/data/conversations-blind.json).
 */
export function loadConversations(file) {
  return JSON.parse(readFileSync(file, 'utf8')).map((conv) => {
    const turns = conv.turns.map((t) => ({ ...t, text: `[${t.date}] ${t.speaker}: ${t.text}` }));
    const known = new Set(turns.map((t) => t.diaId));
    const qa = conv.qa
      .map((q) => ({ ...q, evidence: q.evidence.filter((e) => known.has(e)) }))
      .filter((q) => q.evidence.length > 0);
    return { id: conv.id, turns, qa };
  });
}

/**
 * HotpotQA dev (distractor setting), pooled: every `context` paragraph of the file once (the first
 * of a repeated title), as { title, text: title + its sentences }, and the questions as
 * { id, question, type, supportingTitles: string[] } (the distinct titles of supporting_facts).
 */
export function loadHotpotQA(file = join(DATA_DIR, 'hotpotqa-dev', 'questions.jsonl')) {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const paragraphs = new Map(); // title → { title, text }
  for (const row of rows) {
    for (const [title, sentences] of row.context) {
      if (!paragraphs.has(title))
        paragraphs.set(title, { title, text: `${title}\n${sentences.join('').trim()}` });
    }
  }
  const questions = rows.map((row) => ({
    id: String(row._id),
    question: String(row.question),
    type: row.type,
    supportingTitles: [...new Set(row.supporting_facts.map(([title]) => title))],
  }));
  for (const q of questions)
    for (const title of q.supportingTitles)
      if (!paragraphs.has(title))
        throw new Error(`HotpotQA ${q.id}: supporting title "${title}" has no paragraph`);
  return { paragraphs: [...paragraphs.values()], questions };
}

/**
 * A SciFact subcorpus small enough for a slow machine: every document judged for `queries`, then
 * the corpus's first documents until `others` more are in. Returns { docs, judged }.
 */
export function sciFactSubcorpus(data, queries, others) {
  const keep = new Set(queries.flatMap((q) => [...data.qrels.get(q.id)]));
  const judged = keep.size;
  for (const doc of data.docs) {
    if (keep.size >= judged + others) break;
    keep.add(doc.id);
  }
  return { docs: data.docs.filter((d) => keep.has(d.id)), judged };
}
