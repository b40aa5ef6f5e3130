// Small helpers to build DOM nodes without a framework.

/**
 * Makes an element: h("button", {class: "x", onclick: fn, "aria-label": "..."}, child, ...).
 * Attributes starting with "on" become listeners; `null`/`false` attributes are left out;
 * string children become text nodes (never parsed as HTML).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      listen(el, key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

/** Appends children (nodes, strings, nested arrays; null is skipped). */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces every child of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Listens to `type` events on `el` with `fn`, through a slot a redraw can refill: when
 * redraw() keeps a node in place of its new twin, the node answers as the twin would. */
export function listen(el, type, fn) {
  if (!el.rkOn) el.rkOn = {};
  if (!el.rkTypes) el.rkTypes = new Set();
  if (!el.rkTypes.has(type)) {
    el.rkTypes.add(type);
    el.addEventListener(type, (e) => {
      const handler = el.rkOn[type];
      if (handler) handler(e);
    });
  }
  el.rkOn[type] = fn;
}

/** Node `old`, kept in the page, becomes its new twin: its attributes and listeners
 * (and, for the node itself, its content). */
function become(old, twin, content) {
  for (const { name } of [...old.attributes]) if (!twin.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...twin.attributes]) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  old.rkOn = {};
  for (const [type, fn] of Object.entries(twin.rkOn || {})) listen(old, type, fn);
  if (!content) return;
  if (old.innerHTML !== twin.innerHTML) old.replaceChildren(...twin.childNodes);
  if (old.tagName === "INPUT" && old.type === "range" && old.value !== twin.value) old.value = twin.value;
}

/** What a screen reader names a control by (near enough: its label, else its text). */
const spokenName = (el) => (el.getAttribute("aria-label") ?? el.textContent).trim();

/**
 * Replaces every child of `root` by `children`, as replace() does, but keeps the focused
 * control in the page where the new children hold its twin (the same tag, data-focus key
 * and name): it and the nodes above it stay and take their twins' attributes, content
 * and listeners, everything around them is replaced. A control taken out of the page
 * loses the focus, and focused again it is said again by a screen reader at every
 * redraw; kept, it is not. Returns whether the focused control was kept.
 */
export function redraw(root, ...children) {
  const fresh = document.createDocumentFragment();
  append(fresh, children);
  const old = document.activeElement;
  const key = old && old !== root && root.contains(old) && old.dataset ? old.dataset.focus : null;
  const twin = key ? fresh.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  if (twin && twin.tagName === old.tagName && spokenName(twin) === spokenName(old)) {
    const olds = [];
    const twins = [];
    let o = old;
    let n = twin;
    while (o !== root && n !== fresh && o && n && o.tagName === n.tagName) {
      olds.push(o);
      twins.push(n);
      o = o.parentNode;
      n = n.parentNode;
    }
    if (o === root && n === fresh) {
      // from the top down: each parent's children are the new ones, but for the kept
      // node on the way to the focus, which never leaves the page
      let parent = root;
      let parentTwin = fresh;
      for (let i = olds.length - 1; i >= 0; i--) {
        const stay = olds[i];
        const list = [...parentTwin.childNodes];
        const at = list.indexOf(twins[i]);
        for (const child of [...parent.childNodes]) if (child !== stay) child.remove();
        for (const child of list.slice(0, at)) parent.insertBefore(child, stay);
        for (const child of list.slice(at + 1)) parent.append(child);
        become(stay, twins[i], i === 0);
        parent = stay;
        parentTwin = twins[i];
      }
      return true;
    }
  }
  root.replaceChildren(fresh);
  return false;
}

/** The data-focus keys under `root`, in the page's order. */
export function focusKeys(root) {
  return [...root.querySelectorAll("[data-focus]")].map((el) => el.dataset.focus);
}

/**
 * Where the focus goes when the control with data-focus `key` is no longer drawn (or
 * null): {el, how}. The control of that key ("same"); else one of the same kind nearest
 * its place ("kin": `hand-9` gone, the card now last); else the first drawn of the keys
 * `next` names for its kind ("next": `join` -> `start`); else the nearest of `keys` (the
 * keys drawn before, in order) still drawn, before it first ("near"); else the status
 * line, a heading, or the first control ("default"). `fallback` false: only the first two.
 */
export function focusTarget(root, key, keys = [], next = {}, fallback = true) {
  const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;
  const find = (k) => {
    const el = root.querySelector(`[data-focus="${CSS.escape(k)}"]`);
    return usable(el) ? el : null;
  };
  if (key) {
    const same = find(key);
    if (same) return { el: same, how: "same" };
    const indexed = /^(.*)-(\d+)$/.exec(key);
    if (indexed) {
      const want = Number(indexed[2]);
      let best = null;
      let gap = Infinity;
      for (const el of root.querySelectorAll(`[data-focus^="${CSS.escape(indexed[1])}-"]`)) {
        const m = /^(.*)-(\d+)$/.exec(el.dataset.focus);
        if (!m || m[1] !== indexed[1] || !usable(el)) continue;
        const d = Math.abs(Number(m[2]) - want);
        if (d < gap || (d === gap && Number(m[2]) < want)) [best, gap] = [el, d];
      }
      if (best) return { el: best, how: "kin" };
    }
    if (!fallback) return null;
    for (const k of next[indexed ? indexed[1] : key] || []) {
      const el = find(k);
      if (el) return { el, how: "next" };
    }
    const at = keys.indexOf(key);
    for (let d = 1; at >= 0 && d < keys.length; d++) {
      for (const i of [at - d, at + d]) {
        const el = i >= 0 && i < keys.length ? find(keys[i]) : null;
        if (el) return { el, how: "near" };
      }
    }
  }
  if (!fallback) return null;
  const el = find("status") || find("heading") || [...root.querySelectorAll("[data-focus]")].find(usable);
  return el ? { el, how: "default" } : null;
}

/** Makes an element from trusted markup built by this page (the SVG cards). */
export function fromMarkup(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup.trim();
  return template.content.firstElementChild;
}

/** True when the user asked for less motion. */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
