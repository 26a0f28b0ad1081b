import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUploadToken } from '../src/features/upload/token.js';
import { glb, mp4, png, xlsx } from './files.js';
import { call, login, makeApp } from './helpers.js';

const m = messages.upload;

let app: FastifyInstance;
let token: string;
let userId: number;
beforeAll(async () => {
  app = await makeApp({ publicUrl: 'http://api.test:8787' });
  token = (await login(app, 'brand@demo.local')).web_token;
  userId = (await call(app, api.user.info, undefined, { token })).body.data.id;
});
afterAll(() => app.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const newKey = (ext: string) => `test/${randomUUID()}.${ext}`;

async function uploadToken(query: Parameters<typeof call<typeof api.upload.token>>[2] = {}) {
  const res = await call(app, api.upload.token, query, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data.token;
}

/** The provider's form: token and key first, then the file. */
function put(fields: { token?: string; key?: string; file?: Buffer; name?: string }) {
  const form = new FormData();
  if (fields.token !== undefined) form.append('token', fields.token);
  if (fields.key !== undefined) form.append('key', fields.key);
  if (fields.file) form.append('file', new Blob([new Uint8Array(fields.file)]), fields.name ?? 'upload.bin');
  return app.inject({ method: 'POST', url: '/storage/upload', payload: form });
}

async function expectNothingLeft(key?: string) {
  expect(await readdir(app.storage.scratch)).toEqual([]);
  if (key) expect((await app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
}

describe('upload.token', () => {
  it('answers a scoped token, the upload URL and the file base', async () => {
    const res = await call(app, api.upload.token, { width: 800, height: 800 }, { token });
    expect(res.statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    expect(res.body.data).toEqual({
      token: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      upload_url: 'http://api.test:8787/storage/upload',
      file_base: 'http://api.test:8787/files',
      expire_time: expect.any(Number),
    });
    expect(res.body.data.expire_time - now).toBeGreaterThanOrEqual(3599);
  });

  it('rejects an unknown file_type and needs a session', async () => {
    const bad = await call(app, api.upload.token, { file_type: 'exe' as 'glb' }, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toBe('文件类型不是可选的值');
    expect((await call(app, api.upload.token, {})).statusCode).toBe(401);
  });
});

describe('POST /storage/upload', () => {
  it('stores an 800×800 PNG and serves it back with cache headers, Range and a thumbnail', async () => {
    const file = await png(800, 800);
    const key = newKey('png');
    const res = await put({ token: await uploadToken({ width: 800, height: 800 }), key, file, name: 'a.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key, hash: sha256(file) });

    const got = await app.inject({ method: 'GET', url: `/files/${key}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers.etag).toBeTruthy();
    expect(Buffer.compare(got.rawPayload, file)).toBe(0);

    const cached = await app.inject({
      method: 'GET',
      url: `/files/${key}`,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const part = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${file.length}`);
    expect(Buffer.compare(part.rawPayload, file.subarray(0, 10))).toBe(0);
    const bad = await app.inject({ method: 'GET', url: `/files/${key}`, headers: { range: `bytes=${file.length}-` } });
    expect(bad.statusCode).toBe(416);

    for (let i = 0; i < 2; i++) {
      const thumb = await app.inject({ method: 'GET', url: `/files/${key}?w=100` });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/png');
      expect(thumb.headers['cache-control']).toContain('immutable');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([100, 100]);
    }
    expect((await app.inject({ method: 'GET', url: `/files/${key}?w=0` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/files/${key}?w=2001` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/files/test/missing.png' })).statusCode).toBe(404);
    await expectNothingLeft();
  });

  it('a PNG of the wrong size answers 图片尺寸不符合要求，请上传800*800px图片', async () => {
    const key = newKey('png');
    const res = await put({ token: await uploadToken({ width: 800, height: 800 }), key, file: await png(400, 300) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, msg: '图片尺寸不符合要求，请上传800*800px图片', data: null });
    await expectNothingLeft(key);
  });

  it('a PNG below the minimum answers the minimum-size message', async () => {
    const res = await put({
      token: await uploadToken({ min_width: 500, min_height: 500 }),
      key: newKey('png'),
      file: await png(400, 600),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(m.imageMinSize(500, 500));
  });

  it('a text file renamed .png answers 415 暂不支持此类文件上传', async () => {
    const key = newKey('png');
    const res = await put({
      token: await uploadToken(),
      key,
      file: Buffer.from('just some text, not an image'),
      name: 'fake.png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 415, msg: m.unsupported, data: null });
    await expectNothingLeft(key);
  });

  it('a bad, tampered or missing token answers 401', async () => {
    const good = await uploadToken();
    for (const t of ['nonsense', `${good.split('.')[0]}.AAAA`, `${good}x`, undefined]) {
      const res = await put({ token: t, key: newKey('png'), file: await png(10, 10) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: m.tokenInvalid, data: null });
    }
    await expectNothingLeft();
  });

  it('an expired token answers 401', async () => {
    const { token: expired } = issueUploadToken(app.appConfig.appSecret, userId, 'image', {});
    const realNow = Date.now;
    Date.now = () => realNow() + 3601_000;
    try {
      const res = await put({ token: expired, key: newKey('png'), file: await png(10, 10) });
      expect(res.statusCode).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });

  it('a taken key answers 409 文件已存在; a bad key 400 文件名不合法', async () => {
    const key = newKey('png');
    const t = await uploadToken();
    expect((await put({ token: t, key, file: await png(20, 20) })).statusCode).toBe(200);
    const again = await put({ token: t, key, file: await png(20, 20, '#000') });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(m.keyTaken);
    for (const bad of ['../etc/passwd', '.hidden', '/abs.png', 'a/../b.png', '', 'a b.png']) {
      const res = await put({ token: t, key: bad, file: await png(20, 20) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe(m.keyInvalid);
    }
    await expectNothingLeft();
  });

  it('a form without a file answers 400 请选择文件', async () => {
    const res = await put({ token: await uploadToken(), key: newKey('png') });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(m.fileMissing);
  });

  it('a file over the token max_size answers 413', async () => {
    const key = newKey('png');
    const res = await put({ token: await uploadToken({ max_size: 100 }), key, file: await png(200, 200) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, msg: m.tooLarge('100B'), data: null });
    await expectNothingLeft(key);
  });

  it('an image over 10MB answers 413 文件大小不能超过10MB, even when the token asks for more', async () => {
    // Random pixels do not compress: about 10.8MB of PNG.
    const noise = Buffer.alloc(1900 * 1900 * 3);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    const big = await sharp(noise, { raw: { width: 1900, height: 1900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    for (const query of [{}, { max_size: 20 * 1024 * 1024 }]) {
      const key = newKey('png');
      const res = await put({ token: await uploadToken(query), key, file: big, name: 'big.png' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ status: 413, msg: m.tooLarge('10MB'), data: null });
      await expectNothingLeft(key);
    }
  });

  it('a JSON body instead of a form answers 415, never 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/storage/upload', payload: { token: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(415);
  });

  it('xlsx and glb tokens accept their types by content only', async () => {
    const xt = await uploadToken({ file_type: 'xlsx' });
    const sheet = await put({ token: xt, key: newKey('xlsx'), file: xlsx(), name: 'a.xlsx' });
    expect(sheet.statusCode).toBe(200);
    const pngAsXlsx = await put({ token: xt, key: newKey('xlsx'), file: await png(10, 10), name: 'a.xlsx' });
    expect(pngAsXlsx.statusCode).toBe(415);

    const gt = await uploadToken({ file_type: 'glb' });
    const model = await put({ token: gt, key: newKey('glb'), file: glb(), name: 'a.glb' });
    expect(model.statusCode).toBe(200);
    const served = await app.inject({ method: 'GET', url: `/files/${model.json().key}` });
    expect(served.headers['content-type']).toBe('model/gltf-binary');
    expect((await put({ token: gt, key: newKey('glb'), file: xlsx() })).statusCode).toBe(415);
    await expectNothingLeft();
  });
});

describe('spreadsheet file names (spec 02 §5: only .xlsx, one dot)', () => {
  it('refuses ship.v2.xlsx, ship.xls and ship under an xlsx token, and stores nothing', async () => {
    for (const name of ['ship.v2.xlsx', 'ship.xls', 'ship', '.xlsx']) {
      const key = newKey('xlsx');
      const res = await put({ token: await uploadToken({ file_type: 'xlsx' }), key, file: xlsx(), name });
      expect([name, res.statusCode, res.json().msg]).toEqual([name, 415, m.unsupported]);
      await expectNothingLeft(key);
    }
    const ok = await put({
      token: await uploadToken({ file_type: 'xlsx' }),
      key: newKey('xlsx'),
      file: xlsx(),
      name: '发货单.XLSX',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('video upload (STS)', () => {
  it('answers a video token and keys for each file; an mp4 uploads with it', async () => {
    const res = await call(app, api.upload.videoToken, { file: ['a.mp4', 'b.mov'] }, { token });
    expect(res.statusCode).toBe(200);
    const sts = res.body.data;
    expect(sts).toMatchObject({ accesskeyid: 'local', accesskeysecret: '', bucket_name: 'local', call_back_url: '' });
    expect(sts.upload_url).toBe('http://api.test:8787/storage/upload');
    expect(sts.file).toHaveLength(2);
    expect(sts.file[0]).toEqual({
      name: 'a.mp4',
      key: expect.stringMatching(/^video\/[0-9a-f-]{36}\.mp4$/),
      url: `http://api.test:8787/files/${sts.file[0]!.key}`,
    });
    const video = mp4();
    const up = await put({ token: sts.securitytoken, key: sts.file[0]!.key, file: video, name: 'a.mp4' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ key: sts.file[0]!.key, hash: sha256(video) });
    const got = await app.inject({
      method: 'GET',
      url: `/files/${sts.file[0]!.key}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(got.statusCode).toBe(206);
    expect(got.headers['content-type']).toBe('video/mp4');

    const notVideo = await put({ token: sts.securitytoken, key: sts.file[1]!.key, file: await png(10, 10) });
    expect(notVideo.statusCode).toBe(415);
  });

  it('an empty body gives no keys; a video over the limit answers 413 视频文件最大支持100MB', async () => {
    const empty = await call(app, api.upload.videoToken, undefined, { token });
    expect(empty.statusCode).toBe(200);
    expect(empty.body.data.file).toEqual([]);
    const { token: small } = issueUploadToken(app.appConfig.appSecret, userId, 'video', { max_size: 512 });
    const key = `video/${randomUUID()}.mp4`;
    const res = await put({ token: small, key, file: mp4(4096) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, msg: m.videoTooLarge, data: null });
    await expectNothingLeft(key);
  });
});

describe('user.updateAvatar', () => {
  it('sets an own 800×800 upload as the avatar; other sizes 400, foreign keys 404', async () => {
    const key = newKey('png');
    expect(
      (await put({ token: await uploadToken({ width: 800, height: 800 }), key, file: await png(800, 800) })).statusCode,
    ).toBe(200);
    const res = await call(app, api.user.updateAvatar, { avatar: key }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ avatar: `http://api.test:8787/files/${key}` });
    const info = await call(app, api.user.info, undefined, { token });
    expect(info.body.data.avatar).toBe(`http://api.test:8787/files/${key}`);
    const byUrl = await call(
      app,
      api.user.updateAvatar,
      { avatar: `http://api.test:8787/files/${key}?w=100` },
      { token },
    );
    expect(byUrl.statusCode).toBe(200);

    const smallKey = newKey('png');
    await put({ token: await uploadToken(), key: smallKey, file: await png(100, 100) });
    const small = await call(app, api.user.updateAvatar, { avatar: smallKey }, { token });
    expect(small.statusCode).toBe(400);
    expect(small.body.msg).toBe(m.imageSize(800, 800));

    const shop = await login(app, 'shop@demo.local');
    const foreign = await call(app, api.user.updateAvatar, { avatar: key }, { token: shop.web_token });
    expect(foreign.statusCode).toBe(404);
    const empty = await call(app, api.user.updateAvatar, { avatar: ' ' }, { token });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.msg).toContain('请上传头像');
  });
});
