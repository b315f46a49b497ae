// Search playground: POST /search/hybrid-search with `explain: true`; each chunk's score is
// shown with the parts it came from (docs/api.md, Search: explain), and accurate mode's queries.
import { call, scope } from './api.js';
import { byId, fill, h, onSubmit, showNotice } from './dom.js';

/** Parts of `explain` in the order the ranking applies them; `alpha` is a weight, not a score. */
const PARTS = [
  'semantic',
  'keyword',
  'fused',
  'second_hop',
  'sentence',
  'rerank',
  'personal',
  'recency',
  'graph',
  'final',
];

export function initSearch() {
  const form = /** @type {HTMLFormElement} */ (byId('search-form'));
  onSubmit(form, async (fields) => {
    /** @type {Record<string, unknown>} */
    const body = {
      ...scope(),
      query: fields['query'],
      mode: fields['mode'] || 'fast',
      search_mode: fields['search_mode'] || 'sources',
      explain: true,
    };
    if (fields['max_chunks']) body['max_chunks'] = Number(fields['max_chunks']);
    if (fields['alpha']) body['alpha'] = fields['alpha'] === 'auto' ? 'auto' : Number(fields['alpha']);
    if (fields['graph_context'] === 'true') body['graph_context'] = true;
    fill(byId('search-accurate'));
    fill(byId('search-results'));
    const result = await call('POST', '/search/hybrid-search', { json: body });
    render(result);
  });
}

/** @param {any} result */
function render(result) {
  const chunks = Array.isArray(result.chunks) ? result.chunks : [];
  const accurate = result.accurate;
  fill(
    byId('search-accurate'),
    ...(accurate
      ? [
          h(
            'div',
            { class: 'accurate' },
            h('strong', { text: `Accurate mode${accurate.degraded ? ' (degraded)' : ''}: ` }),
            h('span', { text: `queries run: ${accurate.queries.join(' | ')}` }),
            h(
              'ul',
              {},
              ...accurate.stages.map((/** @type {any} */ s) =>
                h('li', {
                  class: s.status,
                  text: `${s.stage}: ${s.status}, ${s.ms} ms${s.detail ? ` (${s.detail})` : ''}`,
                }),
              ),
            ),
          ),
        ]
      : []),
    h('p', { class: 'hint', text: `${chunks.length} chunk(s); alpha used: ${result.alpha ?? '—'}` }),
  );
  fill(byId('search-results'), ...chunks.map(chunkItem));
  if (chunks.length === 0) showNotice('No results.');
}

/** @param {any} chunk */
function chunkItem(chunk) {
  const explain = chunk.explain || {};
  return h(
    'li',
    { class: 'result', dataset: { chunk: chunk.chunk_uuid } },
    h(
      'div',
      { class: 'result-head' },
      h('span', { class: 'score', text: Number(chunk.relevancy_score).toFixed(4) }),
      h('strong', { text: chunk.source_title || chunk.source_id }),
      h('span', { class: 'muted', text: ` ${chunk.source_type} · ${chunk.chunk_uuid}` }),
    ),
    h('p', { class: 'content', text: chunk.chunk_content }),
    h(
      'table',
      { class: 'explain' },
      ...PARTS.filter((part) => typeof explain[part] === 'number').map((part) =>
        h(
          'tr',
          {},
          h('th', { text: part }),
          h('td', {}, h('meter', { min: 0, max: 1, value: Math.max(0, Math.min(1, explain[part])) })),
          h('td', { class: 'num', text: explain[part].toFixed(4) }),
        ),
      ),
      typeof explain.alpha === 'number'
        ? h(
            'tr',
            {},
            h('th', { text: 'alpha' }),
            h('td', { class: 'muted', text: 'semantic weight' }),
            h('td', { class: 'num', text: explain.alpha.toFixed(2) }),
          )
        : null,
    ),
  );
}
