import { BitmapFont, BitmapText, Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { C, DIGIT_CHARS, DIGITS, FONT, text as style } from '../theme.js';

let installed = false;
/** Install the digits' bitmap font once: white, so BitmapText.tint colours it. */
export function installDigits(): void {
  if (installed) return;
  installed = true;
  BitmapFont.install({
    name: DIGITS,
    chars: DIGIT_CHARS,
    resolution: 2,
    padding: 6,
    dynamicFill: true,
    style: { fontFamily: FONT, fontSize: 96, fill: 0xffffff, fontWeight: '800' },
  });
}

/** A Text that only re-renders when its string really changes. */
export function label(
  size: number,
  fill: number = C.text,
  weight: TextStyleOptions['fontWeight'] = '500',
  extra: TextStyleOptions = {},
): Text {
  return new Text({ text: '', style: { ...style(size, fill, weight), ...extra } });
}

export function setText(t: Text | BitmapText, value: string): void {
  if (t.text !== value) t.text = value;
}

/** Change a Text's colour only when it differs (each style change re-keys its caches). */
export function setFill(t: Text, color: number): void {
  if (t.style.fill !== color) t.style.fill = color;
}

const fitted = new WeakMap<Text, string>();

/** Fit a Text into a width by shortening it with an ellipsis (once per change, not per frame). */
export function setFitted(t: Text, value: string, maxWidth: number): void {
  const key = `${Math.round(maxWidth)}|${String(t.style.fontSize)}|${value}`;
  if (fitted.get(t) === key) return;
  fitted.set(t, key);
  setText(t, value);
  if (t.width <= maxWidth || value.length < 2) return;
  let lo = 1;
  let hi = value.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    t.text = `${value.slice(0, mid)}…`;
    if (t.width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  t.text = `${value.slice(0, lo)}…`;
}

/** A number in the bitmap font. */
export function digits(size: number, tint: number = C.text): BitmapText {
  const b = new BitmapText({ text: '', style: { fontFamily: DIGITS, fontSize: size } });
  b.tint = tint;
  return b;
}

/** A pill badge with a label (type 抽选/发售, levels, states). */
export class Badge extends Container {
  private readonly bg = new Graphics();
  readonly text: Text;
  constructor(size: number) {
    super();
    this.text = label(size, C.text, '700');
    this.addChild(this.bg, this.text);
  }
  set(value: string, color: number): void {
    setText(this.text, value);
    const padX = this.text.height * 0.55;
    const padY = this.text.height * 0.12;
    this.text.position.set(padX, padY);
    this.bg
      .clear()
      .roundRect(0, 0, this.text.width + padX * 2, this.text.height + padY * 2, (this.text.height + padY * 2) / 2)
      .fill({ color });
  }
}
