// A static file server for the built page: `make serve-web` runs it on 127.0.0.1:8000,
// the browser tests and `make bench-web` on a free port. It serves files only (the page
// needs no server logic: any static host will do), with the MIME types module scripts
// and WebAssembly streaming need.
//
//     node web/serve.mjs [DIR] [PORT]     (default target/web, 8000)

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

// Serves `dir` on 127.0.0.1:`port` (0: any free port); resolves to the server, whose
// `origin` is its address. `log(method, path, status)` sees every request.
export async function serve(dir, port = 0, log = () => {}) {
  const root = resolve(dir);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = normalize(join(root, path));
    let status = 200;
    try {
      if (file !== root && !file.startsWith(root + sep)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch {
      status = 404;
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('not found\n');
    }
    log(request.method, path, status);
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  server.origin = `http://127.0.0.1:${server.address().port}`;
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || 'target/web';
  const port = Number(process.argv[3] || 8000);
  try {
    await stat(join(dir, 'index.html'));
  } catch {
    console.error(`serve-web: no ${join(dir, 'index.html')}: run make web first`);
    process.exit(2);
  }
  const server = await serve(dir, port);
  console.error(`serve-web: ${dir} on ${server.origin}/ (Ctrl-C stops)`);
}
