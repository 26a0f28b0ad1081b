import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonFile } from '../src/persist.js';

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hub-persist-'));
  dirs.push(dir);
  return path.join(dir, 'notices.json');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a JSON file of the hub', () => {
  it('a shutdown save while a write is in flight neither fails nor is overwritten by the older value', async () => {
    const file = fileIn();
    const json = new JsonFile<{ n: number }>(file);
    for (let i = 0; i < 50; i++) {
      json.save({ n: i });
      // The in-flight write has begun (its temp file is being written) when the shutdown save comes.
      await Promise.resolve();
      expect(() => json.saveSync({ n: 1000 + i })).not.toThrow();
      await json.flush();
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ n: 1000 + i });
    }
  });

  it('coalesces saves: the newest value is on disk after a flush', async () => {
    const file = fileIn();
    const json = new JsonFile<{ n: number }>(file);
    for (let i = 0; i < 20; i++) json.save({ n: i });
    await json.flush();
    expect(json.read()).toEqual({ n: 19 });
  });
});
