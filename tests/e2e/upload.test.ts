// The shared upload component, as the avatar dialog uses it: the pixel bound and the 10MB limit are
// checked before sending (and by the server), a non-square image goes through a crop step to
// 800×800, a JPEG is sent compressed at quality 0.7, and a right image shows a preview.
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

async function openAvatar(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('change-avatar').click();
  await expect.poll(() => page.getByTestId('avatar-dialog').isVisible()).toBe(true);
}

/** An 800×800 JPEG of random pixels at quality 100: large, and much smaller at 0.7. */
async function noisyJpeg(): Promise<string> {
  const noise = Buffer.alloc(800 * 800 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  const path = join(tmpdir(), `noise-${Date.now()}.jpg`);
  await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } })
    .jpeg({ quality: 100 })
    .toFile(path);
  return path;
}

describe.skipIf(!hasBrowser)('image upload', () => {
  const suite = useBrowserStack();

  it('refuses too many pixels and over 10MB before sending, crops a non-square image to 800×800', async () => {
    const { context, page } = await newPage(suite.browser);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/storage/upload')) posts.push(r.url());
    });
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    await openAvatar(page);

    // Over 40 megapixels is refused before sending, with the server's message.
    await page.getByTestId('avatar-upload-input').setInputFiles(await pngFile(8000, 5001));
    await expect
      .poll(() => page.getByText('图片像素过大（最多4000万像素），请压缩后再上传').first().isVisible(), {
        timeout: longest(15_000),
      })
      .toBe(true);

    // A 19.5MB image: 文件大小不能超过10MB, and nothing is sent.
    const big = join(tmpdir(), 'big-19.5mb.png');
    const small = await readFile(await pngFile(800, 800));
    await writeFile(big, Buffer.concat([small, Buffer.alloc(19.5 * 1024 * 1024 - small.length)]));
    await page.getByTestId('avatar-upload-input').setInputFiles(big);
    await expect.poll(() => page.getByText('文件大小不能超过10MB').first().isVisible()).toBe(true);
    expect(await page.getByTestId('avatar-upload-item').count()).toBe(0);
    await shot(page, 'upload-too-large');

    // A 640×480 picture opens the crop step instead of being refused; it is sent as 800×800.
    await page.getByTestId('avatar-upload-input').setInputFiles(await pngFile(640, 480));
    await expect.poll(() => page.getByTestId('avatar-crop').isVisible()).toBe(true);
    expect(await page.getByText('裁剪头像').first().isVisible()).toBe(true);
    await shot(page, 'upload-avatar-crop');
    expect(posts).toEqual([]);
    await page.getByTestId('avatar-crop-ok').click();
    await expect.poll(() => page.getByTestId('avatar-upload-item').count(), { timeout: longest(15_000) }).toBe(1);
    const preview = page.getByTestId('avatar-upload-item').locator('img');
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByTestId('avatar-save').click();
    await expect.poll(() => toast(page, '修改成功').isVisible()).toBe(true);

    // The server keeps it: the user's info points at the stored 800×800 file.
    const token = (await context.cookies()).find((c) => c.name === 'web_token')!.value;
    const info = await suite.stack.call<{ avatar: string }>('GET', '/web/helper/user/info', {}, token);
    expect(info.body.data.avatar).toMatch(/\/files\//);
    const file = await fetch(info.body.data.avatar);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    await context.close();
  });

  it('sends a JPEG compressed at quality 0.7', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    await openAvatar(page);
    const jpeg = await noisyJpeg();
    const original = (await readFile(jpeg)).length;
    await page.getByTestId('avatar-upload-input').setInputFiles(jpeg);
    await expect.poll(() => page.getByTestId('avatar-upload-item').count(), { timeout: longest(15_000) }).toBe(1);
    const src = (await page.getByTestId('avatar-upload-item').locator('img').getAttribute('src'))!;
    const stored = await fetch(src.replace(/\?w=\d+$/, ''));
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.length).toBeLessThan(original * 0.7);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 800]);
    await context.close();
  });
});
