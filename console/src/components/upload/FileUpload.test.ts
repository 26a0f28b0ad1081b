import { messages } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { xlsxFailure } from './FileUpload';
import { UploadError } from './uploadCore';

describe('a shipping sheet upload that fails (spec 02 §8)', () => {
  it('says exactly 上传失败 when the connection or the storage fails without a reason', () => {
    const lost = new TypeError('Failed to fetch');
    for (const err of [new UploadError(messages.upload.failed, undefined, lost), lost, new Error('timeout'), undefined])
      expect(xlsxFailure(err)).toBe('上传失败');
    expect(xlsxFailure(new UploadError(messages.upload.failed))).not.toBe('上传失败，请重试');
  });

  it('names a file that is no spreadsheet, and passes on the storage’s own refusal', () => {
    const refused = (msg: string) => {
      const err = new UploadError(messages.upload.failed);
      Object.defineProperty(err, 'refusal', { value: msg });
      return err;
    };
    expect(xlsxFailure(refused(messages.upload.unsupported))).toBe(messages.upload.notXlsx);
    expect(xlsxFailure(refused('文件大小不能超过10MB'))).toBe('文件大小不能超过10MB');
  });
});
