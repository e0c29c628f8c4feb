import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * A small stand-in for `react-dom/server` in the browser bundle only (gatsby-node aliases it for the
 * browser build). gatsby-plugin-image calls renderToStaticMarkup in the browser to draw images that
 * were not server-rendered, which would otherwise ship all of React's server renderer (21 KB gzip) to
 * every visitor. This renders what it needs: host elements, function components, fragments, text,
 * style objects and the attributes images use, with React's own output format. The server build keeps
 * the real renderer; tests/unit/runtime/staticMarkup.test.tsx compares the two.
 */

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const BOOLEAN = new Set([
  "hidden",
  "disabled",
  "checked",
  "selected",
  "multiple",
  "readonly",
  "required",
  "async",
  "defer",
  "autoplay",
  "controls",
  "loop",
  "muted",
  "open",
  "reversed",
  "ismap",
  "nomodule",
  "playsinline",
]);
/** React writes most props under their own name (srcSet stays srcSet); these it renames. */
const NAMES: Record<string, string> = {
  className: "class",
  htmlFor: "for",
  httpEquiv: "http-equiv",
  acceptCharset: "accept-charset",
  tabIndex: "tabindex",
  readOnly: "readonly",
};
const UNITLESS = new Set([
  "opacity",
  "zIndex",
  "flex",
  "flexGrow",
  "flexShrink",
  "order",
  "fontWeight",
  "lineHeight",
  "zoom",
  "aspectRatio",
  "gridRow",
  "gridColumn",
]);
const SKIP = new Set(["children", "key", "ref", "dangerouslySetInnerHTML", "suppressHydrationWarning", "suppressContentEditableWarning"]);

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c] as string);
}

function styleString(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => value !== null && value !== undefined && value !== "" && typeof value !== "boolean")
    .map(([name, value]) => {
      const css = name.startsWith("--") ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, "-ms-");
      const text = typeof value === "number" && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value);
      return `${css}:${text.trim()}`;
    })
    .join(";");
}

function attributes(props: Record<string, unknown>): string {
  let out = "";
  for (const [key, value] of Object.entries(props)) {
    if (SKIP.has(key) || value === null || value === undefined || typeof value === "function" || typeof value === "symbol") continue;
    if (key === "style" && typeof value === "object") {
      const css = styleString(value as Record<string, unknown>);
      if (css) out += ` style="${escape(css)}"`;
      continue;
    }
    const name = NAMES[key] ?? key;
    if (typeof value === "boolean") {
      if (key.startsWith("aria-") || key.startsWith("data-")) out += ` ${name}="${value}"`;
      else if (value && BOOLEAN.has(name)) out += ` ${name}=""`;
      continue;
    }
    out += ` ${name}="${escape(String(value))}"`;
  }
  return out;
}

function render(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return escape(String(node));
  if (Array.isArray(node)) return node.map(render).join("");
  if (!isValidElement(node)) return "";
  const element = node as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
  const { type, props } = element;
  if (type === Fragment) return render(props.children);
  if (typeof type === "function") {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) {
      throw new Error("staticMarkup renders host elements, function components and fragments only");
    }
    const component = type as (p: unknown) => ReactNode;
    return render(component(props));
  }
  if (typeof type !== "string") throw new Error("staticMarkup renders host elements, function components and fragments only");
  const open = `<${type}${attributes(props)}`;
  if (VOID.has(type)) return `${open}/>`;
  const inner = props.dangerouslySetInnerHTML as { __html?: string } | undefined;
  return `${open}>${inner?.__html ?? render(props.children)}</${type}>`;
}

export function renderToStaticMarkup(element: ReactNode): string {
  return render(element);
}

export function renderToString(element: ReactNode): string {
  return render(element);
}
