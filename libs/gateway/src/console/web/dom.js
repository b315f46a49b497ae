// Small DOM helpers. Everything the API returns is put on the page as text (textContent), never
// as HTML: sources and memories hold whatever users uploaded.

/**
 * Creates an element. `props`: `class`, `text`, `on` ({event: handler}), `dataset`, and any other
 * attribute (false/null/undefined leave it out). Children: nodes or strings (as text).
 * @param {string} tag
 * @param {Record<string, any>} [props]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = String(value);
    else if (name === 'text') element.textContent = String(value);
    else if (name === 'on')
      for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name in element && typeof value !== 'string') /** @type {any} */ (element)[name] = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
  return element;
}

/** @param {string} id @returns {HTMLElement} */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element;
}

/** @param {HTMLElement} element @param {...(Node | string)} children */
export function fill(element, ...children) {
  element.replaceChildren(...children);
}

/** The form's named fields as trimmed strings (files left out). @param {HTMLFormElement} form */
export function fieldsOf(form) {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') fields[name] = value.trim();
  }
  return fields;
}

/**
 * Shows an error in the message bar: for an API error its status, error_code, message, the
 * fields validation named, and the request id (quote it when reporting a problem).
 * @param {unknown} error
 */
export function showError(error) {
  const bar = byId('message');
  bar.className = 'message error';
  bar.hidden = false;
  const e = /** @type {any} */ (error);
  if (e && e.name === 'ApiError') {
    fill(
      bar,
      h('strong', { text: `${e.status} ${e.code || 'ERROR'}` }),
      ` ${e.message}`,
      ...e.errors.map((/** @type {any} */ f) =>
        h('span', { class: 'field-error', text: ` ${f.field}: ${f.message}` }),
      ),
      h('span', { class: 'request-id', text: e.requestId ? ` (request id: ${e.requestId})` : '' }),
    );
  } else {
    fill(bar, h('strong', { text: 'Error' }), ` ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** @param {string} text */
export function showNotice(text) {
  const bar = byId('message');
  bar.className = 'message notice';
  bar.hidden = false;
  fill(bar, text);
}

export function clearMessage() {
  const bar = byId('message');
  bar.hidden = true;
  fill(bar);
}

/**
 * Runs a form's action on submit, with the message bar cleared first and errors shown there.
 * @param {HTMLFormElement} form
 * @param {(fields: Record<string, string>, form: HTMLFormElement) => Promise<void>} action
 */
export function onSubmit(form, action) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearMessage();
    const button = form.querySelector('button[type=submit]');
    if (button) /** @type {HTMLButtonElement} */ (button).disabled = true;
    action(fieldsOf(form), form)
      .catch(showError)
      .finally(() => {
        if (button) /** @type {HTMLButtonElement} */ (button).disabled = false;
      });
  });
}
