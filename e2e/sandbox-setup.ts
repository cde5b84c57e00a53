/**
 * Shared by the sandbox probes, the determinism suite and the browser benchmark: builds the
 * harness page (e2e/sandbox-harness, which imports runner/browser) with Vite, serves it on
 * 127.0.0.1 with the app's own static server, and opens it in Debian's Chromium.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serve } from '../web/serve.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface Harness {
  browser: Browser;
  page: Page;
  url: string;
  /** Opens a new tab on the harness (a fresh page: no frame, no warm worker); `query` is appended to its URL. */
  newPage(query?: string): Promise<Page>;
  close(): Promise<void>;
}

/** Builds the harness page into a temporary folder; returns the folder. */
export async function buildHarness(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'sandbox-harness-'));
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'sandbox-harness'),
    base: './',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8_000 },
  });
  return outDir;
}

export async function startHarness(): Promise<Harness> {
  const dir = await buildHarness();
  const server = await serve({ dir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const url = `${server.url.replace(/\/$/, '')}/index.html`;
  const newPage = async (query = '') => {
    const page = await browser.newPage();
    await page.goto(url + query);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  };
  const page = await newPage();
  return {
    browser,
    page,
    url,
    newPage,
    async close() {
      await browser.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
