import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session', () => ({ getAuthType: () => undefined }));
const { notify, toaster } = await import('./notify');

const shown = () => toaster.getVisibleToasts().map((t) => ({ id: t.id, title: t.title, duration: t.duration }));

describe('notify', () => {
  afterEach(() => toaster.remove());

  it("a form's next message replaces the last as a new toast with its whole time", () => {
    const first = notify.invalid('请输入一番赏名称');
    const next = notify.invalid('请输入一番赏单抽价格');
    expect(next).not.toBe(first);
    expect(shown()).toEqual([{ id: next, title: '请输入一番赏单抽价格', duration: 5000 }]);
  });

  it('the same message twice is one toast; different messages stand side by side', () => {
    notify.success('保存成功');
    notify.success('保存成功');
    notify.error('上传失败');
    expect(shown().map((t) => t.title)).toEqual(['上传失败', '保存成功']);
  });
});
