// Text that does not fit: what a longer language (German) does to a layout made for English. The
// check runs inside the page and works with any driver's page (Playwright's tabs, puppeteer's
// toolbar popup), like axe.ts. It reports what a person would see cut or spilled:
//
// - clipped: an element that hides its overflow (overflow hidden or clip) and whose content is wider
//   than its box (scrollWidth > clientWidth + 1), or taller when it is not a line clamp; a select
//   narrower than its chosen option;
// - spilled: a line of text that runs out of its own element's box (visible overflow, overlapping
//   what is beside it), or out of the viewport;
// - scrolling: a document wider than the window (horizontal scrolling);
// - broken-word: a word split across two lines where it has no hyphen ("Mitbewerb|er": a box that
//   breaks anywhere rather than overflow, too narrow for the word). A link or an address may break
//   at its dots and slashes, and words over 24 letters (ids) anywhere: no label's word is that long.
//
// Deliberate cuts are not overflow: an ellipsis whose element (or an ancestor) carries a title, so
// the whole text is a hover away, a line clamp (remote titles and snippets), visually hidden text
// for screen readers, and anything inside a container that scrolls on purpose (overflow auto).

export interface Overflow {
  kind: 'clipped' | 'spilled' | 'off-screen' | 'scrolling' | 'broken-word';
  /** The element, as tag#id.class, and its place: the chain of its nearest ancestors. */
  where: string;
  /** The text that does not fit (first 80 characters). */
  text: string;
  /** How many CSS pixels too wide (or tall). */
  by: number;
}

/** Runs in the page: every overflow of the document as it is now. Self-contained (serialized). */
function overflowsInPage(): Overflow[] {
  const found: Overflow[] = [];
  const TOLERANCE = 1;
  const view = { width: document.documentElement.clientWidth, height: window.innerHeight };

  const describe = (el: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
      const classes = [...node.classList].map((c) => `.${c}`).join('');
      parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`);
    }
    return parts.join(' > ');
  };
  const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);

  /** Hidden, or visually hidden (1 px boxes that clip, the sr-only pattern). */
  const hidden = (el: Element): boolean => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (!node.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
      const style = getComputedStyle(node);
      const rect = node.getBoundingClientRect();
      const clips = style.overflow !== 'visible' || style.clip !== 'auto';
      if (clips && (rect.width <= 1 || rect.height <= 1)) return true;
      if (/inset\(50%\)|rect\(0/.test(style.clipPath + style.clip)) return true;
    }
    return false;
  };
  /** An ellipsis with the whole text at hand (a title on it or around it). */
  const deliberateCut = (el: Element, style: CSSStyleDeclaration): boolean =>
    style.textOverflow === 'ellipsis' && el.closest('[title]') !== null;
  /**
   * Inside a box that clips or scrolls sideways (the body and the root excepted: they are the
   * window): its text may lie beyond the window without being overflow of its own.
   */
  const clippedOrScrolled = (el: Element): boolean => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (node === document.body || node === document.documentElement) return false;
      if (getComputedStyle(node).overflowX !== 'visible') return true;
    }
    return false;
  };

  /**
   * How much wider a select would need to be to show its chosen option whole: a copy holding only
   * that option, sized by its content beside the original (same styles), against the original.
   */
  const selectShortfall = (select: HTMLSelectElement): number => {
    const probe = select.cloneNode(false) as HTMLSelectElement;
    probe.removeAttribute('id');
    probe.append(new Option(select.selectedOptions[0]?.text ?? ''));
    Object.assign(probe.style, {
      position: 'absolute',
      visibility: 'hidden',
      width: 'auto',
      minWidth: '0',
      maxWidth: 'none',
      flex: 'none',
    });
    select.after(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return needed - select.getBoundingClientRect().width;
  };

  /**
   * The first word of a text node that lies on two lines, split where it has no hyphen. Links,
   * addresses and file names (a dot, slash, colon or @ inside) break where they must.
   */
  const brokenWord = (node: Text): string | null => {
    const range = document.createRange();
    for (const token of (node.textContent ?? '').matchAll(/\S+/g)) {
      const bare = token[0].replace(/[.,:;!?…)»“”"']+$/, '');
      if (/[./:@]/.test(bare)) continue;
      for (const word of bare.matchAll(/[^-‐]+/g)) {
        if (word[0].length < 2 || word[0].length > 24) continue;
        const start = token.index + word.index;
        range.setStart(node, start);
        range.setEnd(node, start + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) return word[0];
      }
    }
    return null;
  };

  for (const el of document.body.querySelectorAll('*')) {
    if (el instanceof SVGElement || hidden(el)) continue;
    if (el instanceof HTMLSelectElement) {
      const short = selectShortfall(el);
      const shown = el.selectedOptions[0]?.text ?? '';
      if (short > TOLERANCE)
        found.push({ kind: 'clipped', where: describe(el), text: shown, by: short });
      continue;
    }
    const style = getComputedStyle(el);
    const text = textOf(el);
    if (!text) continue;
    const clipsX = /hidden|clip/.test(style.overflowX);
    const clipsY = /hidden|clip/.test(style.overflowY);
    const wide = el.scrollWidth - el.clientWidth;
    if (clipsX && wide > TOLERANCE && !deliberateCut(el, style)) {
      found.push({ kind: 'clipped', where: describe(el), text, by: wide });
    }
    const tall = el.scrollHeight - el.clientHeight;
    const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
    if (clipsY && !clamped && tall > TOLERANCE && el.clientHeight > 0) {
      found.push({ kind: 'clipped', where: describe(el), text, by: tall });
    }
  }

  // Each line of text against its own element's box and the window.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || parent instanceof SVGElement) continue;
    if (hidden(parent)) continue;
    const style = getComputedStyle(parent);
    const box = parent.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = node.textContent.replace(/\s+/g, ' ').trim().slice(0, 80);
    const visibleX = !/hidden|clip/.test(style.overflowX);
    const visibleY = !/hidden|clip/.test(style.overflowY);
    let spilled = 0;
    let offBy = 0;
    for (const line of range.getClientRects()) {
      if (line.width === 0) continue;
      const outX = Math.max(box.left - line.left, line.right - box.right);
      const outY = Math.max(box.top - line.top, line.bottom - box.bottom);
      if (!spilled && visibleX && outX > TOLERANCE) spilled = outX;
      if (!spilled && visibleY && outY > TOLERANCE) spilled = outY;
      const offScreen = Math.max(-line.left, line.right - view.width);
      if (!offBy && offScreen > TOLERANCE) offBy = offScreen;
    }
    // An inline element's box is its lines: text cannot leave it.
    if (spilled && style.display !== 'inline') {
      found.push({ kind: 'spilled', where: describe(parent), text, by: spilled });
    }
    // Text cut by a box that clips is reported as clipped (above); a scroller scrolls on purpose.
    if (offBy && !clippedOrScrolled(parent)) {
      found.push({ kind: 'off-screen', where: describe(parent), text, by: offBy });
    }
    const broken = brokenWord(node as Text);
    if (broken) found.push({ kind: 'broken-word', where: describe(parent), text: broken, by: 0 });
  }

  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth - page.clientWidth > TOLERANCE) {
    found.push({
      kind: 'scrolling',
      where: 'document',
      text: '',
      by: page.scrollWidth - page.clientWidth,
    });
  }
  return found;
}

/** A page's evaluate, as both drivers have it. */
export type Evaluate = (check: typeof overflowsInPage) => Promise<unknown>;

/** Every overflow of the page's document as it is now (empty when all text fits). */
export async function overflowsWith(evaluate: Evaluate): Promise<Overflow[]> {
  return (await evaluate(overflowsInPage)) as Overflow[];
}

/** overflowsWith for anything with a Playwright- or puppeteer-style evaluate(fn). */
export function overflowsIn(page: {
  evaluate(fn: typeof overflowsInPage): Promise<Overflow[]>;
}): Promise<Overflow[]> {
  return overflowsWith((check) => page.evaluate(check));
}

/** One line per overflow, for a failing assertion's message. */
export function describeOverflows(overflows: Overflow[]): string {
  return overflows
    .map((o) => `${o.kind} by ${Math.round(o.by)}px: ${o.where} "${o.text}"`)
    .join('\n');
}
