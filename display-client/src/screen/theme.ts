import { FillGradient, type TextStyleOptions } from 'pixi.js';

/** The screens' look: a deep night-blue stage with gold, pink and cyan accents. */
export const C = {
  bgTop: 0x0a0d2a,
  bgBottom: 0x1c0f3f,
  card: 0x161a3e,
  cardHi: 0x20265a,
  line: 0x2f3680,
  text: 0xf4f5ff,
  sub: 0xa6abdc,
  dim: 0x6c71a8,
  gold: 0xffc94d,
  goldDeep: 0xf08c00,
  pink: 0xff4f8b,
  cyan: 0x45d6ff,
  green: 0x3ee0a0,
  silver: 0xcfd6ea,
  bronze: 0xe0955a,
} as const;

export const FONT = '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif';
/** The bitmap font of every number that changes (prices, amounts, the countdown, the clock). */
export const DIGITS = 'DisplayDigits';
export const DIGIT_CHARS = '0123456789.,:¥%+-/×x* ';

export const text = (
  size: number,
  fill: number = C.text,
  weight: TextStyleOptions['fontWeight'] = '500',
): TextStyleOptions => ({
  fontFamily: FONT,
  fontSize: size,
  fill,
  fontWeight: weight,
});

let gradients: Record<string, FillGradient> | null = null;
/** Gradients are textures: made once and shared. */
export function gradient(name: 'stage' | 'gold' | 'pink' | 'cyan' | 'card' | 'shade'): FillGradient {
  gradients ??= {
    stage: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 0.35, y: 1 },
      colorStops: [
        { offset: 0, color: C.bgTop },
        { offset: 1, color: C.bgBottom },
      ],
    }),
    gold: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 1, y: 1 },
      colorStops: [
        { offset: 0, color: 0xffe08a },
        { offset: 1, color: C.goldDeep },
      ],
    }),
    pink: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 1, y: 1 },
      colorStops: [
        { offset: 0, color: 0xff7eb0 },
        { offset: 1, color: 0xd6336c },
      ],
    }),
    cyan: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 1, y: 1 },
      colorStops: [
        { offset: 0, color: 0x7ee7ff },
        { offset: 1, color: 0x2f6bff },
      ],
    }),
    card: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: 0x1d2250 },
        { offset: 1, color: 0x141737 },
      ],
    }),
    shade: new FillGradient({
      start: { x: 0, y: 0 },
      end: { x: 0, y: 1 },
      colorStops: [
        { offset: 0, color: 'rgba(5,6,20,0)' },
        { offset: 1, color: 'rgba(5,6,20,0.92)' },
      ],
    }),
  };
  return gradients[name]!;
}
