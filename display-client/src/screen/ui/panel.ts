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
    setText(this.title, title);
    this.addChild(this.bg, this.accent, this.title, this.sub, this.body);
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
