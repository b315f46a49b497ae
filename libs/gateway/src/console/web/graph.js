// Graph: a source's entities and relations (GET /list/graph-relations-by-id), drawn with
// cytoscape (served by the console route from the installed package); clicking an edge shows
// the evidence it was read from. The drawing is kept on `window.troveConsole.cy`, and the node
// count on `#graph-canvas[data-nodes]`, for tests and for poking at it from the browser console.
import { call, scope } from './api.js';
import { byId, fill, h, onSubmit, showError, showNotice } from './dom.js';

/** @type {Promise<any> | undefined} */
let cytoscapeModule;
/** @type {any} */
let cy;

const COLORS = {
  person: '#2f5d8a',
  organization: '#8a4f2f',
  location: '#2f8a55',
  product: '#7a2f8a',
  event: '#8a7a2f',
  date: '#5f6b73',
  concept: '#3f7f86',
};

export function initGraph() {
  byId('graph-load-sources').addEventListener('click', () => loadSources().catch(showError));
  onSubmit(/** @type {HTMLFormElement} */ (byId('graph-form')), async (fields) => {
    const sourceId = fields['source_id'] || fields['picked'];
    if (!sourceId) throw new Error('Pick a source or type its id');
    await draw(sourceId);
  });
}

async function loadSources() {
  const page = await call('GET', '/list/list-sources', { query: { ...scope(), limit: 100 } });
  const select = byId('graph-source');
  fill(
    select,
    h('option', { value: '', text: `(${page.sources.length} source(s))` }),
    ...page.sources.map((/** @type {any} */ s) =>
      h('option', { value: s.id, text: `${s.title || s.id} (${s.id})` }),
    ),
  );
  if (page.sources.length > 0) /** @type {HTMLSelectElement} */ (select).value = page.sources[0].id;
}

/** @param {string} sourceId */
async function draw(sourceId) {
  const answer = await call('GET', '/list/graph-relations-by-id', {
    query: { ...scope(), source_id: sourceId },
  });
  const relations = answer.relations || [];
  /** @type {Map<string, any>} */
  const nodes = new Map();
  /** @type {any[]} */
  const edges = [];
  relations.forEach((/** @type {any} */ triplet, /** @type {number} */ i) => {
    for (const entity of [triplet.source, triplet.target]) {
      nodes.set(entity.entity_id, {
        data: {
          id: entity.entity_id,
          label: entity.name,
          type: entity.type,
          color: /** @type {Record<string, string>} */ (COLORS)[entity.type] ?? '#555',
        },
      });
    }
    triplet.relations.forEach((/** @type {any} */ relation, /** @type {number} */ j) => {
      edges.push({
        data: {
          id: `e${i}-${j}`,
          source: triplet.source.entity_id,
          target: triplet.target.entity_id,
          label: relation.canonical_predicate,
          evidence: {
            ...relation,
            chunk_id: relation.chunk_id ?? triplet.chunk_id,
            from: triplet.source.name,
            to: triplet.target.name,
          },
        },
      });
    });
  });
  const canvas = byId('graph-canvas');
  if (cy) cy.destroy();
  fill(byId('graph-evidence'), h('p', { class: 'hint', text: 'Click an edge to see its evidence.' }));
  cytoscapeModule ??= import('/console/cytoscape.esm.min.mjs');
  const cytoscape = (await cytoscapeModule).default;
  cy = cytoscape({
    container: canvas,
    elements: [...nodes.values(), ...edges],
    layout: { name: nodes.size > 1 ? 'cose' : 'grid', animate: false, padding: 30 },
    // A graph of two or three entities would otherwise be fitted at several times its size.
    maxZoom: 1.6,
    style: [
      {
        selector: 'node',
        style: {
          label: 'data(label)',
          'background-color': 'data(color)',
          color: '#222',
          'font-size': 11,
          'text-valign': 'bottom',
          'text-margin-y': 4,
          width: 22,
          height: 22,
        },
      },
      {
        selector: 'edge',
        style: {
          label: 'data(label)',
          'curve-style': 'bezier',
          'target-arrow-shape': 'triangle',
          width: 2,
          'line-color': '#9aa7b1',
          'target-arrow-color': '#9aa7b1',
          'font-size': 9,
          'text-rotation': 'autorotate',
          'text-background-color': '#fff',
          'text-background-opacity': 0.8,
        },
      },
      {
        selector: 'edge:selected',
        style: { 'line-color': '#d9822b', 'target-arrow-color': '#d9822b', width: 3 },
      },
    ],
  });
  cy.on('tap', 'edge', (/** @type {any} */ event) => evidence(event.target.data('evidence')));
  canvas.dataset['nodes'] = String(cy.nodes().length);
  canvas.dataset['edges'] = String(cy.edges().length);
  /** @type {any} */ (window).troveConsole = { .../** @type {any} */ (window.troveConsole ?? {}), cy };
  if (relations.length === 0)
    showNotice(`No relations for ${sourceId} (yet: the graph is made after indexing).`);
}

/** @param {any} e */
function evidence(e) {
  fill(
    byId('graph-evidence'),
    h('h3', { text: `${e.from} —${e.canonical_predicate}→ ${e.to}` }),
    h('blockquote', { text: e.context }),
    h(
      'dl',
      {},
      ...[
        ['raw predicate', e.raw_predicate],
        ['confidence', e.confidence],
        ['when', e.temporal_details ?? '—'],
        ['timestamp', e.timestamp ?? '—'],
        ['chunk', e.chunk_id],
        ['relationship', e.relationship_id],
      ].flatMap(([term, value]) => [h('dt', { text: term }), h('dd', { text: value })]),
    ),
  );
}
