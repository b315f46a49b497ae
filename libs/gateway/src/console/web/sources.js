// Sources: GET /list/list-sources a page at a time, each row's processing status
// (POST /ingestion/verify-processing), and a source's content (POST /fetch/fetch-source-content).
import { call, scope } from './api.js';
import { byId, fill, h, showError } from './dom.js';

/** @type {string | undefined} */
let nextCursor;

export function initSources() {
  byId('sources-refresh').addEventListener('click', () => {
    nextCursor = undefined;
    load(false).catch(showError);
  });
  byId('sources-more').addEventListener('click', () => load(true).catch(showError));
}

/** Loads the list on first view. */
export function showSources() {
  const body = byId('sources-table').querySelector('tbody');
  if (body && body.children.length === 0) load(false).catch(showError);
}

/** @param {boolean} append */
async function load(append) {
  const query = { ...scope(), limit: 50, cursor: append ? nextCursor : undefined };
  const page = await call('GET', '/list/list-sources', { query });
  nextCursor = page.next_cursor;
  byId('sources-more').hidden = !nextCursor;
  byId('sources-total').textContent = `${page.total} source(s)`;
  const body = /** @type {HTMLElement} */ (byId('sources-table').querySelector('tbody'));
  const rows = page.sources.map(row);
  if (append) body.append(...rows);
  else fill(body, ...rows);
}

/** @param {any} source */
function row(source) {
  const status = h('td', { class: 'status', text: '…' });
  statusOf(source.id)
    .then((s) => {
      status.textContent = s.indexing_status;
      status.className = `status ${s.indexing_status}`;
      if (s.error_code) status.title = `${s.error_code}: ${s.message}`;
    })
    .catch((/** @type {any} */ e) => {
      status.textContent = e.code || 'unknown';
    });
  return h(
    'tr',
    { dataset: { source: source.id } },
    h('td', { class: 'mono', text: source.id }),
    h('td', { text: source.title }),
    h('td', { text: source.type }),
    h('td', { text: source.timestamp }),
    status,
    h(
      'td',
      {},
      h('button', {
        type: 'button',
        text: 'Content',
        on: { click: () => content(source.id).catch(showError) },
      }),
    ),
  );
}

/** @param {string} fileId */
export function statusOf(fileId) {
  return call('POST', '/ingestion/verify-processing', { query: { ...scope(), file_id: fileId } });
}

/** @param {string} sourceId */
async function content(sourceId) {
  const answer = await call('POST', '/fetch/fetch-source-content', {
    json: { ...scope(), source_id: sourceId, mode: 'content' },
  });
  const title = byId('source-content-title');
  title.hidden = false;
  title.textContent = `${sourceId} (${answer.content_type}, ${answer.size_bytes} bytes)`;
  const pre = byId('source-content');
  pre.hidden = false;
  pre.textContent =
    typeof answer.content === 'string'
      ? answer.content
      : `Binary content (${answer.content_type}): ${answer.size_bytes} bytes, not shown.`;
}
