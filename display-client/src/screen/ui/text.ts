import { BitmapFont, BitmapText, Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { C, DIGIT_CHARS, DIGITS, FONT, text as style } from '../theme.js';
import { fitWithEllipsis } from './graphemes.js';

/**
 * The smallest text the audience reads: 24 CSS px on a 1920×1080 screen, legible from about 5 m
 * (roughly 5 mm of letter height per metre of viewing distance on a typical 55" panel). In design
 * pixels that is 24 × designWidth / 1920 (26 on the 2048-wide store screen, 32 on the 2560-wide
 * event screens). Every Text and number on a screen is made and resized through legible().
 */
export const MIN_TEXT_PX = 24;
let floor = 0;
/** Set the floor for a screen's design width (once, before any view is made). */
export function setTextFloor(designWidth: number): void {
  floor = Math.ceil((MIN_TEXT_PX * designWidth) / 1920);
}
/** The floor in design pixels. */
export const textFloor = () => floor;
/** A font size no smaller than the floor. */
export const legible = (size: number) => Math.max(floor, size);

/** Resize a Text or a number, never below the floor. */
export function setSize(t: Text | BitmapText, size: number): void {
  const v = legible(size);
  if (t.style.fontSize !== v) t.style.fontSize = v;
}

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
  return new Text({ text: '', style: { ...style(legible(size), fill, weight), ...extra } });
}

export function setText(t: Text | BitmapText, value: string): void {
  if (t.text !== value) t.text = value;
}

/** Change a Text's colour only when it differs (each style change re-keys its caches). */
export function setFill(t: Text, color: number): void {
  if (t.style.fill !== color) t.style.fill = color;
}

const fitted = new WeakMap<Text, string>();

/**
 * Fit a Text into a width by shortening it with an ellipsis at a character boundary (once per
 * change, not per frame).
 */
export function setFitted(t: Text, value: string, maxWidth: number): void {
  const key = `${Math.round(maxWidth)}|${String(t.style.fontSize)}|${value}`;
  if (fitted.get(t) === key) return;
  fitted.set(t, key);
  setText(
    t,
    fitWithEllipsis(value, (candidate) => {
      t.text = candidate;
      return t.width <= maxWidth;
    }),
  );
}

/** A number in the bitmap font. */
export function digits(size: number, tint: number = C.text): BitmapText {
  const b = new BitmapText({ text: '', style: { fontFamily: DIGITS, fontSize: legible(size) } });
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
