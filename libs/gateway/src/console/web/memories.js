// Memories: add (POST /user_memory/add_user_memory), retrieve by query
// (POST /user_memory/retrieve_user_memory) and delete (DELETE /memories/delete-memory).
import { call, scope } from './api.js';
import { byId, fill, h, onSubmit, showError, showNotice } from './dom.js';

export function initMemories() {
  onSubmit(/** @type {HTMLFormElement} */ (byId('memory-add')), async (fields, form) => {
    /** @type {Record<string, unknown>} */
    const body = { ...scope(), raw_text: fields['raw_text'] };
    if (fields['user_name']) body['user_name'] = fields['user_name'];
    const added = await call('POST', '/user_memory/add_user_memory', { json: body });
    showNotice(`Memory ${added.memory_id} added (${added.chunks_created} chunk(s)).`);
    form.reset();
  });
  onSubmit(/** @type {HTMLFormElement} */ (byId('memory-retrieve')), async (fields) => {
    const answer = await call('POST', '/user_memory/retrieve_user_memory', {
      query: { ...scope(), max_count: fields['max_count'] || undefined },
      json: { query: fields['query'] },
    });
    const memories = answer.user_memories || [];
    fill(byId('memory-results'), ...memories.map(item));
    if (memories.length === 0) showNotice('No memories match.');
  });
}

/** @param {any} memory */
function item(memory) {
  const line = h(
    'li',
    { class: 'result', dataset: { memory: memory.memory_id } },
    h(
      'div',
      { class: 'result-head' },
      h('span', { class: 'score', text: Number(memory.score).toFixed(4) }),
      h('span', { class: 'mono', text: memory.memory_id }),
      h('button', {
        type: 'button',
        class: 'danger',
        text: 'Delete',
        on: {
          click: () =>
            call('DELETE', '/memories/delete-memory', { query: { ...scope(), memory_id: memory.memory_id } })
              .then(() => {
                line.remove();
                showNotice(`Memory ${memory.memory_id} deleted.`);
              })
              .catch(showError),
        },
      }),
    ),
    h('p', { class: 'content', text: memory.source_content }),
  );
  return line;
}
