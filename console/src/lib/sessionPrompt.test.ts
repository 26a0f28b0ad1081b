import { describe, expect, it, vi } from 'vitest';
import { createSessionPrompt } from './sessionPrompt';

describe('session prompt', () => {
  it('opens once for many 401 answers', () => {
    const prompt = createSessionPrompt();
    const listener = vi.fn();
    prompt.subscribe(listener);
    const opened = Array.from({ length: 10 }, () => prompt.request());
    expect(opened.filter(Boolean)).toHaveLength(1);
    expect(prompt.get()).toEqual({ open: true, hits: 10 });
  });

  it('can open again after 取消', () => {
    const prompt = createSessionPrompt();
    expect(prompt.request()).toBe(true);
    prompt.dismiss();
    expect(prompt.get().open).toBe(false);
    expect(prompt.request()).toBe(true);
    expect(prompt.request()).toBe(false);
  });

  it('stops notifying after unsubscribe', () => {
    const prompt = createSessionPrompt();
    const listener = vi.fn();
    const off = prompt.subscribe(listener);
    prompt.request();
    off();
    prompt.dismiss();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
