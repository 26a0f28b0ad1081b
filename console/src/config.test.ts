import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config';

const page = (hostname: string, protocol = 'http:') => ({ hostname, protocol });

describe('resolveConfig: where the console finds the API', () => {
  it.each([
    [
      'a named apiBase wins',
      { apiBase: 'https://api.example.com/' },
      {},
      page('shop.local'),
      'https://api.example.com',
    ],
    [
      'then the build-time env',
      {},
      { VITE_API_BASE: 'http://10.0.0.2:9000' },
      page('shop.local'),
      'http://10.0.0.2:9000',
    ],
    ["else the page's own host at 8787", {}, {}, page('192.168.1.20'), 'http://192.168.1.20:8787'],
    ['at the configured port', { apiPort: 9100 }, {}, page('venue-pc'), 'http://venue-pc:9100'],
    ['over https when the page is', {}, {}, page('shop.example.com', 'https:'), 'https://shop.example.com:8787'],
    ['an IPv6 host in brackets', {}, {}, page('::1'), 'http://[::1]:8787'],
  ])('%s', (_, runtime, env, where, expected) => {
    expect(resolveConfig(runtime, env, where).apiBase).toBe(expected);
  });

  it('derives the membership page from the API it found', () => {
    expect(resolveConfig({}, {}, page('10.1.1.1')).membershipUrl).toBe('http://10.1.1.1:8787/m/membership');
  });
});
