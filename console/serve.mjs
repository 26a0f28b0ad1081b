// Static server of the built console (dist/): no dependencies, node:http only.
// - hashed files under /assets are cached for a year (immutable); index.html and /config.js are not cached;
// - /config.js is generated from the options (apiBase, appSecret);
// - any other path without a file extension falls back to index.html (the SPA's router decides);
// - every answer forbids framing (X-Frame-Options DENY, CSP frame-ancestors 'none') and carries a
//   content security policy: scripts only from this server, calls only to the API (securityHeaders).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

const here = fileURLToPath(new URL('.', import.meta.url));
const DEFAULT_SECRET = 'dev-app-secret';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

function configScript(apiBase, apiPort, appSecret, displayBase) {
  const value = JSON.stringify({ apiBase, apiPort, appSecret, displayBase }).replace(/</g, '\\u003c');
  return `window.__APP_CONFIG__ = ${value};\n`;
}

/** The origins of a URL given to the console: its origin, or nothing when it is not an http(s) URL. */
function originOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The API origins the page may call: `apiBase`'s, or (none named) the page's own hostname at
 * `apiPort`, over http and https, as console/src/config.ts finds the API.
 */
function apiOrigins(req, apiBase, apiPort) {
  if (apiBase) return [originOf(apiBase)].filter(Boolean);
  const host = originOf(`http://${req.headers.host ?? ''}`);
  if (!host) return [];
  const hostname = new URL(host).hostname;
  return ['http:', 'https:'].map((p) => `${p}//${hostname}:${apiPort}`);
}

/**
 * The security headers of every answer. The console cannot be framed (clickjacking); its scripts
 * come only from this server (the bundle and /config.js); styles may be inline (Chakra's emotion
 * writes <style> tags); pictures and videos may come from any http(s) address (uploads on the API
 * or a store, marketplace goods pictures); calls and frames (the waybill PDF) go only to this
 * server, the API and `connectSrc`.
 */
export function securityHeaders(req, { apiBase, apiPort, connectSrc = [] }) {
  const api = [...apiOrigins(req, apiBase, apiPort), ...connectSrc].join(' ');
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob: http: https:",
    "font-src 'self' data:",
    `connect-src 'self' blob: data: ${api}`,
    `frame-src 'self' blob: ${api}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

function acceptsGzip(req) {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

function send(req, res, status, headers, body) {
  const buf = Buffer.from(body);
  res.writeHead(status, { ...headers, 'Content-Length': buf.length });
  res.end(req.method === 'HEAD' ? undefined : buf);
}

function sendFile(req, res, file, ext, cacheControl) {
  const stat = statSync(file);
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return res.end();
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, headers);
    return res.end();
  }
  if (COMPRESSIBLE.has(ext) && stat.size > 1024 && acceptsGzip(req)) {
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
    createReadStream(file).pipe(createGzip()).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stat.size });
  createReadStream(file).pipe(res);
}

/**
 * Serves the built console.
 * @param {{port?: number, host?: string, apiBase?: string, apiPort?: number, appSecret?: string, distDir?: string, displayBase?: string, connectSrc?: string[]}} [options]
 *   `apiBase`: the API's URL; without it the console calls the page's own hostname at `apiPort` (8787),
 *   so the console works from any machine that reaches this one.
 *   `displayBase`: the display hub's URL the console's /screen_md and /extend* paths go to (default: the page's host, port 8764).
 *   `connectSrc`: more origins the pages may call (an object store that takes uploads directly), besides the API.
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function startConsoleServer(options = {}) {
  const {
    port = 8080,
    host = '127.0.0.1',
    apiBase,
    apiPort = 8787,
    appSecret = DEFAULT_SECRET,
    distDir = join(here, 'dist'),
    displayBase,
    connectSrc = [],
  } = options;
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    return Promise.reject(new Error(`console build not found: ${indexFile} (run "vite build" in console/)`));
  }
  const config = configScript(apiBase, apiPort, appSecret, displayBase);

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders(req, { apiBase, apiPort, connectSrc })))
      res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(
        req,
        res,
        405,
        { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
        'Method Not Allowed',
      );
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      return send(req, res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad Request');
    }
    if (pathname === '/config.js') {
      return send(req, res, 200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }, config);
    }
    if (pathname === '/healthz') {
      return send(req, res, 200, { 'Content-Type': 'application/json' }, '{"status":"ok"}');
    }
    const file = normalize(join(root, pathname));
    const inside = file === root || file.startsWith(root + sep);
    const ext = extname(pathname).toLowerCase();
    if (inside && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/');
      const cache = immutable
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'no-cache'
          : 'public, max-age=3600';
      return sendFile(req, res, file, ext, cache);
    }
    // A missing asset is a 404; any other path is a client route.
    if (!inside || ext || pathname.startsWith('/assets/')) {
      return send(
        req,
        res,
        404,
        { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        'Not Found',
      );
    }
    return sendFile(req, res, indexFile, '.html', 'no-cache');
  });

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolvePromise({
        url: `http://${shownHost}:${actualPort}`,
        close: () =>
          new Promise((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections?.();
          }),
      });
    });
  });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const { url } = await startConsoleServer({
    port: Number(process.env.CONSOLE_PORT ?? 8080),
    host: process.env.CONSOLE_HOST ?? '127.0.0.1',
    apiBase: process.env.CONSOLE_API_BASE ?? 'http://127.0.0.1:8787',
    appSecret: process.env.APP_SECRET ?? DEFAULT_SECRET,
    displayBase: process.env.DISPLAY_BASE,
    connectSrc: (process.env.CONSOLE_CONNECT_SRC ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
  console.log(`console: ${url}`);
}
