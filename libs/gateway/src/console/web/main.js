// The console's entry: the settings form (base URL, key, tenant: sessionStorage only) and the tabs.
import { forgetKey, loadSettings, saveSettings } from './api.js';
import { byId, clearMessage, fieldsOf, showNotice } from './dom.js';
import { initGraph } from './graph.js';
import { initMemories } from './memories.js';
import { initSearch } from './search.js';
import { initSources, showSources } from './sources.js';
import { initUpload } from './upload.js';

const VIEWS = ['search', 'sources', 'upload', 'memories', 'graph'];

function initSettings() {
  const form = /** @type {HTMLFormElement} */ (byId('settings'));
  const settings = loadSettings();
  /** @type {HTMLInputElement} */ (byId('base')).value = settings.base;
  /** @type {HTMLInputElement} */ (byId('key')).value = settings.key;
  /** @type {HTMLInputElement} */ (byId('tenant')).value = settings.tenant;
  /** @type {HTMLInputElement} */ (byId('sub-tenant')).value = settings.subTenant;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = fieldsOf(form);
    saveSettings({
      base: fields['base'] || location.origin,
      key: fields['key'] ?? '',
      tenant: fields['tenant'] ?? '',
      subTenant: fields['subTenant'] ?? '',
    });
    showNotice('Settings kept for this tab.');
  });
  byId('forget-key').addEventListener('click', () => {
    forgetKey();
    /** @type {HTMLInputElement} */ (byId('key')).value = '';
    showNotice('Key forgotten.');
  });
}

/** @param {string} view */
function show(view) {
  const name = VIEWS.includes(view) ? view : 'search';
  for (const other of VIEWS) byId(`view-${other}`).hidden = other !== name;
  for (const tab of document.querySelectorAll('#tabs button')) {
    tab.setAttribute('aria-selected', String(/** @type {HTMLElement} */ (tab).dataset['view'] === name));
  }
  clearMessage();
  if (name === 'sources' && loadSettings().key && loadSettings().tenant) showSources();
}

initSettings();
initSearch();
initSources();
initUpload();
initMemories();
initGraph();
for (const tab of document.querySelectorAll('#tabs button')) {
  tab.addEventListener('click', () => {
    location.hash = /** @type {HTMLElement} */ (tab).dataset['view'] ?? 'search';
  });
}
window.addEventListener('hashchange', () => show(location.hash.slice(1)));
show(location.hash.slice(1));
