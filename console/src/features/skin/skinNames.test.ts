import { messages, SKIN_IMAGES, skinAliasOf, skinBatchProblem, skinSlotOfFile } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { isLocalLink } from './previewLink';

const m = messages.skin;

describe('skin slot names', () => {
  it('names each image as its missing-image message does, by its name or its other name', () => {
    for (const slot of SKIN_IMAGES.filter((s) => s.group !== 'icon'))
      expect(slot.missing).toBe(`请上传${skinAliasOf(slot) ?? slot.name}`);
    const aliased = SKIN_IMAGES.filter((s) => skinAliasOf(s)).map((s) => [s.name, skinAliasOf(s)]);
    expect(aliased).toEqual([
      ['底部标签栏背景', '首页标签栏背景'],
      ['个人背景', '我的头部背景'],
      ['品牌形象', '抽选中奖形象'],
      ['被赞图片', '被赞样式'],
      ['卡片背景', '消息形象'],
    ]);
  });

  it('a batch file named by the other name is told the name to use; an unknown name keeps the spec’s words', () => {
    expect(skinSlotOfFile('首页标签栏背景.png')).toBeUndefined();
    expect(skinBatchProblem('首页标签栏背景.png', { width: 2250, height: 540 })).toBe(
      '文件命名不正确，未找到对应位置：「首页标签栏背景」请命名为「底部标签栏背景」',
    );
    expect(skinBatchProblem('底部标签栏背景.png', { width: 2250, height: 540 })).toBeNull();
    expect(skinBatchProblem('背景.png', { width: 2250, height: 540 })).toBe(m.batchName);
  });
});

describe('the preview link', () => {
  it('is out of a phone’s reach on this machine’s own address', () => {
    for (const link of [
      'http://127.0.0.1:8787/m/skin/preview?code=a',
      'http://localhost:8787/m/skin/preview',
      'http://[::1]:8787/m',
      'http://0.0.0.0:8787/m',
    ])
      expect(isLocalLink(link)).toBe(true);
    for (const link of ['https://api.example.com/m/skin/preview', 'http://192.168.1.20:8787/m', 'not a link'])
      expect(isLocalLink(link)).toBe(false);
  });
});
