import { describe, expect, it } from 'vitest';
import { defaultApiUrl } from '../src/tools/client.js';

describe('the API the command-line tools call', () => {
  it('is the one npm start runs with the same environment unless API_URL names another', () => {
    expect(defaultApiUrl({})).toBe('http://127.0.0.1:8787');
    expect(defaultApiUrl({ PORT: '9100' })).toBe('http://127.0.0.1:9100');
    expect(defaultApiUrl({ PORT: '9100', PUBLIC_URL: 'https://api.example.com' })).toBe('https://api.example.com');
    expect(defaultApiUrl({ PUBLIC_URL: 'https://api.example.com', API_URL: 'http://10.0.0.5:8787' })).toBe(
      'http://10.0.0.5:8787',
    );
  });
});
