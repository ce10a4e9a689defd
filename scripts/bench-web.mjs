#!/usr/bin/env node
// The browser game measured (`make bench-web`): the .wasm's size, first paint to
// data-ready, hint latency in the page's worker against the native build on the same
// puzzles in the same run, the page's own latency from a key to the hint on screen, and
// puzzle generation by Sudoku Explainer level in the worker against `sudokugen`.
//
//     node scripts/bench-web.mjs [--runs N] [--gen N] [--hanidoku N] [--page-puzzles N]
//                                [--skip-native] [OUT]
//
// Needs target/web (make web), target/release/examples/hint_bench and
// target/release/sudokugen (make bench-web builds them), Debian's chromium,
// playwright-core (web/node_modules) and ../shared/puzzles. Writes OUT/summary.md
// (default scratch/bench-web) and prints it; exit 0, or 2 when something is missing.
//
// Hints: the tutor's walk from the givens to the solution, one `Tutor::next` per step,
// as examples/hint_bench.rs walks it natively; in the browser the same walk runs in the
// page's game worker (web/src/bench.rs), timed there with performance.now() (0.1 ms
// resolution in a page that is not cross-origin isolated). Both walks must take the same
// number of steps on every puzzle. Native and browser alternate set by set; the load
// average goes into the summary (a shared 2-core machine).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, type } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import {
  ROOT, WEB, chromiumPath, dataLines, launch, missing, newPage, ready, settled, sharedPath,
  startServer, testdata,
} from '../web/tests/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = args[at + 1];
  args.splice(at, 2);
  return Number(value);
};
const RUNS = option('--runs', 7);
const GEN = option('--gen', 5);
const HANIDOKU = option('--hanidoku', 100);
const PAGE_PUZZLES = option('--page-puzzles', 10);
const skipNative = args.includes('--skip-native');
const OUT = args.filter((a) => !a.startsWith('--'))[0] || join(ROOT, 'scratch', 'bench-web');

function fail(message) {
  console.error(`bench-web: ${message}`);
  process.exit(2);
}

const why = missing();
if (why) fail(`needs ${why}`);
const HINT_BENCH = join(ROOT, 'target', 'release', 'examples', 'hint_bench');
const SUDOKUGEN = join(ROOT, 'target', 'release', 'sudokugen');
for (const binary of [HINT_BENCH, SUDOKUGEN]) {
  try {
    statSync(binary);
  } catch {
    fail(`no ${binary} (make bench-web builds it)`);
  }
}
const top95 = sharedPath('puzzles/norvig_top95.txt');
const hardHanidoku = sharedPath('puzzles/hanidoku/1050_hard_hanidoku.txt');
if (!top95 || !hardHanidoku) fail('needs ../shared/puzzles (norvig_top95.txt, hanidoku/1050_hard_hanidoku.txt)');
mkdirSync(OUT, { recursive: true });

const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const median = (values) => quantile(values, 0.5);
const ms = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;

const started = new Date();
const loadBefore = loadavg();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT }).toString().trim();
const chromiumVersion = spawnSync(chromiumPath(), ['--version']).stdout.toString().trim();
const lines = [];
const say = (line = '') => {
  lines.push(line);
  console.error(line);
};

say('# make bench-web');
say();
say(`Command: \`${['node scripts/bench-web.mjs', ...process.argv.slice(2)].join(' ')}\``);
say(`Commit: ${commit}${dirty ? ' (with uncommitted changes)' : ''}; ${started.toISOString().slice(0, 16)}Z`);
say(`Machine: ${cpus()[0].model}, ${cpus().length} CPUs, ${type()} ${release()}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`);
say(`Browser: ${chromiumVersion}, headless, driven by playwright-core; Node ${process.version}`);
say();

// --- Size ------------------------------------------------------------------------
const wasm = readFileSync(join(WEB, 'pkg', 'sudosat_web_bg.wasm'));
const files = ['index.html', 'style.css', 'app.js', 'worker.js', 'sw.js', 'pkg/sudosat_web.js', 'pkg/sudosat_web_bg.wasm'];
let total = 0;
let totalGz = 0;
for (const file of files) {
  const bytes = readFileSync(join(WEB, file));
  total += bytes.length;
  totalGz += gzipSync(bytes, { level: 9 }).length;
}
const wasmGz = gzipSync(wasm, { level: 9 }).length;
say('## Size');
say();
say('| file | bytes | gzip -9 | goal |');
say('|---|---:|---:|---|');
say(`| sudosat_web_bg.wasm | ${wasm.length} (${kb(wasm.length)}) | ${wasmGz} (${kb(wasmGz)}) | at most 1.5 MB, gzip 600 kB |`);
say(`| the whole page (${files.length} files) | ${total} (${kb(total)}) | ${totalGz} (${kb(totalGz)}) | |`);
say();

const server = await startServer();
const browser = await launch();

// --- First paint to data-ready -----------------------------------------------------
const ESCARGOT = dataLines(testdata('puzzles/9x9_ai_escargot.txt'))[0];
const HANIDOKU_ONE = dataLines(hardHanidoku)[0];
const paintCases = [
  ['9x9 (AI Escargot)', `puzzle=${encodeURIComponent(ESCARGOT)}`],
  ['Hanidoku (hard set #1)', `puzzle=${HANIDOKU_ONE}&layout=hanidoku`],
];

async function paintTimes(page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0];
    const readyMark = performance.getEntriesByName('sudoplay-ready')[0];
    return { paint: paint ? paint.startTime : NaN, ready: readyMark ? readyMark.startTime : NaN };
  });
}

say('## First paint to data-ready');
say();
say(`Milliseconds from navigation start, median of ${RUNS} loads. Cold: a new browser context (no cache, no service worker), so the .wasm is fetched and compiled in both workers; warm: a reload of the same context, served by the service worker.`);
say();
say('| board | load | first paint | data-ready | first paint to data-ready |');
say('|---|---|---:|---:|---:|');
for (const [name, query] of paintCases) {
  const cold = [];
  const warm = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.origin}/?${query}`);
    await ready(page);
    cold.push(await paintTimes(page));
    await page.waitForSelector('body[data-offline="1"]');
    await page.reload();
    await ready(page);
    warm.push(await paintTimes(page));
    await context.close();
  }
  for (const [label, times] of [['cold', cold], ['warm', warm]]) {
    const paint = median(times.map((t) => t.paint));
    const readyAt = median(times.map((t) => t.ready));
    const gap = median(times.map((t) => t.ready - t.paint));
    say(`| ${name} | ${label} | ${ms(paint, 0)} | ${ms(readyAt, 0)} | ${ms(gap, 0)} |`);
  }
}
say();

// --- Hint latency: the worker against the native build -----------------------------
function nativeHints(file, layout) {
  const out = execFileSync(HINT_BENCH, ['--layout', layout, file], { maxBuffer: 1 << 28 }).toString();
  const ms = [];
  const steps = [];
  let wrong = 0;
  for (const line of out.split('\n')) {
    const fields = line.split('\t');
    if (fields[0] === 'step') ms.push(Number(fields[3]) / 1000);
    if (fields[0] === 'puzzle') {
      steps.push(Number(fields[2]));
      wrong += Number(fields[3]);
    }
  }
  return { ms, steps, wrong };
}

const hanidokuFile = join(OUT, `hanidoku-first-${HANIDOKU}.txt`);
writeFileSync(hanidokuFile, `${dataLines(hardHanidoku).slice(0, HANIDOKU).join('\n')}\n`);
const hintSets = [
  ['norvig_top95', top95, 'sudoku'],
  [`hard Hanidoku, first ${HANIDOKU}`, hanidokuFile, 'hanidoku'],
];
const { context: benchContext, page: benchPage } = await newPage(browser);
await benchPage.goto(`${server.origin}/?puzzle=${encodeURIComponent(ESCARGOT)}`);
await ready(benchPage);
await settled(benchPage);

say('## Hint latency: the page\'s worker against the native build');
say();
say('Every `Tutor::next` of the walk from the givens to the solution (examples/hint_bench.rs natively, web/src/bench.rs in the game worker), milliseconds.');
say();
say('| set | puzzles | steps | native p50 / p95 / p99 / max | browser p50 / p95 / p99 / max | p95 browser/native | walk s native / browser | same steps |');
say('|---|---:|---:|---|---|---:|---|---|');
const hintRows = [];
for (const [name, file, layout] of hintSets) {
  let native = null;
  let nativeSeconds = NaN;
  if (!skipNative) {
    const start = performance.now();
    native = nativeHints(file, layout);
    nativeSeconds = (performance.now() - start) / 1000;
  }
  const text = readFileSync(file, 'latin1');
  const start = performance.now();
  const browserTimes = await benchPage.evaluate(
    ({ text, layout }) => window.sudoplay.call('game', 'benchHints', { puzzles: text, layout, limit: 0 }),
    { text, layout },
  );
  const browserSeconds = (performance.now() - start) / 1000;
  const q = (values) => [0.5, 0.95, 0.99, 1].map((p) => ms(quantile(values, p), p === 1 ? 0 : 1)).join(' / ');
  const same = native ? JSON.stringify(native.steps) === JSON.stringify(browserTimes.steps) : null;
  const ratio = native ? quantile(browserTimes.ms, 0.95) / quantile(native.ms, 0.95) : NaN;
  hintRows.push({ name, native, browser: browserTimes });
  say(`| ${name} | ${browserTimes.puzzles} | ${browserTimes.ms.length} | ${native ? q(native.ms) : '-'} | ${q(browserTimes.ms)} | ${ms(ratio, 2)} | ${ms(nativeSeconds, 0)} / ${ms(browserSeconds, 0)} | ${same === null ? '-' : same ? 'yes' : 'NO'} |`);
  if (browserTimes.wrong || (native && native.wrong)) say(`Wrong steps: native ${native ? native.wrong : '-'}, browser ${browserTimes.wrong}.`);
}
say();

// --- Hint latency as the player sees it --------------------------------------------
// A `t` on the page until the hint's text changes: the worker's call, the view's JSON
// and the drawing. The first press of each hint searches; the second and third do not.
say('## A hint key to the hint on screen');
say();
const pageLevels = [[], [], []];
// The file starts with a count line (95), as the tools read it; puzzles are the long lines.
const top95Lines = dataLines(top95).filter((line) => line.length >= 16).slice(0, PAGE_PUZZLES);
for (const puzzle of top95Lines) {
  await benchPage.goto(`${server.origin}/?puzzle=${encodeURIComponent(puzzle)}`);
  await ready(benchPage);
  await settled(benchPage);
  for (let press = 0; press < 300; press++) {
    const result = await benchPage.evaluate(async () => {
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 't', bubbles: true }));
      await window.sudoplay.state().queue;
      await new Promise((done) => requestAnimationFrame(() => done()));
      const view = window.sudoplay.state().view;
      return { ms: performance.now() - start, level: view.hint ? view.hint.level : 0, solved: view.solved };
    });
    if (result.level >= 1) pageLevels[result.level - 1].push(result.ms);
    if (result.solved) break;
  }
}
say(`Milliseconds from a \`t\` key event to the next frame after the view is drawn, every press on the first ${top95Lines.length} puzzles of norvig_top95 played to the end by hints alone.`);
say();
say('| press | count | p50 | p95 | p99 | max |');
say('|---|---:|---:|---:|---:|---:|');
['first (searches)', 'second (shows)', 'third (applies)'].forEach((label, i) => {
  const values = pageLevels[i];
  say(`| ${label} | ${values.length} | ${ms(median(values))} | ${ms(quantile(values, 0.95))} | ${ms(quantile(values, 0.99))} | ${ms(Math.max(...values), 0)} |`);
});
say();

// --- Generation by level ------------------------------------------------------------
say('## Generation by level in the worker');
say();
const catalogue = await benchPage.evaluate(() => window.sudoplay.call('helper', 'catalogue'));
say(`Minimal 9x9 puzzles by Sudoku Explainer level (\`Request.rating\`, the ER range of each level), seeds 1 to ${GEN}, one at a time in the helper worker, timed there; native: \`sudokugen puzzles 1 --seed S --rating LOW-HIGH\` with the same range, wall time. The two must make the same puzzle (or both find none in the 1,000 grids of the budget).`);
say();
say('| level | ER range | browser ms median / max | native ms median / max | browser/native (medians) | same outcome | no puzzle in 1,000 grids |');
say('|---|---|---|---|---:|---|---:|');
// The ranges the page asks for: half a tenth either side of each level's tenths, the
// hardest up to 12 (a step that needs search), as web/src/open.rs makes them.
const genCases = catalogue.levels.map(([name, low, high]) => ({ name, low: low - 0.05, high: high + 0.05, range: `${low.toFixed(1)}-${high.toFixed(1)}` }));
for (const level of genCases) {
  const browserMs = [];
  const nativeMs = [];
  let same = 0;
  let failed = 0;
  for (let seed = 1; seed <= GEN; seed++) {
    // A seed whose 1,000 grids hold no puzzle of the level fails in both builds: it is
    // counted, and timed all the same (the whole budget).
    const start = performance.now();
    const made = await benchPage.evaluate(
      (args) => window.sudoplay.call('helper', 'generate', args).catch((error) => ({ error: error.message })),
      { layout: 'sudoku', size: 9, level: level.name, seed },
    );
    browserMs.push(made.error ? performance.now() - start : made.ms);
    if (made.error) failed++;
    if (!skipNative) {
      const nativeStart = performance.now();
      const run = spawnSync(SUDOKUGEN, ['puzzles', '1', '--seed', String(seed), '--rating', `${level.low.toFixed(2)}-${level.high.toFixed(2)}`]);
      nativeMs.push(performance.now() - nativeStart);
      const out = run.status === 0 ? run.stdout.toString().trim() : null;
      if (out === (made.error ? null : made.puzzle)) same++;
    }
  }
  const ratio = median(browserMs) / median(nativeMs);
  say(`| ${level.name} | ${level.range} | ${ms(median(browserMs), 0)} / ${ms(Math.max(...browserMs), 0)} | ${skipNative ? '-' : `${ms(median(nativeMs), 0)} / ${ms(Math.max(...nativeMs), 0)}`} | ${ms(ratio, 2)} | ${skipNative ? '-' : `${same}/${GEN}`} | ${failed} |`);
}
const boards = [['hanidoku', 0], ['sudoku', 16], ['flower', 0]];
say();
say(`Other boards, any level (minimal puzzles, as \`sudoplay --daily\` makes them), seeds 1 to ${GEN}, browser ms median / max:`);
say();
for (const [layout, size] of boards) {
  const times = [];
  for (let seed = 1; seed <= GEN; seed++) {
    const made = await benchPage.evaluate((args) => window.sudoplay.call('helper', 'generate', args), { layout, size, level: '', seed });
    times.push(made.ms);
  }
  say(`- ${layout}${size ? ` ${size}x${size}` : ''}: ${ms(median(times), 0)} / ${ms(Math.max(...times), 0)} ms`);
}
say();
say(`Load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${((Date.now() - started) / 60000).toFixed(1)} minutes.`);

await benchContext.close();
await browser.close();
server.close();
writeFileSync(join(OUT, 'summary.md'), `${lines.join('\n')}\n`);
console.error(`bench-web: wrote ${join(OUT, 'summary.md')}`);
