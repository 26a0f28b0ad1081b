// The shared upload component, as the avatar dialog uses it: the exact pixel size is checked
// before sending (and by the server), a right image uploads with progress and shows a preview.
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('image upload', () => {
  const suite = useBrowserStack();

  it('rejects an image of the wrong size and stores a right one as the avatar', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local');
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('change-avatar').click();
    await expect.poll(() => page.getByTestId('avatar-dialog').isVisible()).toBe(true);

    await page.getByTestId('avatar-upload-input').setInputFiles(await pngFile(640, 480));
    await expect.poll(() => page.getByText('图片尺寸不符合要求，请上传800*800px图片').first().isVisible()).toBe(true);
    expect(await page.getByTestId('avatar-upload-item').count()).toBe(0);
    await shot(page, 'upload-wrong-size');

    await page.getByTestId('avatar-upload-input').setInputFiles(await pngFile(800, 800));
    await expect.poll(() => page.getByTestId('avatar-upload-item').count(), { timeout: 15_000 }).toBe(1);
    const preview = page.getByTestId('avatar-upload-item').locator('img');
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByTestId('avatar-save').click();
    await expect.poll(() => page.getByText('修改成功').first().isVisible()).toBe(true);

    // The server keeps it: the user's info now points at the stored file, which is served back.
    const token = (await context.cookies()).find((c) => c.name === 'web_token')!.value;
    const info = await suite.stack.call<{ avatar: string }>('GET', '/web/helper/user/info', {}, token);
    expect(info.body.data.avatar).toMatch(/\/files\//);
    const file = await fetch(info.body.data.avatar);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    await context.close();
  });
});
