import type { DisplayBrand, ScreenSlot } from '@toy/shared/display';
import { Container } from 'pixi.js';
import { type Clock, Disposer } from './clock.js';
import type { SoundBoard } from './sound.js';
import type { Change, DisplayStore } from './store.js';
import type { TextureCache } from './textures.js';

export type SlotKey = 'leftScreen' | 'centerScreen' | 'rightScreen';

/** What every view may use. */
export interface ScreenContext {
  route: string;
  admin: boolean;
  mediaBase: string;
  store: DisplayStore;
  clock: Clock;
  textures: TextureCache;
  sound: SoundBoard;
  /** Where DOM video elements go, positioned over the canvas. */
  videoLayer: HTMLElement;
  /** Design coordinates → CSS pixels (for DOM elements over the canvas). */
  toCss(x: number, y: number, w: number, h: number): { left: number; top: number; width: number; height: number };
  /** Send a screen's report (never from an admin=1 preview); false when it could not be sent. */
  send(message: { type: 'upDateInfo' | 'toAdmin'; data: unknown }): boolean;
  /** The design-to-CSS scale changed: DOM overlays re-place themselves. */
  onResize(fn: () => void): () => void;
}

/**
 * How views are torn down: the children and each Graphics' own context (PixiJS keeps a Graphics'
 * context, and its GPU buffers, when destroy() is given options without `context: true`).
 */
export const DESTROY = { children: true, context: true } as const;

/** A part of a screen: it lays itself out in a box of design pixels and follows the store. */
export abstract class View {
  readonly root = new Container();
  protected readonly d = new Disposer();
  w = 0;
  h = 0;

  constructor(protected readonly ctx: ScreenContext) {}

  resize(w: number, h: number): void {
    this.w = w;
    this.h = h;
    this.layout();
  }

  protected abstract layout(): void;

  /** The store changed. */
  update(_changes: Set<Change>): void {}

  /** Values for tests and the health report. */
  debug(): Record<string, unknown> {
    return {};
  }

  destroy(): void {
    this.d.dispose();
    this.root.destroy(DESTROY);
  }
}

/** A view that shows one screen slot (a mode and maybe its own brand). */
export interface SlotInfo {
  key: SlotKey;
  slot: ScreenSlot;
  brand: DisplayBrand | null;
  /** Centre screen (4 cards a page) or a side screen (3). */
  centre: boolean;
}
