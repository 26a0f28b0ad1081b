// A hub that closes (a restart, Ctrl+C) does not wait on a peer that keeps its connection: a video
// download the browser has paused, a socket that never answers the close.
import { mkdirSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { connect as tcp } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaled, startTestHub } from './helpers.js';

/** Resolves with what `promise` gave, or with 'still waiting' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

describe('closing the hub', () => {
  it('ends while a download is paused half-way and a socket sits unanswered', async () => {
    const hub = await startTestHub();
    const mediaDir = path.join(hub.config.dataDir, 'media');
    mkdirSync(mediaDir, { recursive: true });
    // Larger than the socket buffers on both sides, so the answer is still being sent when the reader stops.
    writeFileSync(path.join(mediaDir, 'long.mp4'), Buffer.alloc(64 * 1024 * 1024, 1));
    const paused = await new Promise<IncomingMessage>((resolve, reject) => {
      get(`${hub.mediaUrl}/media/long.mp4`, (res) => {
        res.once('data', () => {
          res.pause();
          resolve(res);
        });
      }).on('error', reject);
    });
    paused.on('error', () => undefined);
    // A connection to the socket port that asked for nothing.
    const silent = tcp(hub.config.wsPort, '127.0.0.1');
    silent.on('error', () => undefined);
    await new Promise((r) => silent.once('connect', r));

    expect(await within(hub.cleanup(), scaled(10_000))).not.toBe('still waiting');
    paused.destroy();
    silent.destroy();
  });
});
