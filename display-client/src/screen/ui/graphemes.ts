/**
 * Text cut for the screens, by user-perceived characters (an emoji, a flag or a letter with its
 * accents stays whole): no line is ever cut inside a glyph.
 */
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh-CN', { granularity: 'grapheme' }) : null;

export function graphemes(value: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(value), (s) => s.segment);
  return Array.from(value);
}

/**
 * The longest start of `value` that `fits`, ending with an ellipsis when shortened: `value` itself
 * when it fits, else `start…` cut at a character boundary (just `…` when nothing else fits).
 */
export function fitWithEllipsis(value: string, fits: (text: string) => boolean): string {
  if (fits(value)) return value;
  const parts = graphemes(value);
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(`${parts.slice(0, mid).join('')}…`)) lo = mid;
    else hi = mid - 1;
  }
  return `${parts.slice(0, lo).join('').trimEnd()}…`;
}

/** The initials shown for a person without a picture: the first character, upper-cased for Latin names. */
export function initialsOf(name: string): string {
  const first = graphemes(name.trim())[0] ?? '';
  return first.toUpperCase();
}

/** A stable colour for a name, from a small palette that reads well behind white letters. */
const AVATAR_COLOURS = [0x7b2ff7, 0x2f6bff, 0xd6336c, 0x1971c2, 0xe8590c, 0x5f3dc4, 0x0c8599, 0x2b8a3e];
export function avatarColour(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length]!;
}
