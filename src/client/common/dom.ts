/**
 * Small DOM helpers for the views. The pages are server-rendered shells whose elements the views
 * find by `data-part` (never by data-testid, which belongs to tests).
 */

/** The first element matching `sel` under `root`; throws when the shell lacks it (a bug, not a state). */
export function $<T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T {
  const el = root.querySelector<T>(sel);
  if (!el) throw new Error(`missing element ${sel}`);
  return el;
}

/** Every element matching `sel` under `root`. */
export function $$<T extends Element = HTMLElement>(sel: string, root: ParentNode = document): T[] {
  return Array.from(root.querySelectorAll<T>(sel));
}

export function show(el: HTMLElement | null, on: boolean): void {
  if (el) el.hidden = !on;
}

export function text(el: Element | null, value: unknown): void {
  if (el) el.textContent = value === null || value === undefined ? '' : String(value);
}

/** Creates an element with attributes (`class`, `data-*`, …) and text or child nodes; never parses HTML. */
export function h(tag: string, attrs: Record<string, string | null | undefined> = {}, ...children: (Node | string)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

/** The element of the shell named `data-part="<name>"` under `root`; throws when the shell lacks it. */
export function part<T extends Element = HTMLElement>(name: string, root: ParentNode = document): T {
  return $<T>(`[data-part="${name}"]`, root);
}

/** Every element named `data-part="<name>"` under `root`. */
export function parts<T extends Element = HTMLElement>(name: string, root: ParentNode = document): T[] {
  return $$<T>(`[data-part="${name}"]`, root);
}
