import { mediaUrl } from '../common/address.js';

export type SoundName = 'sell' | 'final' | 'lucky' | 'draw';
const FILES: Record<SoundName, string[]> = {
  sell: ['sell.mp3', 'sell.ogg', 'sell.wav'],
  final: ['final.mp3', 'final.ogg', 'final.wav'],
  lucky: ['lucky.mp3', 'lucky.ogg', 'lucky.wav'],
  draw: ['draw.mp3', 'draw.ogg', 'draw.wav'],
};

/**
 * The overlay's sounds. A file of the same name in the media library (sell.mp3, final.mp3,
 * lucky.mp3, draw.mp3) is used when present; otherwise a short tone is synthesised. An admin=1
 * preview is muted.
 */
export class SoundBoard {
  private ctx: AudioContext | null = null;
  private loop: { stop(): void } | null = null;
  media: string[] = [];
  /** The last sounds asked for, in order (what the audience heard; for tests). */
  readonly played: SoundName[] = [];

  constructor(
    private readonly mediaBase: string,
    private readonly muted: boolean,
  ) {}

  private file(name: SoundName): string | null {
    const found = FILES[name].find((f) => this.media.includes(f));
    return found ? mediaUrl(this.mediaBase, found) : null;
  }

  private audio(): AudioContext | null {
    if (this.muted) return null;
    try {
      this.ctx ??= new AudioContext();
      if (this.ctx.state === 'suspended') void this.ctx.resume();
      return this.ctx;
    } catch {
      return null;
    }
  }

  play(name: SoundName): void {
    if (this.muted) return;
    this.played.push(name);
    if (this.played.length > 100) this.played.splice(0, this.played.length - 100);
    const url = this.file(name);
    if (url) {
      const a = new Audio(url);
      void a.play().catch(() => undefined);
      return;
    }
    const ctx = this.audio();
    if (!ctx) return;
    const notes: Record<SoundName, [number, number][]> = {
      sell: [[880, 0.09]],
      final: [
        [523, 0.12],
        [659, 0.12],
        [784, 0.12],
        [1047, 0.35],
      ],
      lucky: [
        [784, 0.1],
        [988, 0.1],
        [1175, 0.1],
        [1568, 0.4],
      ],
      draw: [
        [440, 0.06],
        [554, 0.06],
      ],
    };
    let t = ctx.currentTime;
    for (const [freq, len] of notes[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.25, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + len + 0.02);
      t += len * 0.9;
    }
  }

  /** The draw animation's looping sound until stopped. */
  startLoop(name: SoundName): void {
    this.stopLoop();
    if (this.muted) return;
    const url = this.file(name);
    if (url) {
      const a = new Audio(url);
      a.loop = true;
      void a.play().catch(() => undefined);
      this.loop = {
        stop: () => {
          a.pause();
          a.src = '';
        },
      };
      return;
    }
    const id = setInterval(() => this.play(name), 400);
    this.loop = { stop: () => clearInterval(id) };
  }

  stopLoop(): void {
    this.loop?.stop();
    this.loop = null;
  }
}
