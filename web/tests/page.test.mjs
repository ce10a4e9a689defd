// sudoplay's page in a real browser: Debian's headless Chromium, driven through the
// DevTools protocol by playwright-core, against the page `make web` built. Each test
// keeps screenshots in target/test-scratch/web/<test>/ for a person to look at.
//
//     node --test web/tests/        (make test runs it through scripts/test-web.sh)

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  IN_CI, ROOT, cellText, cellTexts, dataLines, launch, missing, newPage, outputDir, ready,
  settled, sharedPath, startServer, testdata,
} from './harness.mjs';

const ESCARGOT = dataLines(testdata('puzzles/9x9_ai_escargot.txt'))[0];
const ESCARGOT_SOLUTION = dataLines(testdata('puzzles/9x9_ai_escargot.solution.txt'))[0];

const why = missing();
if (why && IN_CI) throw new Error(`the browser tests need ${why}, and CI=true forbids skipping`);
if (why) console.error(`note: the browser tests need ${why}; skipping them`);

describe('sudoplay in Chromium', { skip: why ? `needs ${why}` : false }, () => {
  let browser;
  let server;

  before(async () => {
    server = await startServer();
    browser = await launch();
  });

  after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
  });

  async function open(query, options) {
    const { context, page } = await newPage(browser, options);
    await page.goto(`${server.origin}/?${query}`);
    await ready(page);
    await settled(page);
    return { context, page };
  }

  const puzzleQuery = (puzzle, layout) =>
    `puzzle=${encodeURIComponent(puzzle)}${layout ? `&layout=${layout}` : ''}`;

  test('AI Escargot played to the end by keyboard from its solution', async () => {
    const out = outputDir('escargot-solved');
    const { context, page } = await open(puzzleQuery(ESCARGOT));
    assert.equal(await page.$$eval('#board [data-cell]', (c) => c.length), 81);
    assert.deepEqual(await cellTexts(page), [...ESCARGOT].map((c) => (c === '.' ? '' : c)));
    // Into the board by Tab alone: every cell is reachable from there by the arrows.
    let tabs = 0;
    while (!(await page.evaluate(() => !!document.activeElement.closest('#board [data-cell]')))) {
      await page.keyboard.press('Tab');
      assert.ok(++tabs < 40, 'Tab never reached the board');
    }
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.equal(label, 'row 1, column 2, empty');
    await page.keyboard.press('ArrowLeft');
    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < 9; col++) {
        const index = row * 9 + (row % 2 === 0 ? col : 8 - col);
        if (ESCARGOT[index] === '.') await page.keyboard.press(ESCARGOT_SOLUTION[index]);
        if (col < 8) await page.keyboard.press(row % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      }
      // Serpentine: down at the end of each row, back along the next.
      if (row < 8) await page.keyboard.press('ArrowDown');
      if (row === 0) await page.screenshot({ path: join(out, '1-first-row.png') });
    }
    await settled(page);
    assert.equal((await cellTexts(page)).join(''), ESCARGOT_SOLUTION);
    assert.equal(await page.getAttribute('body', 'data-solved'), '1');
    assert.match(await page.textContent('#message'), /^Solved in \d+:\d\d! 58 moves, 0 mistakes, 0 hints\.$/);
    const focused = await page.evaluate(() => document.activeElement.getAttribute('data-cell'));
    assert.equal(focused, 'r9c9', 'focus follows the selection');
    await page.screenshot({ path: join(out, '2-solved.png') });
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('three hint levels on AI Escargot, and a wrong digit named first', async () => {
    const out = outputDir('escargot-hints');
    const { context, page } = await open(puzzleQuery(ESCARGOT));
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await page.textContent('#hint'), 'Hint: Hidden Single in box 7. (t: show where)');
    assert.equal(await page.$$eval('#board .cell.target', (c) => c.length), 0, 'level 1 shows no cells');
    await page.screenshot({ path: join(out, '1-level-1-named.png') });
    await page.keyboard.press('t');
    await settled(page);
    const hint = await page.textContent('#hint');
    assert.match(hint, /^Hint: Hidden Single in box 7\. Changes r8c3\. \(t: apply\)\n/);
    assert.deepEqual(await page.$$eval('#board .cell.target', (c) => c.map((e) => e.dataset.cell)), ['r8c3']);
    assert.equal(await page.$$eval('#board .cell.house', (c) => c.length), 9, 'box 7 hatched');
    assert.ok(await page.$('.outline.target'), 'the target is outlined, not only tinted');
    assert.match(await page.getAttribute('[data-cell="r8c3"]', 'aria-label'), /the hint changes this cell/);
    await page.screenshot({ path: join(out, '2-level-2-shown.png') });
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await cellText(page, 'r8c3'), '1');
    assert.match(await page.textContent('#hint'), /^Hint applied: r8c3=1 \(Hidden Single in box 7\)$/);
    await page.screenshot({ path: join(out, '3-level-3-applied.png') });

    // Hints until one eliminates: its candidates are struck at the second level.
    let struck = 0;
    for (let press = 0; press < 240 && struck === 0; press++) {
      await page.keyboard.press('t');
      await settled(page);
      struck = await page.$$eval('#board .mark.struck', (m) => m.length);
    }
    assert.ok(struck > 0, 'no elimination among the first 80 hints');
    assert.ok((await page.$$('.strike')).length >= struck, 'struck marks are crossed out');
    assert.match(await page.textContent('#hint'), /\(t: apply\)/);
    await page.screenshot({ path: join(out, '4-eliminations-struck.png') });

    // A wrong digit comes first, in the same three levels.
    await page.click('[data-cell="r1c2"]');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('8');
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await page.textContent('#hint'), "Hint: A mistake: 8 in r1c2 is not the solution's digit. (t: show where)");
    await page.screenshot({ path: join(out, '5-mistake-named.png') });
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await cellText(page, 'r1c2'), '6');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a Hanidoku from the course set: hint, apply, undo', async () => {
    const out = outputDir('hanidoku');
    const file = sharedPath('puzzles/hanidoku/1050_hard_hanidoku.txt');
    if (!file && IN_CI) throw new Error('shared/puzzles/hanidoku is missing, and CI=true forbids skipping');
    const puzzle = file ? dataLines(file)[0] : dataLines(testdata('layouts/hanidoku.txt'))[0];
    const { context, page } = await open(puzzleQuery(puzzle, 'hanidoku'));
    assert.equal(await page.$$eval('#board [data-cell]', (c) => c.length), 61);
    assert.equal(await page.getAttribute('body', 'data-shape'), 'hex');
    assert.match(await page.textContent('#title'), /^hanidoku · typed in$/);
    const before = await cellTexts(page);
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    await settled(page);
    const targets = await page.$$eval('#board .cell.target', (c) => c.map((e) => e.dataset.cell));
    assert.ok(targets.length >= 1, 'the second level shows the cells');
    await page.screenshot({ path: join(out, '1-hint-shown.png') });
    await page.keyboard.press('t');
    await settled(page);
    assert.match(await page.textContent('#hint'), /^Hint applied: /);
    const applied = await cellTexts(page);
    const marks = await page.$$eval('.marks .mark', (m) => m.length);
    assert.ok(applied.join() !== before.join() || marks > 0, 'the step changed the board');
    await page.screenshot({ path: join(out, '2-hint-applied.png') });
    await page.keyboard.press('z');
    await settled(page);
    assert.deepEqual(await cellTexts(page), before);
    assert.equal(await page.$$eval('.marks .mark', (m) => m.length), 0, 'undo takes the marks back too');
    assert.equal(await page.textContent('#message'), 'undone');
    await page.screenshot({ path: join(out, '3-undone.png') });
    // The honeycomb's six directions.
    await page.click('[data-cell="r5c5"]');
    await page.keyboard.press('u');
    await settled(page);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'r4c5');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a jigsaw layout file typed in, and a 16x16', async () => {
    const out = outputDir('jigsaw-16x16');
    const { context, page } = await open(puzzleQuery(ESCARGOT));
    const jigsaw = dataLines(testdata('layouts/jigsaw9.txt'))[0];
    const jigsawSolution = dataLines(testdata('layouts/jigsaw9.solution.txt'))[0];
    await page.click('#open-button');
    await page.fill('#open-form textarea[name="puzzle"]', jigsaw);
    await page.selectOption('#open-board', 'file');
    await page.setInputFiles('#open-form input[type="file"]', testdata('layouts/jigsaw9.layout'));
    await page.click('#open-form button[value="open"]');
    await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('jigsaw'));
    await settled(page);
    assert.deepEqual(await cellTexts(page), [...jigsaw].map((c) => (c === '.' ? '' : c)));
    // r1c1 is empty: a click and the digit pad place the solution's digit.
    await page.click('[data-cell="r1c1"]');
    await page.click(`#pad [data-digit="${jigsawSolution[0]}"]`);
    await settled(page);
    assert.equal(await cellText(page, 'r1c1'), jigsawSolution[0]);
    assert.match(page.url(), /layoutfile=/, 'the layout file travels in the address');
    await page.screenshot({ path: join(out, '1-jigsaw.png') });

    const sixteen = dataLines(testdata('puzzles/16x16_unique.txt'))[0];
    await page.goto(`${server.origin}/?${puzzleQuery(sixteen)}`);
    await ready(page);
    await settled(page);
    assert.equal(await page.$$eval('#board [data-cell]', (c) => c.length), 256);
    assert.match(await page.textContent('#title'), /^16x16 sudoku/);
    assert.equal(await cellText(page, 'r1c5'), '10', 'A is 10');
    // r1c1 (5 in the solution) by keys; then 16 as two keys on r1c3 (D = 13: 1 then 3).
    await page.click('[data-cell="r1c1"]');
    await page.keyboard.press('5');
    await page.click('[data-cell="r1c3"]');
    await page.keyboard.press('1');
    await page.keyboard.press('3');
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await cellText(page, 'r1c1'), '5');
    assert.equal(await cellText(page, 'r1c3'), '13');
    assert.match(await page.textContent('#hint'), /^Hint: /);
    await page.screenshot({ path: join(out, '2-16x16.png') });
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a reload restores the game', async () => {
    const out = outputDir('reload');
    const { context, page } = await open(puzzleQuery(ESCARGOT));
    await page.click('[data-cell="r1c2"]');
    await page.keyboard.press('6');
    await page.click('[data-cell="r1c3"]');
    await page.keyboard.press('p');
    await page.keyboard.press('2');
    await page.keyboard.press('4');
    await page.keyboard.press('t');
    await settled(page);
    const before = await cellTexts(page);
    const counters = await page.textContent('#counters');
    await page.reload();
    await ready(page);
    await settled(page);
    assert.deepEqual(await cellTexts(page), before);
    assert.equal(await cellText(page, 'r1c2'), '6');
    assert.match(await page.getAttribute('[data-cell="r1c3"]', 'aria-label'), /^row 1, column 3, empty, candidates 2 4$/);
    assert.equal(await page.textContent('#counters'), counters);
    assert.equal(await page.textContent('#message'), 'Game restored.');
    await page.screenshot({ path: join(out, '1-after-reload.png') });
    // The bare address opens the last game too.
    await page.goto(`${server.origin}/`);
    await ready(page);
    await settled(page);
    assert.equal(await cellText(page, 'r1c2'), '6');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('the page works with the network cut after load', async () => {
    const out = outputDir('offline');
    const { context, page } = await open(puzzleQuery(ESCARGOT));
    await page.waitForSelector('body[data-offline="1"]', { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    await settled(page);
    await page.click('[data-cell="r1c2"]');
    await page.keyboard.press('6');
    await page.keyboard.press('t');
    await settled(page);
    assert.equal(await cellText(page, 'r1c2'), '6');
    assert.match(await page.textContent('#hint'), /^Hint: /);
    // A new puzzle, made by level in the helper worker, with no network.
    await page.click('#new-button');
    await page.selectOption('#new-board', 'sudoku:4');
    await page.selectOption('#new-level', 'easy');
    await page.fill('#new-form input[name="seed"]', '7');
    await page.click('#new-form button[value="new"]');
    await page.waitForFunction(() => document.querySelector('#title').textContent.startsWith('4x4 sudoku · easy, seed 7'));
    await page.waitForFunction(() => document.querySelector('#rating').textContent.includes('easy'));
    assert.equal(await page.$$eval('#board [data-cell]', (c) => c.length), 16);
    await page.screenshot({ path: join(out, '1-offline-new-puzzle.png') });
    assert.deepEqual(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), []);
    await context.close();
  });

  test('the puzzle of the day is the terminal game\'s', async () => {
    const out = outputDir('daily');
    const { context, page } = await open('daily=1');
    const date = new Date().toISOString().slice(0, 10);
    assert.equal(await page.textContent('#title'), `9x9 sudoku · daily ${date}`);
    const sudokugen = join(ROOT, 'target', 'release', 'sudokugen');
    if (existsSync(sudokugen)) {
      // sudoplay --daily makes it as `sudokugen puzzles 1 --seed YYYYMMDD` does.
      const seed = date.replaceAll('-', '');
      const expected = execFileSync(sudokugen, ['puzzles', '1', '--seed', seed]).toString().trim();
      assert.equal((await cellTexts(page)).map((t) => t || '.').join(''), expected);
    } else if (IN_CI) {
      throw new Error('target/release/sudokugen is missing (make test builds it first)');
    }
    await page.screenshot({ path: join(out, '1-daily.png') });
    await context.close();
  });

  test('every board kind draws, with AA contrast, at desktop and phone widths', async () => {
    const out = outputDir('boards');
    const boards = [
      ['4x4', dataLines(testdata('puzzles/4x4_line.txt'))[0], ''],
      ['x-sudoku', dataLines(testdata('layouts/x-sudoku9.txt'))[0], 'x-sudoku'],
      ['windoku', dataLines(testdata('layouts/windoku9.txt'))[0], 'windoku9'],
      ['flower', dataLines(testdata('layouts/flower.txt'))[0], 'flower'],
      ['pinwheel', dataLines(testdata('layouts/pinwheel.txt'))[0], 'pinwheel'],
      // A block of 25 rows, as the file has it.
      ['25x25', dataLines(testdata('puzzles/25x25_b58_s1.txt')).join('\n'), ''],
    ];
    const { context, page } = await newPage(browser);
    for (const [name, puzzle, layout] of boards) {
      await page.goto(`${server.origin}/?${puzzleQuery(puzzle, layout)}`);
      await ready(page);
      await settled(page);
      assert.equal(await page.getAttribute('body', 'data-error'), null, name);
      // Auto candidates and a hint at level 2, so marks and highlights show too.
      await page.keyboard.press('a');
      await page.keyboard.press('t');
      await page.keyboard.press('t');
      await settled(page);
      await page.screenshot({ path: join(out, `${name}.png`) });
      await assertContrast(page, name);
    }
    await context.close();
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.page.goto(`${server.origin}/?${puzzleQuery(dataLines(testdata('layouts/hanidoku.txt'))[0], 'hanidoku')}`);
    await ready(phone.page);
    await settled(phone.page);
    const width = await phone.page.$eval('#board', (b) => b.getBoundingClientRect().width);
    assert.ok(width <= 390 && width > 300, `the board fits a phone: ${width}px`);
    await phone.page.tap('[data-cell="r5c5"]');
    await phone.page.tap('#pad [data-digit="1"]');
    await settled(phone.page);
    await phone.page.screenshot({ path: join(out, 'phone-hanidoku.png'), fullPage: true });
    assert.deepEqual(phone.page.errors, []);
    await phone.context.close();
  });
});

// WCAG AA: every digit and mark on the board against its cell's colour, 4.5:1 at least.
async function assertContrast(page, name) {
  const pairs = await page.evaluate(() => {
    const rgb = (text) => text.match(/[\d.]+/g).slice(0, 3).map(Number);
    const found = [];
    for (const cell of document.querySelectorAll('#board .cell')) {
      let fill = getComputedStyle(cell.querySelector('polygon')).fill;
      // The hatch of a house: its lines are the darker of its two colours.
      if (fill.startsWith('url')) fill = 'rgb(217, 217, 217)';
      const digit = cell.querySelector('.digit');
      if (digit.textContent) found.push([cell.dataset.cell, rgb(getComputedStyle(digit).fill), rgb(fill)]);
      const index = Number(cell.dataset.index);
      const marks = document.querySelectorAll('.marks')[index];
      for (const mark of marks.querySelectorAll('.mark')) {
        found.push([`${cell.dataset.cell} mark`, rgb(getComputedStyle(mark).fill), rgb(fill)]);
      }
    }
    return found;
  });
  const luminance = ([r, g, b]) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  assert.ok(pairs.length > 0, name);
  for (const [where, text, background] of pairs) {
    const [a, b] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    assert.ok(ratio >= 4.5, `${name} ${where}: contrast ${ratio.toFixed(2)} below 4.5`);
  }
}
