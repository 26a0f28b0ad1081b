import { describe, expect, it } from 'vitest';
import { venueTime } from '../src/common/time.js';
import { avatarColour, fitWithEllipsis, graphemes, initialsOf } from '../src/screen/ui/graphemes.js';

/** A width measure for the tests: each character (by code point) is one unit wide, the ellipsis too. */
const fitsIn = (units: number) => (text: string) => Array.from(text).length <= units;

describe('message lines that do not fit', () => {
  it('end with an ellipsis at a character boundary, never inside an emoji or a flag', () => {
    expect(fitWithEllipsis('欧皇小王在「星河」抽中隐藏款', fitsIn(20))).toBe('欧皇小王在「星河」抽中隐藏款');
    expect(fitWithEllipsis('欧皇小王在「星河」抽中隐藏款', fitsIn(6))).toBe('欧皇小王在…');
    // 👨‍👩‍👧 is five code points and one character; 🇨🇳 two code points and one character.
    const name = '小王👨‍👩‍👧🇨🇳抽中';
    for (let units = 1; units < Array.from(name).length; units++) {
      const cut = fitWithEllipsis(name, fitsIn(units));
      expect(cut.endsWith('…')).toBe(true);
      const kept = cut.slice(0, -1);
      // Whatever is kept is whole characters of the original.
      expect(name.startsWith(kept)).toBe(true);
      expect(graphemes(name).slice(0, graphemes(kept).length).join('')).toBe(kept);
      expect(fitsIn(units)(cut) || cut === '…').toBe(true);
    }
    expect(fitWithEllipsis('一二三', () => false)).toBe('…');
  });
});

describe('players without an avatar', () => {
  it('get their initial on a colour of their own', () => {
    expect(initialsOf('欧皇小王')).toBe('欧');
    expect(initialsOf('  lucky star')).toBe('L');
    expect(initialsOf('🇨🇳玩家')).toBe('🇨🇳');
    expect(avatarColour('欧皇小王')).toBe(avatarColour('欧皇小王'));
    const colours = new Set(['欧皇小王', '幸运星', '抽盒达人', '隐藏款收割机', '潮玩少女', '夜猫子'].map(avatarColour));
    expect(colours.size).toBeGreaterThan(2);
  });
});

describe('the screens’ clock', () => {
  it('shows the venue’s time zone, whatever the screen computer’s', () => {
    const at = new Date('2026-11-23T16:05:09Z');
    expect(venueTime(at, 'Asia/Shanghai')).toBe('00:05:09');
    expect(venueTime(at, 'Europe/Berlin')).toBe('17:05:09');
  });
});
