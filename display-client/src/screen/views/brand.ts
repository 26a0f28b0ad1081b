import { type DisplayBrand, type SaleEntry, saleStateText, saleTypeText, yuanText } from '@toy/shared/display';
import { Container, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import type { Change } from '../store.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { Badge, label, setFitted, setSize, setText } from '../ui/text.js';

/** The launches of a brand today (by id, else by title). */
export function launchesOf(sale: readonly SaleEntry[], brand: DisplayBrand | null): SaleEntry[] {
  if (!brand) return [];
  return sale.filter((s) => s.ips.some((b) => (b.id !== undefined ? b.id === brand.id : b.title === brand.title)));
}

/** Mode 2: the brand screen — its cover, logo and name, and its launches today. */
export class BrandView extends View {
  private readonly cover: ImageBox;
  private readonly shade = new Graphics();
  private readonly logo: ImageBox;
  private readonly title: Text;
  private readonly kind: Badge;
  private readonly listTitle: Text;
  private readonly rows: { box: Container; bg: Graphics; pic: ImageBox; name: Text; meta: Text }[] = [];
  private readonly empty: Text;

  constructor(
    ctx: ScreenContext,
    private brand: DisplayBrand | null,
  ) {
    super(ctx);
    this.cover = new ImageBox(ctx.textures, { radius: 36, placeholder: 0x1d2250 });
    this.logo = new ImageBox(ctx.textures, { radius: 0, circle: true, border: 6, borderColor: 0xffffff });
    this.title = label(96, C.text, '900');
    this.kind = new Badge(34);
    this.listTitle = label(48, C.text, '800');
    setText(this.listTitle, '今日发售');
    this.empty = label(40, C.sub);
    this.root.addChild(this.cover, this.shade, this.logo, this.title, this.kind, this.listTitle, this.empty);
    for (let i = 0; i < 3; i++) {
      const box = new Container();
      const bg = new Graphics();
      const pic = new ImageBox(ctx.textures, { radius: 18 });
      const name = label(40, C.text, '700');
      const meta = label(32, C.gold, '600');
      box.addChild(bg, pic, name, meta);
      this.rows.push({ box, bg, pic, name, meta });
      this.root.addChild(box);
    }
  }

  protected layout(): void {
    const { w, h } = this;
    const pad = Math.max(40, w * 0.03);
    const portrait = w < h;
    const coverW = portrait ? w - pad * 2 : (w - pad * 3) * 0.56;
    const coverH = portrait ? h * 0.45 : h - pad * 2;
    this.cover.setSize(coverW, coverH).position.set(pad, pad);
    this.shade
      .clear()
      .roundRect(pad, pad + coverH * 0.55, coverW, coverH * 0.45, 36)
      .fill(gradient('shade'));
    const lg = Math.min(coverW, coverH) * 0.26;
    this.logo.setSize(lg, lg).position.set(pad * 2, pad + coverH - lg - pad);
    const s = Math.min(1.3, coverW / 1300);
    setSize(this.title, 96 * s);
    this.title.position.set(pad * 2 + lg + pad * 0.8, pad + coverH - pad - lg / 2 - this.title.height / 2 - 20 * s);
    this.kind.position.set(this.title.x, this.title.y + this.title.height + 10);
    const x = portrait ? pad : pad * 2 + coverW;
    const y = portrait ? pad * 2 + coverH : pad;
    const lw = portrait ? w - pad * 2 : w - x - pad;
    this.listTitle.position.set(x, y);
    const rh = Math.min(260, (h - y - pad - this.listTitle.height - 30) / 3 - 24);
    this.rows.forEach((r, i) => {
      r.box.position.set(x, y + this.listTitle.height + 30 + i * (rh + 24));
      r.bg.clear().roundRect(0, 0, lw, rh, 24).fill(gradient('card')).stroke({ width: 2, color: C.line });
      r.pic.setSize(rh - 32, rh - 32).position.set(16, 16);
      r.name.position.set(rh + 8, rh * 0.22);
      r.meta.position.set(rh + 8, rh * 0.58);
    });
    this.empty.position.set(x, y + this.listTitle.height + 40);
    this.fill();
  }

  setBrand(brand: DisplayBrand | null): void {
    this.brand = brand;
    this.fill();
  }

  update(changes: Set<Change>): void {
    if (changes.has('data:sale') || changes.has('data:hot')) this.fill();
  }

  private fill() {
    const b = this.brand;
    const hot = b ? this.ctx.store.data.hot.find((x) => x.id === b.id) : undefined;
    this.cover.setUrl(imageUrl(this.ctx.mediaBase, b?.pic || hot?.pic));
    this.logo.setUrl(imageUrl(this.ctx.mediaBase, b?.logo || hot?.logo || b?.pic));
    setFitted(this.title, b?.title ?? '潮玩品牌', this.cover.width * 0.6);
    this.kind.set(b?.type === 2 ? '店铺' : '品牌', b?.type === 2 ? 0x3b5bdb : C.pink);
    const list = launchesOf(this.ctx.store.data.sale, b);
    const lw = this.rows[0]?.bg.width ?? 600;
    this.rows.forEach((r, i) => {
      const e = list[i];
      r.box.visible = Boolean(e);
      if (!e) return;
      r.pic.setUrl(imageUrl(this.ctx.mediaBase, e.pic));
      setFitted(r.name, e.name, lw - r.name.x - 24);
      setText(r.meta, `${saleTypeText(e.type)} · ${yuanText(e.price)} · ${saleStateText(e)}`);
    });
    setText(this.empty, list.length ? '' : '该品牌今日暂无发售');
  }
}
