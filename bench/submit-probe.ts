/**
 * How the app's Submit is timed, in the page rather than from Node, so Playwright's round trips
 * to the browser do not count: a script armed before each click (`armSubmitProbe`, serialized
 * into the page by `page.evaluate`) notes `performance.now()` when the click reaches the window
 * (a capture listener: before React's handler runs), watches the panel's status line
 * (`.run-summary`, the element the e2e tests read a Submit's verdict from) with a
 * MutationObserver, and notes when it first holds a verdict after having shown the run as
 * running, then when the next frame after that was rendered (requestAnimationFrame, then a
 * MessageChannel message, delivered just after that frame's rendering step). Node only polls for
 * the reading; the poll does not time it.
 */

/** What the probe leaves in the page, as `window.__submitProbe`; times in ms (`performance.now()`). */
export interface SubmitReading {
  /** When the Submit click reached the window (capture phase). */
  clickedAt?: number;
  /** When the status line first held a verdict after the click: the DOM has it. */
  verdictAt?: number;
  /** The rAF + MessageChannel time after the frame that followed: the verdict is on screen. */
  paintedAt?: number;
  /** The status line's run state at the verdict: pass, fail, error or failed (the runner could not start). */
  status?: string;
  /** The status line's text at the verdict, e.g. "All 40 checks passed. Well done!". */
  summary?: string;
  /** The known mistakes the panel names (`data-mutant` of each), in order. */
  mistakes?: string[];
  /** Files fetched between the click and the verdict: name, start and end in ms after the click. */
  fetched?: { name: string; start: number; end: number }[];
}

declare global {
  interface Window {
    __submitProbe?: SubmitReading;
  }
}

/**
 * Arms the probe for the next Submit of exercise `id`'s panel. Playwright serializes this
 * function into the page, so it may use nothing from outside its own body.
 */
export function armSubmitProbe(id: string): void {
  const panel = document.querySelector(`section.exercise[data-exercise="${id}"]`);
  const line = panel?.querySelector('.run-summary');
  if (!panel || !line) throw new Error(`armSubmitProbe: no exercise panel "${id}" with a .run-summary on the page.`);
  const reading: SubmitReading = {};
  window.__submitProbe = reading;

  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !panel.contains(button) || button.textContent?.trim() !== 'Submit') return;
    reading.clickedAt = performance.now();
    window.removeEventListener('click', onClick, true);
  };
  window.addEventListener('click', onClick, true);

  const verdictOf = (className: string) => /\brun-(pass|fail|error|failed)\b/.exec(className)?.[1];
  let sawRunning = false;
  const observer = new MutationObserver((records) => {
    if (reading.clickedAt === undefined) return;
    // The old class names too: a run that started and ended between two callbacks still counts.
    for (const record of records) if (record.oldValue?.includes('run-running')) sawRunning = true;
    if (line.className.includes('run-running')) sawRunning = true;
    const status = verdictOf(line.className);
    if (!sawRunning || !status) return;
    const at = performance.now();
    observer.disconnect();
    reading.verdictAt = at;
    reading.status = status;
    reading.summary = line.textContent ?? '';
    reading.mistakes = [...panel.querySelectorAll('[data-mutant]')].map((el) => el.getAttribute('data-mutant') ?? '');
    const clicked = reading.clickedAt;
    reading.fetched = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime >= clicked)
      .map((e) => ({ name: e.name.replace(/^.*\//, ''), start: e.startTime - clicked, end: e.responseEnd - clicked }));
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        reading.paintedAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(line, { attributes: true, attributeFilter: ['class'], attributeOldValue: true, childList: true, characterData: true, subtree: true });
}

/** The verdict a submission must get: the reference passes; a mutant fails and is named. */
export interface ExpectedVerdict {
  status: 'pass' | 'fail';
  /** For a mutant: its name, which the panel must name as the known mistake. */
  mutant?: string;
}

/**
 * Why a reading does not count (a wrong verdict, a summary that does not say it, the mutant not
 * named, a time missing), or undefined when it is sound. `label` names the submission.
 */
export function readingProblem(reading: SubmitReading, expected: ExpectedVerdict, label: string): string | undefined {
  const { clickedAt, verdictAt, paintedAt, status, summary = '', mistakes = [] } = reading;
  if (clickedAt === undefined || verdictAt === undefined || paintedAt === undefined) return `${label}: the probe saw no complete Submit (click ${clickedAt}, verdict ${verdictAt}, paint ${paintedAt}).`;
  if (status !== expected.status) return `${label}: expected ${expected.status}, the page showed ${status}: "${summary.slice(0, 200)}".`;
  const says = expected.status === 'pass' ? /^All \d+ checks passed/ : /^\d+ of \d+ checks passed/;
  if (!says.test(summary)) return `${label}: the status line says "${summary.slice(0, 200)}", not a ${expected.status}ing Submit's summary.`;
  if (expected.mutant !== undefined && !mistakes.includes(expected.mutant)) {
    return `${label}: the known mistake "${expected.mutant}" was not named (named: ${mistakes.join(', ') || 'none'}).`;
  }
  if (!(clickedAt <= verdictAt && verdictAt <= paintedAt)) return `${label}: times out of order (click ${clickedAt}, verdict ${verdictAt}, paint ${paintedAt}).`;
  return undefined;
}

/**
 * `armSubmitProbe(id)` as source text for `page.evaluate`. tsx compiles this file with esbuild's
 * keepNames, which wraps named functions in calls to a `__name` helper that exists in Node but not
 * in the page; a local no-op stands in for it (as in paint-probe.ts).
 */
export function submitProbeScript(id: string): string {
  return `(() => { const __name = (fn) => fn; (${armSubmitProbe.toString()})(${JSON.stringify(id)}); })();`;
}
