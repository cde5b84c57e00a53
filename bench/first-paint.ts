/**
 * One cold page load timed to the first paint of a given sentence (see paint-probe.ts for how
 * the paint is detected). Each load gets a fresh browser context: empty HTTP cache and storage,
 * as a learner's first visit.
 */
import type { Browser } from 'playwright-core';
import { paintProbeScript, type PaintProbe } from './paint-probe.ts';

/** Paint times of one load, in ms since navigation start. */
export interface FirstPaint {
  /** The figure reported: Element Timing's renderTime, or `nextPaint` when Chromium gave none. */
  visible: number;
  /** True when `visible` is the rAF + MessageChannel fallback. */
  fallback: boolean;
  nextPaint: number;
  /** When the element holding the sentence was inserted into the document. */
  inserted: number;
  fcp: number | undefined;
  /** When the HTML document had arrived. */
  documentEnd: number;
  /** Resource Timing of the files the page fetched (path relative to the server, start and end). */
  resources: Array<{ path: string; start: number; end: number }>;
}

export interface LoadOptions {
  url: string;
  /** The text to wait for, whitespace collapsed. */
  sentence: string;
  /** Chromium's CPU slow-down factor (DevTools' `Emulation.setCPUThrottlingRate`); 1 is none. */
  cpuSlowdown: number;
  /** How long Element Timing may lag the next-paint time before the fallback is used. */
  elementGraceMs?: number;
}

/** Loads `url` in a fresh context and resolves with when `sentence` was first painted. */
export async function timeFirstPaint(browser: Browser, options: LoadOptions): Promise<FirstPaint> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript({ content: paintProbeScript(options.sentence) });
    const page = await context.newPage();
    if (options.cpuSlowdown !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    }
    await page.goto(options.url, { waitUntil: 'commit' });
    // Polling only finds out that the probe has its answer; the answer is a paint timestamp.
    await page.waitForFunction(() => window.__paintProbe?.nextPaint !== undefined, undefined, { timeout: 30_000 }).catch(() => {
      throw new Error(`timeFirstPaint: "${options.sentence.slice(0, 60)}…" was not painted within 30 s at ${options.url}.`);
    });
    // Element Timing entries arrive once the frame is presented, which can be after nextPaint.
    await page
      .waitForFunction(() => window.__paintProbe?.elementRender !== undefined, undefined, { timeout: options.elementGraceMs ?? 2_000 })
      .catch(() => undefined);
    const { probe, documentEnd, resources } = await page.evaluate(() => ({
      probe: window.__paintProbe as PaintProbe,
      documentEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? NaN,
      resources: performance
        .getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname.replace(/^\//, ''), start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    }));
    const nextPaint = probe.nextPaint ?? NaN;
    const element = probe.elementRender;
    const fallback = element === undefined || element <= 0;
    return { visible: fallback ? nextPaint : element, fallback, nextPaint, inserted: probe.inserted ?? NaN, fcp: probe.fcp, documentEnd, resources };
  } finally {
    await context.close();
  }
}
