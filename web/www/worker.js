// The page's worker: the WebAssembly module and, in the game worker, the game. The page
// starts two of these, one for the game (every key is a call here, hints included) and
// one for making and rating puzzles, so neither a hint search nor the generator ever
// blocks the page, and a slow puzzle never holds up the game on the board.
//
// Messages in: {id, op, args}; out: {id, ok, result} or {id, ok: false, error}. This file
// only passes calls through: the game's rules, hints and views are in the Rust module.

import init, { Play, generate, daily, rate, catalogue, bench_hints } from './pkg/sudosat_web.js';

const ready = init();
let play = null;

// The page's commands and the module's methods; `arg` is the command's one argument.
const COMMANDS = {
  select: (p, arg, now) => p.select(arg, now),
  step: (p, arg, now) => p.step(arg, now),
  digit: (p, arg, now) => p.key_digit(arg, now),
  confirm: (p, _, now) => p.confirm(now),
  place: (p, arg, now) => p.place(arg, now),
  clear: (p, _, now) => p.clear(now),
  pencil: (p, _, now) => p.toggle_pencil(now),
  auto: (p, _, now) => p.toggle_auto(now),
  undo: (p, _, now) => p.undo(now),
  redo: (p, _, now) => p.redo(now),
  hint: (p, _, now) => p.hint(now),
  check: (p, _, now) => p.check(now),
  compare: (p) => p.compare(),
  dismiss: (p) => p.dismiss(),
  pause: (p, _, now) => p.toggle_pause(now),
  setPaused: (p, arg, now) => p.set_paused(arg, now),
};

function state(now) {
  return { view: JSON.parse(play.view(now)), save: play.save(now), key: play.key() };
}

function replace(next) {
  if (play) play.free();
  play = next;
  const now = Date.now();
  return { board: JSON.parse(play.board()), puzzle: play.puzzle(), ...state(now) };
}

function handle(op, args) {
  switch (op) {
    case 'open':
      return replace(Play.open(args.puzzle, args.layout || '', args.layoutFile || '', args.origin || 'typed in', Date.now()));
    case 'resume':
      return replace(Play.resume(args.save, args.origin || 'resumed', Date.now()));
    case 'command': {
      const command = COMMANDS[args.name];
      if (!play) throw new Error('no game is open');
      if (!command) throw new Error(`no command ${args.name}`);
      const start = performance.now();
      command(play, args.arg, Date.now());
      const ms = performance.now() - start;
      return { ...state(Date.now()), ms };
    }
    case 'view':
      return state(Date.now());
    case 'generate':
      return JSON.parse(generate(args.layout || '', args.layoutFile || '', args.size || 0, args.level || '', BigInt(args.seed)));
    case 'daily':
      return JSON.parse(daily(args.date, args.layout || '', args.layoutFile || '', args.size || 0));
    case 'rate':
      return JSON.parse(rate(args.puzzle, args.layout || '', args.layoutFile || ''));
    case 'catalogue':
      return JSON.parse(catalogue());
    case 'benchHints':
      return JSON.parse(bench_hints(args.puzzles, args.layout || '', args.limit || 0));
    default:
      throw new Error(`no operation ${op}`);
  }
}

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    self.postMessage({ id, ok: true, result: handle(op, args || {}) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};
