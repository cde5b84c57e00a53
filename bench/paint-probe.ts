/**
 * How the first-content benchmark tells when the lesson text is visible: a script that runs in
 * the page before any of the page's own (Playwright's `addInitScript`), the same for the app and
 * for the static floor page, and reports paint times rather than the time a test noticed them.
 *
 * 1. A MutationObserver watches the document. When an element whose text contains the chosen
 *    sentence is inserted (by the HTML parser on the floor page, by React on the app), it marks
 *    the innermost such element with `elementtiming="lesson-text"`. Observer callbacks run as
 *    microtasks, after the task that inserted the element and before the next rendering step, so
 *    the attribute is there before the element's first paint.
 * 2. A PerformanceObserver for `element` entries (Element Timing, buffered) then receives that
 *    element's `renderTime`: when the frame that first painted its text was presented, in ms
 *    since navigation start. This is the figure reported.
 * 3. As a cross-check that needs no Element Timing, the probe also takes a "next paint" time:
 *    requestAnimationFrame after the insertion, then a MessageChannel message, which is delivered
 *    just after that frame's rendering step. It is a little later than the paint it follows.
 * 4. First Contentful Paint, for information (on the app it is the page shell, not the lesson).
 */

/** What the probe leaves in the page, as `window.__paintProbe`; times in ms since navigation start. */
export interface PaintProbe {
  /** Element Timing `renderTime` of the element holding the sentence (0 when Chromium reports none). */
  elementRender?: number;
  /** When the element holding the sentence was inserted into the document. */
  inserted?: number;
  /** The rAF + MessageChannel time after the frame that followed the insertion. */
  nextPaint?: number;
  /** First Contentful Paint of the page. */
  fcp?: number;
}

declare global {
  interface Window {
    __paintProbe?: PaintProbe;
  }
}

/**
 * The init script; `sentence` is the text to wait for, whitespace collapsed. Playwright serializes
 * this function into the page, so it may use nothing from outside its own body.
 */
export function installPaintProbe(sentence: string): void {
  const probe: PaintProbe = {};
  window.__paintProbe = probe;
  const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
  const holds = (node: Node) => norm(node.textContent).includes(sentence);

  // The innermost element under `root` whose text holds the whole sentence.
  const innermost = (root: Element): Element => {
    for (const child of Array.from(root.children)) if (holds(child)) return innermost(child);
    return root;
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      // The parser may insert a paragraph's text in pieces (new text nodes, or data appended to one).
      const nodes = record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
      for (const node of nodes) {
        // A text node: look at the element it is in.
        const element = node instanceof Element ? node : node.parentElement;
        if (!element || !holds(element)) continue;
        const target = innermost(element);
        target.setAttribute('elementtiming', 'lesson-text');
        probe.inserted = performance.now();
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            probe.nextPaint = performance.now();
          };
          channel.port2.postMessage(null);
        });
        return;
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number }>) {
      if (entry.identifier === 'lesson-text') probe.elementRender = entry.renderTime ?? 0;
    }
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) probe.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/**
 * The init script as source text for `addInitScript({ content })`. tsx compiles this file with
 * esbuild's keepNames, which wraps named functions in calls to a `__name` helper that exists in
 * Node but not in the page; a local no-op stands in for it, so nothing leaks into the page's globals.
 */
export function paintProbeScript(sentence: string): string {
  return `(() => { const __name = (fn) => fn; (${installPaintProbe.toString()})(${JSON.stringify(sentence)}); })();`;
}
