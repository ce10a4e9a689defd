// What the browser tests and `make bench-web` share: the built page served on a free
// port, Debian's Chromium driven by playwright-core, shared files found as the Rust
// tests find them (`../shared`, or SUDOSAT_SHARED), screenshots under the test's output
// folder (target/test-scratch/web/<test>/), and the page contract's selectors.
//
// Under CI=true a missing Chromium, built page or shared file fails the run; elsewhere
// the tests skip with a note.

import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from '../serve.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB = join(ROOT, 'target', 'web');
export const IN_CI = process.env.CI === 'true';

// Chromium as root, headless, with nothing reaching out to the network (this machine's
// network is closed: background requests only add noise and delays).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// CHROMIUM names the browser when set (and nothing else is tried then), else Debian's.
export function chromiumPath() {
  const candidates = process.env.CHROMIUM ? [process.env.CHROMIUM] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => existsSync(path)) || null;
}

// Why the browser tests cannot run here, or null. Under CI=true the caller fails on it.
export function missing() {
  if (!chromiumPath()) return 'Chromium (Debian package chromium, or CHROMIUM=PATH)';
  if (!existsSync(join(WEB, 'index.html'))) return 'the built page target/web (make web)';
  if (!existsSync(join(ROOT, 'web', 'node_modules', 'playwright-core'))) {
    return 'playwright-core (cd web && npm ci)';
  }
  return null;
}

// `<shared>/<relative>`: SUDOSAT_SHARED, else the first `shared` folder above the checkout.
export function sharedPath(relative) {
  if (process.env.SUDOSAT_SHARED) {
    const path = join(process.env.SUDOSAT_SHARED, relative);
    return existsSync(path) ? path : null;
  }
  for (let dir = ROOT; ; dir = dirname(dir)) {
    const path = join(dir, 'shared', relative);
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return null;
  }
}

// The data lines of a puzzle file (no comments, no blank lines).
export function dataLines(path) {
  return readFileSync(path, 'latin1')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

export function testdata(relative) {
  return join(ROOT, 'testdata', relative);
}

// A fresh output folder for one test's screenshots.
export function outputDir(name) {
  const dir = join(ROOT, 'target', 'test-scratch', 'web', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function launch() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export async function startServer() {
  return serve(WEB);
}

// A new page in a fresh context (its own storage and service workers), with errors on
// the page collected in `page.errors`.
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 860 }, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text());
  });
  return { context, page };
}

export async function ready(page) {
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
}

// Resolves when the game worker has answered every call sent so far (the page queues
// them in order), so the DOM shows their result.
export async function settled(page) {
  await page.evaluate(async () => {
    const state = window.sudoplay.state();
    await state.queue;
  });
}

// The text of every cell, in reading order, as the page contract gives it.
export async function cellTexts(page) {
  return page.$$eval('#board [data-cell]', (cells) => cells.map((cell) => cell.textContent));
}

export async function cellText(page, name) {
  return page.$eval(`#board [data-cell="${name}"]`, (cell) => cell.textContent);
}
