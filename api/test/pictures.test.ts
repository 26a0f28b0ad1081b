// Every field that takes a picture accepts only the merchant's own uploads and public assets:
// another merchant's upload key answers exactly like a missing one, in every feature.
import { api, GACHA_SHEET_COLUMNS, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBrands } from '../src/db/schema.js';
import { goodsIdByTitle, type RecordImages, recordForm, recordImages } from './blind-box-helpers.js';
import { mp4 } from './files.js';
import { goodsPic, uploadSheet, uploadVideo } from './goods-helpers.js';
import { brandIds, call, createMerchant, login, makeApp, unique } from './helpers.js';
import { kujiForm, kujiRowsForm } from './kuji-helpers.js';

const missing = { status: 400, msg: messages.upload.pictureMissing, data: null };
const SEED_GOODS_PIC = 'seed/goods-01.png';

let app: FastifyInstance;
let token: string;
let molly: number;
let own: string;
/** Another merchant's uploads: an 800×800 picture, a video and record-sized images. */
let theirs: string;
let theirVideo: string;
let theirImages: RecordImages;
let ownImages: RecordImages;
beforeAll(async () => {
  app = await makeApp({ publicUrl: 'http://api.test:8787' });
  token = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, token, 14)) as [number];
  own = await goodsPic(app, token);
  ownImages = await recordImages(app, token);
  const other = await createMerchant(app, [14]);
  const otherToken = (await login(app, other.email)).web_token;
  theirs = await goodsPic(app, otherToken);
  theirVideo = await uploadVideo(app, otherToken, mp4());
  theirImages = await recordImages(app, otherToken);
});
afterAll(() => app.close());

const goodsForm = (pic: string) => ({
  ip_id: molly,
  title: unique('商品'),
  price: 19.9,
  pic,
  is_overseas: 0,
  stock_limit: 0,
});
const gachaForm = (pics: string[], video_url = '') => ({
  ip_id: molly,
  goods_title: unique('扭蛋'),
  price: 25,
  cost_price: 9.5,
  stock: 100,
  cate: 3,
  pics: JSON.stringify(pics),
  video_url,
  channel: '线下门店',
  label: JSON.stringify(['热卖', '', '', '']),
  link: '',
  code: '',
});

describe('pictures: own uploads and public assets only', () => {
  it("goods: another merchant's key, its URL and an address elsewhere answer like a missing key", async () => {
    const save = (pic: string) => call(app, api.goods.save, goodsForm(pic) as never, { token });
    const none = await save('img/none.png');
    expect(none.body).toEqual(missing);
    for (const pic of [theirs, `http://api.test:8787/files/${theirs}`, 'https://elsewhere.example/a.png']) {
      expect((await save(pic)).body, pic).toEqual(none.body);
    }
    expect((await save(own)).statusCode).toBe(200);
    expect((await save(`http://api.test:8787/files/${own}`)).statusCode).toBe(200);
    // A public asset: the platform's own (seeded) pictures, uploaded by nobody.
    expect((await save(SEED_GOODS_PIC)).statusCode).toBe(200);
  });

  it("gacha goods: another merchant's picture or video is refused; the import reports the row", async () => {
    const save = (pics: string[], video = '') => call(app, api.gacha.save, gachaForm(pics, video) as never, { token });
    expect((await save([own, theirs])).body).toEqual(missing);
    expect((await save([own], theirVideo)).body).toEqual(missing);
    expect((await save([own])).statusCode).toBe(200);

    const values = (title: string, pic: string) =>
      GACHA_SHEET_COLUMNS.map(
        (h) =>
          (
            ({ 商品名称: title, 零售价: 12.5, 成本价: 4, 库存: 30, 类型: '扭蛋', 渠道: '小程序', 图片: pic }) as Record<
              string,
              string | number
            >
          )[h] ?? '',
      );
    const url = await uploadSheet(app, token, [
      [...GACHA_SHEET_COLUMNS],
      values('自己的', own),
      values('别人的', theirs),
    ]);
    const preview = (await call(app, api.gacha.import, { url, ip_id: molly }, { token })).body.data;
    expect(preview.errors).toEqual([{ row: 3, column: '图片', message: messages.upload.pictureMissing }]);
    expect(preview.create_num).toBe(1);
  });

  it("blind-box records: another merchant's images answer like missing ones; picked styles keep the goods' picture", async () => {
    const m = messages.blindBoxRecord;
    const submit = (patch: Record<string, unknown>) =>
      call(app, api.blindBoxRecord.submit, recordForm(molly, ownImages, patch) as never, { token });
    const asMissing = { status: 400, msg: m.imageMissing, data: null };
    expect((await submit({ pic: 'img/none.png' })).body).toEqual(asMissing);
    for (const patch of [
      { pic: theirImages.pic },
      { main_pic: theirImages.main_pic },
      { one_box_pic: theirImages.one_box_pic },
      { one_pack_pic: theirImages.one_pack_pic },
      { pics: JSON.stringify([theirImages.detail]) },
    ]) {
      expect((await submit(patch)).body, JSON.stringify(patch)).toEqual(asMissing);
    }
    const manual = (pic: string) => [
      ...[1, 2, 3, 4].map((i) => ({ goods_title: `基础款${i}`, goods_pic: ownImages.style, type: 1 })),
      { goods_title: '隐藏款', goods_pic: pic, type: 2, probability: 48 },
    ];
    expect((await submit({ goods: JSON.stringify(manual(theirImages.style)) })).body).toEqual(asMissing);

    // A style picked from the brand's goods shows the goods' picture, whatever was sent with it.
    const paris = await goodsIdByTitle(app, molly, 'Molly 星愿旅行·巴黎');
    const styles = manual(ownImages.style).map((s, i) =>
      i === 0 ? { ...s, goods_title: paris.title, goods_pic: theirImages.style, sku_id: paris.id } : s,
    );
    const ok = await submit({ goods: JSON.stringify(styles) });
    expect(ok.statusCode).toBe(200);
    const detail = await call(app, api.blindBoxRecord.detail, { id: ok.body.data.id }, { token });
    expect(detail.body.data.goods[0]!.goods_pic).toMatch(new RegExp(`/files/${paris.pic}$`));
  });

  it("kuji: another merchant's cover or prize picture is refused, on publish and on update", async () => {
    const publish = (patch: Record<string, unknown>) =>
      call(app, api.kuji.publish, kujiForm(molly, patch) as never, { token });
    expect((await publish({ pic: theirs })).body).toEqual(missing);
    expect((await publish({ top_pic: theirs })).body).toEqual(missing);
    const rows = kujiRowsForm().map((r, i) => (i === 2 ? { ...r, goods_pic: theirs } : r));
    expect((await publish({ goods: JSON.stringify(rows) })).body).toEqual(missing);
    const created = await publish({ pic: own });
    expect(created.statusCode).toBe(200);
    const update = (pic: string) => call(app, api.kuji.update, { id: created.body.data.id, pic }, { token });
    expect((await update(theirs)).body).toEqual(missing);
    expect((await update(own)).statusCode).toBe(200);
  });

  it("the avatar: another merchant's 800×800 upload answers 404 like a missing one", async () => {
    const none = await call(app, api.user.updateAvatar, { avatar: 'img/none.png' }, { token });
    const foreign = await call(app, api.user.updateAvatar, { avatar: theirs }, { token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toEqual(none.body);
    expect((await call(app, api.user.updateAvatar, { avatar: own }, { token })).statusCode).toBe(200);
  });

  it("a colleague's upload (a user sharing one of the merchant's brands) is the merchant's own", async () => {
    const colleague = await createMerchant(app, [14]);
    await app.db.insert(userBrands).values({ userId: colleague.user.id, brandId: molly, perId: 14 });
    const colleagueToken = (await login(app, colleague.email)).web_token;
    const shared = await goodsPic(app, colleagueToken);
    expect((await call(app, api.goods.save, goodsForm(shared) as never, { token })).statusCode).toBe(200);
    const back = goodsForm(own);
    expect((await call(app, api.goods.save, back as never, { token: colleagueToken })).statusCode).toBe(200);
  });
});
