/** What an element may contain: nodes and text; `null`, `undefined` and `false` are skipped. */
export type Child = Node | string | null | undefined | false;

/** Attributes of {@link h}: `true` sets an empty attribute, `false` and `undefined` omit it. */
export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * An element with attributes and children. Text is always set as text, never parsed as HTML, so
 * values read from the ledger cannot inject markup.
 */
export function h<tag extends keyof HTMLElementTagNameMap>(
  tag: tag,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/** Appends children to `parent`, skipping the empty ones. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A fragment of several nodes, for a view's content. */
export function fragment(...children: Child[]): DocumentFragment {
  const result = document.createDocumentFragment();
  append(result, children);
  return result;
}

/** A link inside the explorer (`#/…`) or to the API (opens in place, as a plain link). */
export function link(href: string, ...children: Child[]): HTMLAnchorElement {
  return h('a', { href }, ...children);
}

/** A value shown in monospace, wrapping anywhere (addresses, hashes, DIDs). */
export function code(text: string): HTMLElement {
  return h('code', { class: 'id' }, text);
}

/** A definition list of label → value rows; rows whose value is empty are left out. */
export function details(rows: readonly (readonly [string, Child])[]): HTMLDListElement {
  const list = h('dl', { class: 'fields' });
  for (const [label, value] of rows) {
    if (value === null || value === undefined || value === false || value === '') continue;
    append(list, [h('dt', {}, label), h('dd', {}, value)]);
  }
  return list;
}

/** The page heading of a view: focused after navigation so screen readers announce it. */
export function heading(...children: Child[]): HTMLHeadingElement {
  return h('h1', { tabindex: -1 }, ...children);
}

/**
 * A table with a caption and column headings. On a phone its rows stack: each cell shows its
 * column's heading (`data-label`) above its value, so nothing scrolls sideways.
 */
export function table(
  id: string,
  caption: string,
  columns: readonly string[],
  rows: readonly HTMLTableRowElement[],
): HTMLElement {
  for (const row of rows)
    Array.from(row.cells).forEach((cell, i) => {
      cell.setAttribute('data-label', columns[i] ?? '');
    });
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { id, class: 'stacking' },
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', { scope: 'col' }, column)))),
      h('tbody', {}, ...rows),
    ),
  );
}

/**
 * A long id (a DID, a key id, an address) that stays on one line, cut short with an ellipsis
 * where it does not fit (a phone), with a button that copies it whole.
 */
export function longId(text: string): HTMLElement {
  const button = h(
    'button',
    { type: 'button', class: 'copy', 'aria-label': `Copy ${text}` },
    'Copy',
  );
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(() => {
      button.textContent = 'Copied';
    });
  });
  return h('span', { class: 'long-id' }, h('code', { class: 'id', title: text }, text), button);
}
