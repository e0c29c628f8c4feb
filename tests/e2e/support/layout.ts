/**
 * Layout faults a visitor would see, measured from the text boxes the browser laid out
 * (Range.getClientRects), not from screenshots. Runs inside the page: the function is serialised by
 * page.evaluate, so it uses nothing from this module's scope.
 */
export interface LayoutFault {
  kind: "overlap" | "overflow" | "wrapped header link" | "sideways scroll";
  detail: string;
}

export function findLayoutFaults(): LayoutFault[] {
  const faults: LayoutFault[] = [];
  // content-visibility: auto (the footer) skips what is off screen and clips what it draws, and what it
  // clips adds nothing to the page's scroll width: text cut off there, or a footer wider than the
  // window, would pass unseen. Measured drawn in full, such a fault shows as on any other box.
  const drawAll = document.head.appendChild(document.createElement("style"));
  drawAll.textContent = "* { content-visibility: visible !important; }";
  // Sub-pixel rounding and glyphs' side bearings may touch a neighbour; a visible fault is larger.
  const TOLERANCE = 1.5;

  interface TextBox {
    node: Text;
    rect: DOMRect;
    /** Inside the phone's intro bar, fixed over the page's text by design (tests/e2e/introBar.spec.ts checks what it may cover). */
    overlay: boolean;
  }

  const describe = (node: Node): string => {
    const text = (node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const element = node.parentElement;
    const where = element
      ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ")[0]}` : ""}`
      : "?";
    return `"${text}" (${where})`;
  };

  // Every element's computed style and clip are read once per call, however many texts it holds: the
  // page does not change while it is measured, and walking every ancestor of every text made this the
  // slowest part of the layout checks.
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (element: Element): CSSStyleDeclaration => {
    let style = styles.get(element);
    if (!style) styles.set(element, (style = getComputedStyle(element)));
    return style;
  };

  /** Made invisible by this element or one of its ancestors: not rendered, transparent, or clipped to nothing. */
  const invisible = new Map<Element, boolean>();
  const isInvisible = (element: Element): boolean => {
    let answer = invisible.get(element);
    if (answer === undefined) {
      const style = styleOf(element);
      answer =
        style.visibility === "hidden" ||
        style.opacity === "0" ||
        style.clip === "rect(0px, 0px, 0px, 0px)" ||
        style.clipPath === "inset(50%)" ||
        (element.parentElement !== null && isInvisible(element.parentElement));
      invisible.set(element, answer);
    }
    return answer;
  };

  /** Hidden on purpose: not rendered, transparent, clipped to nothing, or folded away in a closed <details>. */
  const isHidden = (element: Element): boolean =>
    (element.closest("details:not([open])") !== null && !element.closest("summary")) || isInvisible(element);

  interface Clip {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  const NO_CLIP: Clip = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
  /** What the ancestors of an element that clip their overflow leave visible (their boxes intersected). */
  const clips = new Map<Element, Clip>();
  const clipAbove = (element: Element): Clip => {
    let clip = clips.get(element);
    if (!clip) {
      const parent = element.parentElement;
      clip = NO_CLIP;
      if (parent) {
        const outer = clipAbove(parent);
        const style = styleOf(parent);
        if (style.overflowX === "visible" && style.overflowY === "visible") clip = outer;
        else {
          const box = parent.getBoundingClientRect();
          clip = {
            left: Math.max(outer.left, box.left),
            top: Math.max(outer.top, box.top),
            right: Math.min(outer.right, box.right),
            bottom: Math.min(outer.bottom, box.bottom),
          };
        }
      }
      clips.set(element, clip);
    }
    return clip;
  };

  /** The part of a box left visible by the ancestors that clip their overflow. */
  const visiblePart = (rect: DOMRect, element: Element): DOMRect => {
    const clip = clipAbove(element);
    const left = Math.max(rect.left, clip.left);
    const right = Math.min(rect.right, clip.right);
    const top = Math.max(rect.top, clip.top);
    const bottom = Math.min(rect.bottom, clip.bottom);
    return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
  };

  /** The box a text belongs in: its nearest ancestor that is not an inline box. */
  const containers = new Map<Element, DOMRect>();
  const containingBox = (element: Element): DOMRect => {
    let box = containers.get(element);
    if (!box) {
      let current: Element = element;
      while (current.parentElement && ["inline", "contents"].includes(styleOf(current).display)) current = current.parentElement;
      containers.set(element, (box = current.getBoundingClientRect()));
    }
    return box;
  };

  const boxes: TextBox[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.textContent?.trim() && node.parentElement && !isHidden(node.parentElement) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT,
  });
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    range.selectNodeContents(text);
    const element = text.parentElement;
    if (!element) continue;
    const overlay = element.closest("[data-intro-bar]") !== null;
    const rects: DOMRect[] = [];
    for (const rect of Array.from(range.getClientRects())) {
      const visible = visiblePart(rect, element);
      if (visible.width <= 1 || visible.height <= 1) continue;
      rects.push(rect);
      boxes.push({ node: text, rect: visible, overlay });
    }

    // Text that leaves its own box is clipped or runs into its neighbour.
    if (rects.length === 0) continue;
    const container = containingBox(element);
    for (const rect of rects) {
      if (rect.right > container.right + TOLERANCE || rect.left < container.left - TOLERANCE) {
        faults.push({
          kind: "overflow",
          detail: `${describe(text)} is ${Math.round(Math.max(rect.right - container.right, container.left - rect.left))}px wider than its box`,
        });
        break;
      }
    }
  }

  // Two pieces of text overlap when their boxes share more than a sliver in both directions. Boxes are
  // sorted by top so each is compared only with the boxes that start above its bottom.
  boxes.sort((a, b) => a.rect.top - b.rect.top);
  const reported = new Set<string>();
  for (const [i, a] of boxes.entries()) {
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j] as TextBox;
      if (b.rect.top >= a.rect.bottom - TOLERANCE) break;
      if (a.node === b.node || a.overlay !== b.overlay) continue;
      const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      // Lines set tighter than their glyphs' boxes (display headings) touch the next line by a few pixels.
      if (width > TOLERANCE && height > Math.max(TOLERANCE, 0.3 * Math.min(a.rect.height, b.rect.height))) {
        const detail = `${describe(a.node)} overlaps ${describe(b.node)} by ${Math.round(width)}x${Math.round(height)}px`;
        if (!reported.has(detail)) faults.push({ kind: "overlap", detail });
        reported.add(detail);
      }
    }
  }

  // A header link set on two lines reads as two links: two of its text boxes share no line.
  const linkText = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (const link of Array.from(document.querySelectorAll("[data-site-header] a, [data-site-header] nav button"))) {
    if (isHidden(link)) continue;
    const lines: DOMRect[] = [];
    linkText.currentNode = link;
    for (let node = linkText.nextNode(); node && link.contains(node); node = linkText.nextNode()) {
      range.selectNodeContents(node);
      lines.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 1 && rect.height > 1));
    }
    const wrapped = lines.some((a) => lines.some((b) => b.top >= a.bottom - TOLERANCE));
    if (wrapped) faults.push({ kind: "wrapped header link", detail: `${describe(link)} is on more than one line` });
  }

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    faults.push({ kind: "sideways scroll", detail: `the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window` });
  }
  drawAll.remove();
  return faults;
}
