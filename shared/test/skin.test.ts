import { describe, expect, it } from 'vitest';
import {
  firstFailure,
  messages,
  SKIN_IMAGE_KEYS,
  SKIN_IMAGES,
  SKIN_NAV_ICONS,
  showPicSize,
  skinBatchProblem,
  skinImageRules,
  skinPreviewRules,
  skinSaleRules,
  skinSlotOfFile,
} from '../src/index.js';

const m = messages.skin;
const all = Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, `${k}.png`]));

describe('the skin image table', () => {
  it('has the seventeen slots of spec 03 §3 with unique keys and Chinese names', () => {
    expect(SKIN_IMAGES).toHaveLength(17);
    expect(new Set(SKIN_IMAGES.map((i) => i.name)).size).toBe(17);
    expect(SKIN_NAV_ICONS).toHaveLength(8);
    expect(SKIN_IMAGES.find((i) => i.key === 'index_nav')).toMatchObject({ width: 2250, height: 540 });
    expect(SKIN_IMAGES.filter((i) => i.group === 'icon').every((i) => i.width === 240 && i.height === 240)).toBe(true);
    expect(showPicSize(2250, 1920)).toBe(1.2);
  });

  it('matches a batch file by its name without extension, then its exact size', () => {
    expect(skinSlotOfFile('动态装扮.png')?.key).toBe('club_record_head_background');
    expect(skinSlotOfFile('a/动态装扮')).toBeUndefined();
    expect(skinBatchProblem('卡片背景.png', { width: 2250, height: 522 })).toBeNull();
    expect(skinBatchProblem('卡片背景.png', { width: 2250, height: 520 })).toBe('尺寸不正确,请上传2250*522px图片');
    expect(skinBatchProblem('背景.png', { width: 2250, height: 522 })).toBe('文件命名不正确，未找到对应位置');
  });
});

describe('the skin rule tables, in order', () => {
  it('step 0: each image in the order of its messages, the font colour after the brand plate', () => {
    expect(firstFailure(skinImageRules, {})?.message).toBe(m.avatarWidgetRequired);
    expect(firstFailure(skinImageRules, { avatar_widget: 'a' })?.message).toBe(m.ipBrandRequired);
    expect(firstFailure(skinImageRules, { avatar_widget: 'a', ip_brand: 'b' })?.message).toBe(m.fontToneRequired);
    expect(firstFailure(skinImageRules, { ...all, font_tone: '#8866AA', message_background: '' })?.message).toBe(
      m.messageBackgroundRequired,
    );
    expect(firstFailure(skinImageRules, { ...all, font_tone: '#8866AA' })).toBeNull();
  });

  it('step 1: brand, name, title max 10, intro max 200', () => {
    expect(firstFailure(skinSaleRules, {})?.message).toBe(m.brandRequired);
    expect(firstFailure(skinSaleRules, { ip_id: 3 })?.message).toBe('请输入装扮名称');
    expect(firstFailure(skinSaleRules, { ip_id: 3, title: '一二三四五六七八九十' })).toBeNull();
    expect(firstFailure(skinSaleRules, { ip_id: 3, title: '一二三四五六七八九十十' })?.message).toBe(m.titleTooLong);
    expect(firstFailure(skinSaleRules, { ip_id: 3, title: 'a', content: 'x'.repeat(201) })?.message).toBe(
      m.contentTooLong,
    );
  });

  it('preview: an image, then all eight nav icons', () => {
    expect(firstFailure(skinPreviewRules, {})?.message).toBe('请上传图片后预览');
    expect(firstFailure(skinPreviewRules, { ip_brand: 'x', index_label_index: 'y' })?.message).toBe(
      '请上传所有导航icon后预览',
    );
    expect(firstFailure(skinPreviewRules, Object.fromEntries(SKIN_NAV_ICONS.map((k) => [k, 'x'])))).toBeNull();
  });
});
