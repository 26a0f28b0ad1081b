import { Container, Graphics, type Text } from 'pixi.js';
import { C, gradient } from '../theme.js';
import { label, setText } from './text.js';

/** A card with a title bar: the frame of every list on the screens. */
export class Panel extends Container {
  private readonly bg = new Graphics();
  private readonly accent = new Graphics();
  readonly title: Text;
  readonly sub: Text;
  readonly body = new Container();
  private readonly emptyText: Text;
  w = 0;
  h = 0;
  constructor(
    title: string,
    private readonly size = 44,
    private readonly accentColor: number = C.gold,
  ) {
    super();
    this.title = label(size, C.text, '800');
    this.sub = label(size * 0.55, C.sub, '500');
    this.emptyText = label(size * 0.62, C.dim, '500');
    this.emptyText.visible = false;
    setText(this.title, title);
    this.addChild(this.bg, this.accent, this.title, this.sub, this.body, this.emptyText);
  }

  /** The title bar's height. */
  get head(): number {
    return this.size * 2.1;
  }

  layout(w: number, h: number): void {
    this.w = w;
    this.h = h;
    const r = Math.min(32, this.size * 0.7);
    this.bg.clear().roundRect(0, 0, w, h, r).fill(gradient('card')).stroke({ width: 2, color: C.line, alpha: 0.9 });
    const pad = this.size * 0.7;
    this.accent
      .clear()
      .roundRect(pad, this.head / 2 - this.size * 0.45, this.size * 0.18, this.size * 0.9, this.size * 0.09)
      .fill({ color: this.accentColor });
    this.title.position.set(pad + this.size * 0.45, this.head / 2 - this.title.height / 2);
    this.sub.position.set(w - pad - this.sub.width, this.head / 2 - this.sub.height / 2);
    this.body.position.set(0, this.head);
    this.placeEmpty();
  }

  private placeEmpty() {
    this.emptyText.position.set(
      (this.w - this.emptyText.width) / 2,
      this.head + (this.bodyH - this.emptyText.height) / 2,
    );
  }

  /** A quiet line in the middle of an empty panel (null hides it). */
  setEmpty(message: string | null): void {
    this.emptyText.visible = message !== null;
    if (message === null) return;
    setText(this.emptyText, message);
    this.placeEmpty();
  }

  setSub(value: string): void {
    setText(this.sub, value);
    this.sub.x = this.w - this.size * 0.7 - this.sub.width;
  }

  /** The body's size under the title bar. */
  get bodyW(): number {
    return this.w;
  }
  get bodyH(): number {
    return this.h - this.head;
  }
}
