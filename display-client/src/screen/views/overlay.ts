import type { OpenData } from '@toy/shared/display';
import { Container, Graphics } from 'pixi.js';
import { DESTROY, type ScreenContext, type View } from '../context.js';
import { C, gradient } from '../theme.js';
import { Countdown, Draw } from './lottery.js';
import { PrizeCard } from './prize.js';

type Kind = 'countdown' | 'draw' | 'prize';
const kindOf = (d: OpenData): Kind => (d.active_type === 5 ? 'countdown' : d.active_type === 1 ? 'draw' : 'prize');

/**
 * The prize overlay: `open` shows it over the screen, `close` hides it. It holds the countdown,
 * the draw or the prize card, made when the kind changes and refreshed otherwise.
 */
export class Overlay {
  readonly root = new Container();
  private readonly backdrop = new Graphics();
  private readonly frame = new Graphics();
  private readonly inner = new Container();
  private view: View | null = null;
  private kind: Kind | null = null;
  private data: OpenData | null = null;
  private w = 0;
  private h = 0;

  constructor(private readonly ctx: ScreenContext) {
    this.root.addChild(this.backdrop, this.frame, this.inner);
    this.root.visible = false;
  }

  resize(w: number, h: number): void {
    this.w = w;
    this.h = h;
    this.backdrop.clear().rect(0, 0, w, h).fill({ color: 0x03040c, alpha: 0.82 });
    const m = Math.min(w, h) * 0.05;
    this.frame
      .clear()
      .roundRect(m, m, w - m * 2, h - m * 2, 48)
      .fill(gradient('card'))
      .stroke({ width: 4, fill: gradient('gold') });
    this.frame.circle(w * 0.2, h * 0.15, Math.min(w, h) * 0.25).fill({ color: C.pink, alpha: 0.06 });
    this.frame.circle(w * 0.82, h * 0.85, Math.min(w, h) * 0.3).fill({ color: C.cyan, alpha: 0.05 });
    this.inner.position.set(m, m);
    this.view?.resize(w - m * 2, h - m * 2);
  }

  /** Show, refresh or hide for the state's overlay. */
  set(data: OpenData | null): void {
    if (!data) {
      this.clear();
      return;
    }
    const kind = kindOf(data);
    // A new countdown restarts the view; the same one again (a reconnect's snapshot) carries on.
    const restart =
      kind === 'countdown' &&
      (data.started_at === undefined ? data !== this.data : data.started_at !== this.data?.started_at);
    this.data = data;
    this.root.visible = true;
    if (this.view && kind === this.kind && !restart) {
      if (this.view instanceof Draw || this.view instanceof PrizeCard) this.view.set(data);
      return;
    }
    this.clearView();
    this.kind = kind;
    this.view =
      kind === 'countdown'
        ? new Countdown(this.ctx, data)
        : kind === 'draw'
          ? new Draw(this.ctx, data)
          : new PrizeCard(this.ctx, data);
    this.inner.addChild(this.view.root);
    this.resize(this.w, this.h);
  }

  private clearView() {
    this.view?.destroy();
    this.view = null;
    this.kind = null;
  }

  clear(): void {
    this.clearView();
    this.data = null;
    this.root.visible = false;
  }

  debug(): Record<string, unknown> | null {
    return this.view ? this.view.debug() : null;
  }

  destroy(): void {
    this.clearView();
    this.root.destroy(DESTROY);
  }
}
