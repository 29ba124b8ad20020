// A few DOM helpers: the client is plain DOM (no framework) to stay small on a phone.
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Record<string, any> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      element.className = String(value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(element.style, value);
    } else if (key in element && typeof value !== "string") {
      (element as any)[key] = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, ...children);
  return element;
}

export function append(parent: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child);
  }
}

export function clear(element: Element, ...children: Child[]): void {
  element.replaceChildren();
  append(element, ...children);
}

export function nameOf(jid: string | null | undefined): string {
  return (jid ?? "").split("@")[0];
}

export function toast(text: string, kind: "info" | "problem" = "info"): void {
  const box = document.getElementById("toast")!;
  box.textContent = text;
  box.className = `toast ${kind} shown`;
  window.clearTimeout((box as any).timer);
  (box as any).timer = window.setTimeout(() => { box.className = "toast"; }, 4000);
}
