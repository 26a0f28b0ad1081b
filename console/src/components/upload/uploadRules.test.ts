import { UPLOAD_KEY } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { checkCount, checkDimensions, checkKindSize, checkSize, checkType, checkXlsx, makeKey } from './uploadRules';

describe('upload rules', () => {
  it('checks the type by extension', () => {
    expect(checkType('a.PNG', ['png', 'jpg'])).toBeNull();
    expect(checkType('a.webp', ['png', 'jpg'])).toBe('暂不支持此类文件上传');
    expect(checkXlsx('orders.xlsx')).toBeNull();
    expect(checkXlsx('orders.v2.xlsx')).toBe('暂不支持此类文件上传');
    expect(checkXlsx('orders.xls')).toBe('暂不支持此类文件上传');
  });

  it('checks the exact and minimum pixel size', () => {
    expect(checkDimensions({ width: 800, height: 800 }, { width: 800, height: 800 })).toBeNull();
    expect(checkDimensions({ width: 801, height: 800 }, { width: 800, height: 800 })).toBe(
      '图片尺寸不符合要求，请上传800*800px图片',
    );
    expect(checkDimensions({ width: 1000, height: 500 }, { minWidth: 1200, minHeight: 600 })).toBe(
      '图片尺寸不符合要求，请上传不小于1200*600px图片',
    );
    // Any image over 40 megapixels, whatever the rule.
    expect(checkDimensions({ width: 8000, height: 5000 }, {})).toBeNull();
    expect(checkDimensions({ width: 8000, height: 5001 }, {})).toBe('图片像素过大（最多4000万像素），请压缩后再上传');
    expect(checkDimensions({ width: 10000, height: 10000 }, { minWidth: 1200, minHeight: 600 })).toBe(
      '图片像素过大（最多4000万像素），请压缩后再上传',
    );
  });

  it('checks the count', () => {
    expect(checkCount(1, 0, 1)).toBeNull();
    expect(checkCount(3, 8, 10)).toBe('本次选择了 3 个文件，共选择了 11 个文件,超出最大上传限制');
  });

  it('checks the byte size', () => {
    expect(checkSize(2 * 1024 * 1024, 1024 * 1024)).toBe('文件大小不能超过1MB');
    expect(checkSize(10, 1024)).toBeNull();
  });

  it('checks the bytes of an upload kind with its own message', () => {
    const mb = 1024 * 1024;
    expect(checkKindSize(15 * mb, 'image')).toBe('文件大小不能超过10MB');
    expect(checkKindSize(15 * mb, 'collectibleImage')).toBeNull();
    expect(checkKindSize(21 * mb, 'collectibleImage')).toBe('图片文件最大支持20MB');
    expect(checkKindSize(101 * mb, 'glb')).toBe('模型文件最大支持100MB');
    expect(checkKindSize(2 * mb, 'collectibleImage', mb)).toBe('文件大小不能超过1MB');
  });

  it('makes unique keys the storage accepts', () => {
    const key = makeKey('photo.JPG', 'img', new Date(2025, 2, 9), () => 'abc-123');
    expect(key).toBe('img/202503/abc-123.jpg');
    const random = makeKey('photo.png');
    expect(random).toMatch(UPLOAD_KEY);
    expect(random).not.toBe(makeKey('photo.png'));
  });
});
