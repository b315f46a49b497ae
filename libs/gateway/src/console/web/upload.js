// Upload: a document (multipart POST /ingestion/upload-document) or a web page
// (PATCH /upload/update_webpage); each accepted item's status follows as it changes, from the
// server-sent events of GET /ingestion/events, or by asking verify-processing once a second when
// the stream cannot be read.
import { call, scope, statusEvents } from './api.js';
import { byId, h, onSubmit } from './dom.js';
import { statusOf } from './sources.js';

const TERMINAL = new Set(['completed', 'errored']);

export function initUpload() {
  const fileForm = /** @type {HTMLFormElement} */ (byId('upload-file'));
  onSubmit(fileForm, async (fields, form) => {
    const input = /** @type {HTMLInputElement} */ (form.elements.namedItem('file'));
    const file = input.files && input.files[0];
    if (!file) throw new Error('Choose a file');
    const data = new FormData();
    for (const [name, value] of Object.entries({
      ...scope(),
      file_id: fields['file_id'],
      title: fields['title'],
    })) {
      if (value) data.append(name, value);
    }
    data.append('file', file, file.name);
    const accepted = await call('POST', '/ingestion/upload-document', { multipart: data });
    track(accepted.file_id, file.name);
  });

  const webForm = /** @type {HTMLFormElement} */ (byId('upload-web'));
  onSubmit(webForm, async (fields) => {
    /** @type {Record<string, string>} */
    const form = {};
    if (fields['title']) form['title'] = fields['title'];
    if (fields['html']) form['html'] = fields['html'];
    const accepted = await call('PATCH', '/upload/update_webpage', {
      query: { ...scope(), web_url: fields['web_url'], source_id: fields['source_id'] },
      form,
    });
    track(accepted.file_id, fields['web_url'] ?? '');
  });
}

/**
 * Adds a line for the item and keeps its status current until completed or errored.
 * @param {string} fileId
 * @param {string} label
 */
function track(fileId, label) {
  const status = h('span', { class: 'status queued', text: 'queued' });
  const detail = h('span', { class: 'muted' });
  const line = h(
    'li',
    { dataset: { file: fileId } },
    h('span', { class: 'mono', text: fileId }),
    ` ${label} `,
    status,
    ' ',
    detail,
  );
  byId('upload-status').prepend(line);
  /** @param {string} value */
  const set = (value) => {
    status.textContent = value;
    status.className = `status ${value}`;
    line.dataset['status'] = value;
  };
  const finish = async () => {
    const s = await statusOf(fileId);
    set(s.indexing_status);
    const p = s.progress || {};
    const graph = p.graph ? `, ${p.graph.entities} entities, ${p.graph.relations} relations` : '';
    detail.textContent =
      s.indexing_status === 'errored'
        ? `${s.error_code}: ${s.message}`
        : p.chunks_total !== undefined
          ? `${p.chunks_indexed}/${p.chunks_total} chunks${graph}`
          : '';
  };
  const poll = async () => {
    for (;;) {
      await finish();
      if (TERMINAL.has(status.textContent ?? '')) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  // How the status arrived, for whoever wonders why it lags: the event stream, or polling.
  line.dataset['via'] = 'events';
  // (A final status waits for finish(), which shows it with its chunks and graph in one step:
  // "completed" never stands without them.)
  statusEvents({ ...scope(), file_id: fileId }, (event) => {
    if (!TERMINAL.has(event.status)) set(event.status);
  })
    .then(finish, () => {
      line.dataset['via'] = 'polling';
      return poll();
    })
    .catch((/** @type {any} */ e) => {
      detail.textContent = e instanceof Error ? e.message : String(e);
    });
}
