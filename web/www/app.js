// sudoplay's page: draws what the game worker says and turns keys, clicks and taps into
// calls. The rules, the hints, the checks, the clock and every view are computed in
// Rust (web/src, compiled to WebAssembly, run in worker.js); this file holds no game
// logic, only drawing, the key table, the saved games in localStorage and the menus.
//
// Page contract (docs/web.md): the board is <svg id="board">; each cell is an element
// with data-cell="rRcC" whose text is its digit (empty when blank); the hint text is in
// #hint; ?puzzle=TEXT&layout=NAME and ?daily=1 open a game; document.body gets
// data-ready="1" once the first board is drawn (data-offline="1" once the service worker
// holds every file).

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const STORE = 'sudoplay:games';
const LAST = 'sudoplay:last';
const KEEP_GAMES = 30;

// Boards of the menus: value -> [label, layout name, size].
const NEW_BOARDS = [
  ['sudoku:9', '9x9 Sudoku', 'sudoku', 9],
  ['sudoku:4', '4x4 Sudoku', 'sudoku', 4],
  ['sudoku:16', '16x16 Sudoku', 'sudoku', 16],
  ['x-sudoku:9', 'X-Sudoku 9x9', 'x-sudoku', 9],
  ['jigsaw9', 'Jigsaw 9x9', 'jigsaw9', 0],
  ['windoku9', 'Windoku 9x9', 'windoku9', 0],
  ['hanidoku', 'Hanidoku (honeycomb)', 'hanidoku', 0],
  ['flower', 'Flower (honeycomb, 7 digits)', 'flower', 0],
  ['pinwheel', 'Pinwheel (honeycomb)', 'pinwheel', 0],
  ['file', 'A layout file…', '', 0],
];
const OPEN_BOARDS = [
  ['sudoku', 'Square Sudoku, any size (from the puzzle)', 'sudoku', 0],
  ['x-sudoku', 'X-Sudoku (size from the puzzle)', 'x-sudoku', 0],
  ...NEW_BOARDS.slice(4),
];

// ---------------------------------------------------------------------------------
// Workers.

function startWorker(name) {
  const worker = new Worker(new URL('worker.js', import.meta.url), { type: 'module', name });
  const pending = new Map();
  let next = 1;
  const failAll = (message) => {
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  };
  worker.onmessage = (event) => {
    const { id, ok, result, error } = event.data;
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (ok) call.resolve(result);
    else call.reject(new Error(error));
  };
  worker.onerror = (event) => failAll(`the ${name} worker stopped: ${event.message || 'an error'}`);
  return {
    call(op, args) {
      return new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args });
      });
    },
    terminate() {
      worker.terminate();
      failAll('cancelled');
    },
  };
}

const workers = { game: startWorker('game'), helper: startWorker('helper') };

// For the browser tests and `make bench-web`: the same calls the page makes.
window.sudoplay = {
  call: (worker, op, args) => workers[worker].call(op, args),
  state: () => state,
};

// ---------------------------------------------------------------------------------
// State: what is open, the last view, and the elements of the board.

const state = {
  game: null, // {puzzle, layout, layoutFile, origin, daily}
  board: null,
  view: null,
  viewAt: 0,
  key: null,
  cells: [], // per cell: {group, polygon, digit, marks}
  layers: {},
  queue: Promise.resolve(),
  busy: 0,
  autoPaused: false,
  catalogue: null,
};

// ---------------------------------------------------------------------------------
// Saved games.

function savedGames() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
}

function storeGame(key, save) {
  if (!key || !state.game) return;
  const games = savedGames();
  games[key] = { save, game: state.game, time: Date.now() };
  const keys = Object.keys(games).sort((a, b) => games[b].time - games[a].time);
  for (const old of keys.slice(KEEP_GAMES)) delete games[old];
  try {
    localStorage.setItem(STORE, JSON.stringify(games));
    localStorage.setItem(LAST, key);
  } catch (error) {
    say(`The game could not be saved in this browser: ${error.message}`, 'error');
  }
}

// ---------------------------------------------------------------------------------
// Drawing.

function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

function drawBoard(board) {
  const root = $('board');
  root.replaceChildren();
  state.board = board;
  root.setAttribute('viewBox', board.view_box.join(' '));
  // At most 1.2 pixels per unit (72 px a cell): a 4x4 stays a sensible size.
  root.style.maxWidth = `${Math.round(board.view_box[2] * 1.2)}px`;
  root.setAttribute('aria-label', `${board.name} board, ${board.rows.length} rows`);
  root.style.setProperty('--digit-font', `${board.digit_font}px`);
  root.style.setProperty('--mark-font', `${board.mark_font}px`);
  const defs = svg('defs', {}, root);
  const hatch = svg('pattern', { id: 'house-hatch', width: 9, height: 9, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
  svg('rect', { width: 9, height: 9, fill: '#ececec' }, hatch);
  svg('line', { x1: 0, y1: 0, x2: 0, y2: 9, stroke: '#d9d9d9', 'stroke-width': 4 }, hatch);

  const grid = svg('g', { class: 'cells' }, root);
  const diagonal = new Set(board.diagonal_cells);
  const extra = new Set(board.extra_cells);
  state.cells = [];
  for (const row of board.rows) {
    const rowGroup = svg('g', { role: 'row' }, grid);
    for (const index of row) {
      const shape = board.cells[index];
      const group = svg('g', { class: 'cell', role: 'gridcell', 'data-cell': shape.name, 'data-index': index, tabindex: -1 }, rowGroup);
      if (diagonal.has(index)) group.classList.add('diag');
      if (extra.has(index)) group.classList.add('extra');
      const polygon = svg('polygon', { points: shape.points }, group);
      // Not colour alone: a dot marks the cells of extra houses (a corner of a square, the
      // foot of a hexagon, clear of the pencil marks).
      if (extra.has(index)) {
        const [dx, dy] = board.shape === 'hex' ? [0, 26] : [-25, 25];
        svg('circle', { class: 'extra-dot', cx: shape.x + dx, cy: shape.y + dy, r: 3 }, group);
      }
      const digit = svg('text', { class: 'digit', x: shape.x, y: shape.y + 1 }, group);
      state.cells[index] = { group, polygon, digit, marksKey: '' };
    }
  }
  const marks = svg('g', { class: 'marks-layer', 'aria-hidden': 'true' }, root);
  for (const cell of state.cells) cell.marks = svg('g', { class: 'marks' }, marks);
  svg('path', { class: 'grid-thin', d: board.thin }, root);
  for (const [x1, y1, x2, y2] of board.diagonals) svg('line', { class: 'grid-diagonal', x1, y1, x2, y2 }, root);
  svg('path', { class: 'grid-thick', d: board.thick }, root);
  state.layers.outlines = svg('g', { 'aria-hidden': 'true' }, root);
  state.layers.badges = svg('g', { 'aria-hidden': 'true' }, root);

  const pad = $('pad');
  pad.replaceChildren();
  pad.style.maxWidth = root.style.maxWidth;
  pad.style.setProperty('--pad-columns', board.digits <= 9 ? board.digits : Math.ceil(board.digits / 2));
  state.padButtons = [];
  for (let d = 1; d <= board.digits; d++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.digit = d;
    pad.appendChild(button);
    state.padButtons.push(button);
  }
  const hex = board.shape === 'hex';
  document.body.dataset.shape = board.shape;
  renderKeys(hex);
}

function drawMarks(cell, shape, view, highlight) {
  const key = `${view.marks || ''}|${view.struck || ''}|${view.auto ? 1 : 0}|${highlight}`;
  if (cell.marksKey === key) return;
  cell.marksKey = key;
  cell.marks.replaceChildren();
  cell.marks.classList.toggle('auto', !!view.auto);
  const struck = new Set(view.struck || []);
  for (const d of view.marks || []) {
    const [dx, dy] = state.board.mark_offsets[d - 1];
    const x = shape.x + dx;
    const y = shape.y + dy;
    const text = svg('text', { class: 'mark', x, y: y + 0.5 }, cell.marks);
    text.textContent = d;
    if (d === highlight) text.classList.add('hl');
    if (struck.has(d)) {
      text.classList.add('struck');
      const half = state.board.mark_font * 0.55;
      svg('line', { class: 'strike', x1: x - half, y1: y + half, x2: x + half, y2: y - half }, cell.marks);
    }
  }
}

const OUTLINED = ['target', 'pattern', 'rule', 'wrong'];
const BADGES = { rule: '!', wrong: '✗', missing: '!' };

function render() {
  const view = state.view;
  const board = state.board;
  if (!view || !board) return;
  $('title').textContent = view.title;
  document.title = `sudoplay · ${view.title}`;
  $('counters').textContent = `Moves ${view.moves} · Mistakes ${view.mistakes} · Hints ${view.hints}`;
  const modes = [];
  if (view.pencil) modes.push('Pencil marks');
  if (view.auto) modes.push('Candidates shown');
  if (view.pending) modes.push(`Digit ${view.pending}_`);
  if (view.solved) modes.push('Solved');
  $('modes').textContent = modes.join(' · ');
  tickClock();

  const outlines = state.layers.outlines;
  const badges = state.layers.badges;
  outlines.replaceChildren();
  badges.replaceChildren();
  view.cells.forEach((cellView, index) => {
    const cell = state.cells[index];
    const shape = board.cells[index];
    const flags = new Set(cellView.flags || []);
    const group = cell.group;
    group.classList.toggle('given', !!cellView.given);
    for (const flag of ['same', 'rule', 'wrong', 'missing', 'target', 'pattern', 'house']) {
      group.classList.toggle(flag, flags.has(flag));
    }
    const selected = index === view.selected;
    group.classList.toggle('selected', selected);
    group.setAttribute('tabindex', selected ? 0 : -1);
    group.setAttribute('aria-selected', selected ? 'true' : 'false');
    group.setAttribute('aria-label', view.paused ? `row ${shape.row + 1}, column ${shape.col + 1}, hidden while paused` : cellView.label);
    const digit = view.paused || !cellView.d ? '' : String(cellView.d);
    if (cell.digit.textContent !== digit) cell.digit.textContent = digit;
    drawMarks(cell, shape, view.paused ? {} : cellView, view.highlight);
    for (const flag of OUTLINED) {
      if (flags.has(flag)) svg('polygon', { class: `outline ${flag}`, points: shape.points }, outlines);
    }
    const badge = ['rule', 'wrong', 'missing'].find((flag) => flags.has(flag));
    if (badge) {
      const text = svg('text', { class: 'badge', x: shape.x + 20, y: shape.y - 18 }, badges);
      text.textContent = BADGES[badge];
    }
  });
  const selectedShape = board.cells[view.selected];
  svg('polygon', { class: 'outline selected', points: selectedShape.points }, outlines);

  state.padButtons.forEach((button, i) => {
    const left = view.left ? view.left[i] : null;
    button.replaceChildren(String(i + 1));
    if (left !== null) {
      const small = document.createElement('small');
      small.textContent = left === 0 ? '·' : `${left} left`;
      button.appendChild(small);
    }
    button.classList.toggle('done', left === 0);
    button.setAttribute('aria-label', left === null ? `${i + 1}` : `${i + 1}, ${left} left to place`);
  });
  document.querySelector('[data-command="pencil"]').setAttribute('aria-pressed', view.pencil);
  document.querySelector('[data-command="auto"]').setAttribute('aria-pressed', view.auto);
  document.querySelector('[data-command="undo"]').disabled = view.undo === 0;
  document.querySelector('[data-command="redo"]').disabled = view.redo === 0;
  document.querySelector('#tools [data-command="pause"]').setAttribute('aria-pressed', view.paused);

  $('hint').textContent = view.hint ? view.hint.text : '';
  say(view.message, view.tone);
  $('compare').hidden = !view.offer_compare;
  $('paused').hidden = !view.paused;
  document.body.dataset.solved = view.solved ? '1' : '0';

  const focused = document.activeElement;
  if (focused && focused.closest && focused.closest('#board') && focused !== state.cells[view.selected].group) {
    state.cells[view.selected].group.focus();
  }
}

function say(text, tone = 'info') {
  const message = $('message');
  message.textContent = text;
  message.className = tone;
}

function clockText(ms) {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function tickClock() {
  const view = state.view;
  if (!view) return;
  const ms = view.clock_ms + (view.running ? performance.now() - state.viewAt : 0);
  $('clock').textContent = clockText(ms);
}

// ---------------------------------------------------------------------------------
// Calls.

function busy(on) {
  state.busy += on ? 1 : -1;
  const shown = state.busy > 0;
  $('busy').hidden = !shown;
  $('board').setAttribute('aria-busy', shown ? 'true' : 'false');
}

// Runs `task` after every earlier call, showing "Thinking…" when it takes a while.
function enqueue(task) {
  const run = state.queue.then(async () => {
    let shown = false;
    const timer = setTimeout(() => {
      shown = true;
      busy(true);
    }, 150);
    try {
      return await task();
    } finally {
      clearTimeout(timer);
      if (shown) busy(false);
    }
  });
  state.queue = run.catch(() => {});
  return run;
}

function accept(result) {
  state.view = result.view;
  state.viewAt = performance.now();
  state.key = result.key;
  storeGame(result.key, result.save);
  render();
}

function command(name, arg = null) {
  if (!state.view) return Promise.resolve();
  return enqueue(async () => {
    try {
      accept(await workers.game.call('command', { name, arg }));
    } catch (error) {
      say(error.message, 'error');
    }
  });
}

function urlFor(game) {
  const params = new URLSearchParams();
  if (game.daily) {
    params.set('daily', '1');
    if (game.layout && game.layout !== 'sudoku') params.set('layout', game.layout);
    if (game.size && game.size !== 9) params.set('size', game.size);
  } else {
    params.set('puzzle', game.puzzle);
    if (game.layout && !game.layoutFile) params.set('layout', game.layout);
  }
  if (game.layoutFile) params.set('layoutfile', game.layoutFile);
  return `${location.pathname}?${params}`;
}

// Opens `game` ({puzzle, layout, layoutFile, origin}); a saved game of the same puzzle
// is resumed unless `fresh`.
async function openGame(game, { fresh = false } = {}) {
  return enqueue(async () => {
    let result = await workers.game.call('open', game);
    const saved = !fresh && savedGames()[result.key];
    if (saved && saved.save !== result.save) {
      try {
        result = await workers.game.call('resume', { save: saved.save, origin: game.origin });
      } catch (error) {
        say(`The saved game could not be restored: ${error.message}`, 'error');
      }
    }
    state.game = { ...game, puzzle: result.puzzle };
    drawBoard(result.board);
    accept(result);
    history.replaceState(null, '', urlFor(state.game));
    rateInBackground(state.game);
    if (document.body.dataset.ready !== '1') {
      performance.mark('sudoplay-ready');
      document.body.dataset.ready = '1';
    }
  });
}

async function rateInBackground(game) {
  const rating = $('rating');
  rating.textContent = 'Rating…';
  try {
    const r = await workers.helper.call('rate', { puzzle: game.puzzle, layout: game.layout, layoutFile: game.layoutFile });
    if (state.game === game) rating.textContent = `SE ${r.text} · ${r.level} (hardest: ${r.hardest})`;
  } catch (error) {
    if (state.game === game) rating.textContent = error.message === 'cancelled' ? '' : error.message;
  }
}

// Makes a puzzle in the helper worker while the current game stays playable.
async function makePuzzle({ layout, layoutFile = '', size = 0, level = '', seed = null, daily = false }) {
  const label = daily ? 'the puzzle of the day' : `a ${level || 'new'} puzzle`;
  say(`Making ${label}… (Esc cancels)`);
  state.making = true;
  try {
    let made;
    let origin;
    if (daily) {
      const date = new Date().toISOString().slice(0, 10);
      made = await workers.helper.call('daily', { date, layout, layoutFile, size });
      origin = `daily ${date}`;
    } else {
      // A random seed whose grids hold no puzzle of a rare level gets two more tries.
      const random = seed === null || seed === '';
      for (let attempt = 0; !made; attempt++) {
        const chosen = random ? Math.floor(Math.random() * 1e6) : Number(seed);
        try {
          made = await workers.helper.call('generate', { layout, layoutFile, size, level, seed: chosen });
        } catch (error) {
          if (!random || attempt === 2 || !error.message.startsWith('no minimal puzzle')) throw error;
          say(`${error.message}; trying another seed… (Esc cancels)`);
        }
      }
      origin = level ? `${level}, seed ${made.seed}` : `generated, seed ${made.seed}`;
    }
    await openGame({ puzzle: made.puzzle, layout, layoutFile, origin, daily, size }, { fresh: !daily });
  } catch (error) {
    say(error.message === 'cancelled' ? 'No new puzzle: cancelled.' : error.message, 'error');
  } finally {
    state.making = false;
  }
}

function cancelMaking() {
  if (!state.making) return false;
  workers.helper.terminate();
  workers.helper = startWorker('helper');
  return true;
}

// ---------------------------------------------------------------------------------
// Keys: one table for the handler and the help dialog.

const KEYS = [
  [['←', '→', '↑', '↓', 'h', 'j', 'k', 'l'], 'move (on the honeycomb ↑ and ↓ go up-left and down-right)'],
  [['y', 'u', 'b', 'n'], 'honeycomb: move up-left, up-right, down-left, down-right'],
  [['1-9'], 'place a digit (in pencil mode, add or remove its mark); from 10 digits on, two keys (1 then 6 is 16), Enter after a lone first digit'],
  [['0', 'Backspace', 'Delete'], 'clear the cell (its digit, then its marks)'],
  [['p'], 'pencil mode'],
  [['a'], 'auto candidates (your own marks stay on top; ! flags marks that leave out the cell\'s digit)'],
  [['z', 'Z'], 'undo, redo (also Ctrl+Z, Ctrl+Y)'],
  [['t'], 'hint: the technique, then its cells, then the step made'],
  [['c'], 'check the rules (then compare with the solution)'],
  [['Esc'], 'clear the check\'s marks; cancel making a puzzle'],
  [['Space'], 'pause: stops the clock and hides the board'],
  [['?'], 'this list'],
];

function renderKeys() {
  const body = document.querySelector('#keys tbody');
  body.replaceChildren();
  for (const [keys, text] of KEYS) {
    const row = document.createElement('tr');
    const left = document.createElement('td');
    for (const key of keys) {
      const kbd = document.createElement('kbd');
      kbd.textContent = key;
      left.append(kbd, ' ');
    }
    const right = document.createElement('td');
    right.textContent = text;
    row.append(left, right);
    body.appendChild(row);
  }
}

const MOVES = {
  ArrowLeft: 'left', h: 'left', ArrowRight: 'right', l: 'right',
  ArrowUp: 'up', k: 'up', ArrowDown: 'down', j: 'down',
};
const HEX_MOVES = { y: 'up-left', u: 'up-right', b: 'down-left', n: 'down-right' };

function onKey(event) {
  const target = event.target;
  if (document.querySelector('dialog[open]')) return;
  if (target.closest && target.closest('input, textarea, select')) return;
  const onButton = target.closest && target.closest('button');
  const key = event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  let run = null;
  if (ctrl) {
    if (key === 'z') run = () => command('undo');
    else if (key === 'Z' || key === 'y') run = () => command('redo');
  } else if (event.altKey) {
    return;
  } else if (MOVES[key]) {
    run = () => command('step', MOVES[key]);
  } else if (HEX_MOVES[key] && state.board && state.board.shape === 'hex') {
    run = () => command('step', HEX_MOVES[key]);
  } else if (/^[0-9]$/.test(key)) {
    run = () => command('digit', Number(key));
  } else if (key === 'Enter' && !onButton) {
    run = () => command('confirm');
  } else if (key === 'Backspace' || key === 'Delete') {
    run = () => command('clear');
  } else if (key === ' ' && !onButton) {
    run = () => command('pause');
  } else if (key === 'Escape') {
    run = () => (cancelMaking() ? null : command('dismiss'));
  } else {
    run = {
      p: () => command('pencil'),
      a: () => command('auto'),
      z: () => command('undo'),
      Z: () => command('redo'),
      t: () => command('hint'),
      c: () => command('check'),
      '?': () => $('help-dialog').showModal(),
    }[key];
  }
  if (run) {
    event.preventDefault();
    run();
  }
}

// ---------------------------------------------------------------------------------
// Menus.

function fillBoards(select, boards) {
  select.replaceChildren();
  for (const [value, label] of boards) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = label;
    select.appendChild(option);
  }
  select.addEventListener('change', () => {
    select.form.querySelector('.layout-file').hidden = select.value !== 'file';
  });
}

async function layoutFileOf(form) {
  const file = form.elements.file.files[0];
  if (file) return file.text();
  return form.elements.layoutText.value;
}

function setUpDialogs() {
  const levels = state.catalogue.levels;
  const level = $('new-level');
  level.replaceChildren();
  const any = document.createElement('option');
  any.value = '';
  any.textContent = 'any (the first minimal puzzle made)';
  level.appendChild(any);
  for (const [name, low, high] of levels) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = `${name} (${low.toFixed(1)}–${high.toFixed(1)})`;
    level.appendChild(option);
  }
  fillBoards($('new-board'), NEW_BOARDS);
  fillBoards($('open-board'), OPEN_BOARDS);
  for (const dialog of document.querySelectorAll('dialog')) {
    for (const cancel of dialog.querySelectorAll('.cancel')) cancel.addEventListener('click', () => dialog.close());
  }
  $('new-button').addEventListener('click', () => $('new-dialog').showModal());
  $('open-button').addEventListener('click', () => $('open-dialog').showModal());
  $('help-button').addEventListener('click', () => $('help-dialog').showModal());
  $('daily-button').addEventListener('click', () => makePuzzle({ layout: 'sudoku', size: 9, daily: true }));

  $('new-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const [, , layout, size] = NEW_BOARDS.find(([value]) => value === form.elements.board.value);
    const layoutFile = form.elements.board.value === 'file' ? await layoutFileOf(form) : '';
    if (form.elements.board.value === 'file' && !layoutFile.trim()) {
      form.querySelector('.error').textContent = 'Choose a layout file or paste its text.';
      return;
    }
    form.querySelector('.error').textContent = '';
    $('new-dialog').close();
    const daily = event.submitter && event.submitter.value === 'daily';
    makePuzzle({ layout, layoutFile, size, level: form.elements.level.value, seed: form.elements.seed.value, daily });
  });

  $('open-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const [, , layout] = OPEN_BOARDS.find(([value]) => value === form.elements.board.value);
    const layoutFile = form.elements.board.value === 'file' ? await layoutFileOf(form) : '';
    const error = form.querySelector('.error');
    try {
      await openGame({ puzzle: form.elements.puzzle.value, layout, layoutFile, origin: 'typed in' });
      error.textContent = '';
      $('open-dialog').close();
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
}

function setUpInput() {
  document.addEventListener('keydown', onKey);
  $('board').addEventListener('click', (event) => {
    const cell = event.target.closest('[data-cell]');
    if (!cell) return;
    cell.focus();
    command('select', Number(cell.dataset.index));
  });
  $('pad').addEventListener('click', (event) => {
    const button = event.target.closest('[data-digit]');
    if (button) command('place', Number(button.dataset.digit));
  });
  for (const button of document.querySelectorAll('[data-command]')) {
    button.addEventListener('click', () => command(button.dataset.command));
  }
  document.addEventListener('visibilitychange', () => {
    if (!state.view) return;
    if (document.hidden && !state.view.paused && !state.view.solved) {
      state.autoPaused = true;
      command('setPaused', true);
    } else if (!document.hidden && state.autoPaused) {
      state.autoPaused = false;
      command('setPaused', false);
    }
  });
  setInterval(tickClock, 250);
}

// ---------------------------------------------------------------------------------
// Start.

async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('sw.js');
    await navigator.serviceWorker.ready;
    document.body.dataset.offline = '1';
  } catch (error) {
    console.warn('sudoplay: no offline copy:', error);
  }
}

async function boot() {
  setUpInput();
  registerServiceWorker();
  const params = new URLSearchParams(location.search);
  try {
    state.catalogue = await workers.helper.call('catalogue');
    setUpDialogs();
    const layout = params.get('layout') || '';
    const layoutFile = params.get('layoutfile') || '';
    if (params.has('puzzle')) {
      await openGame({ puzzle: params.get('puzzle'), layout, layoutFile, origin: 'typed in' });
    } else if (params.get('daily') === '1') {
      await makePuzzle({ layout: layout || 'sudoku', layoutFile, size: Number(params.get('size')) || 0, daily: true });
    } else {
      const last = savedGames()[localStorage.getItem(LAST)];
      if (last) await openGame(last.game);
      else await makePuzzle({ layout: 'sudoku', size: 9, daily: true });
    }
  } catch (error) {
    say(error.message, 'error');
    $('title').textContent = 'No game';
    document.body.dataset.error = '1';
  }
  if (document.body.dataset.ready !== '1') document.body.dataset.ready = '1';
}

boot();
