import { Agent, request } from 'node:http';

/**
 * A fetch for load generators: node:http on kept-alive sockets, answering what the shared client
 * reads of a Response (status, ok, text). The global fetch costs the generator several times the
 * CPU of the call it measures, which on a 2-core machine comes out of the API's share.
 */
export function lightFetch(maxSockets = 256): typeof fetch {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return ((url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise((resolve, reject) => {
      const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status, ok: status >= 200 && status < 300, text: async () => text } as Response);
        });
      });
      req.on('error', reject);
      req.end(init.body);
    })) as unknown as typeof fetch;
}
