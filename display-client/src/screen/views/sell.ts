import { type SaleEntry, saleKey, saleOnNow, saleStateText, saleTypeText, yuanText } from '@toy/shared/display';
import { type BitmapText, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import type { Change } from '../store.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { Badge, digits, label, setFitted, setSize, setText } from '../ui/text.js';

/** Mode 4: the sale on now — the operator's `actInfo`, else the first launch that has started. */
export class SellView extends View {
  private readonly glow = new Graphics();
  private readonly pic: ImageBox;
  private readonly badge: Badge;
  private readonly name: Text;
  private readonly brands: Text;
  private readonly priceLabel: Text;
  private readonly price: BitmapText;
  private readonly stock: Text;
  private readonly state: Text;
  private readonly stateBg = new Graphics();
  private readonly next: Text;

  constructor(ctx: ScreenContext) {
    super(ctx);
    this.pic = new ImageBox(ctx.textures, { radius: 40, placeholder: 0x1d2250 });
    this.badge = new Badge(44);
    this.name = label(104, C.text, '900');
    this.brands = label(44, C.sub, '500');
    this.priceLabel = label(40, C.sub);
    setText(this.priceLabel, '售价');
    this.price = digits(200, C.gold);
    this.stock = label(52, C.text, '700');
    this.state = label(52, 0x111111, '800');
    this.next = label(38, C.sub);
    this.root.addChild(
      this.glow,
      this.pic,
      this.badge,
      this.name,
      this.brands,
      this.priceLabel,
      this.price,
      this.stock,
      this.stateBg,
      this.state,
      this.next,
    );
  }

  private entry(): SaleEntry | null {
    return saleOnNow(this.ctx.store.state, this.ctx.store.data.sale);
  }

  protected layout(): void {
    const { w, h } = this;
    const pad = Math.max(48, w * 0.035);
    const portrait = w < h * 0.9;
    const side = portrait ? Math.min(w - pad * 2, h * 0.45) : Math.min(h - pad * 2, (w - pad * 3) * 0.48);
    this.pic.setSize(side, side).position.set(pad, pad + (portrait ? 0 : (h - pad * 2 - side) / 2));
    this.glow
      .clear()
      .circle(pad + side / 2, this.pic.y + side / 2, side * 0.62)
      .fill({ color: C.pink, alpha: 0.1 });
    this.glow.circle(pad + side / 2, this.pic.y + side / 2, side * 0.56).fill({ color: C.gold, alpha: 0.07 });
    const x = portrait ? pad : pad * 2 + side;
    const y = portrait ? pad * 2 + side : this.pic.y + side * 0.06;
    const s = Math.min(1.2, (portrait ? w : w - x) / 1200);
    setSize(this.name, 104 * s);
    setSize(this.price, 200 * s);
    this.top = { x, y, s };
    this.next.position.set(x, h - pad - this.next.height);
    this.fill();
  }

  private top = { x: 0, y: 0, s: 1 };

  /** The lines under the badge, each below the one before (the badge never covers the name). */
  private place() {
    const { x, y, s } = this.top;
    setSize(this.badge.text, 44 * s);
    this.badge.position.set(x, y);
    this.name.position.set(x, y + this.badge.height + 20 * s);
    this.brands.position.set(x, this.name.y + this.name.height + 16 * s);
    this.priceLabel.position.set(x, this.brands.y + this.brands.height + 60 * s);
    this.price.position.set(x, this.priceLabel.y + this.priceLabel.height + 4 * s);
    this.stock.position.set(x, this.price.y + this.price.height + 30 * s);
    this.state.position.set(x + 36 * s, this.stock.y + this.stock.height + 50 * s);
  }

  update(changes: Set<Change>): void {
    if (changes.has('state') || changes.has('data:sale')) this.fill();
  }

  private fill() {
    const e = this.entry();
    const maxW = this.w - this.name.x - 48;
    this.pic.setUrl(imageUrl(this.ctx.mediaBase, e?.pic));
    setSize(this.badge.text, 44 * this.top.s);
    this.badge.set(e ? `${saleTypeText(e.type)}进行中` : '发售', e?.type === 1 ? C.pink : 0x3b5bdb);
    this.place();
    setFitted(this.name, e?.name ?? '敬请期待', maxW);
    setFitted(this.brands, e?.ips.length ? e.ips.map((b) => b.title).join(' · ') : '', maxW);
    setText(this.price, e ? yuanText(e.price) : '¥--');
    setText(this.stock, e && e.stock > 0 ? `限量 ${e.stock} 份` : '');
    setText(this.state, e ? saleStateText(e) : '即将开始');
    const s = Math.min(1.2, (this.w - this.name.x) / 1200);
    this.stateBg
      .clear()
      .roundRect(
        this.state.x - 36 * s,
        this.state.y - 14 * s,
        this.state.width + 72 * s,
        this.state.height + 28 * s,
        (this.state.height + 28 * s) / 2,
      )
      .fill(gradient('gold'));
    const later = this.ctx.store.data.sale
      .filter((x) => x.state !== 1 && (!e || saleKey(x) !== saleKey(e)))
      .slice(0, 3);
    setFitted(
      this.next,
      later.length ? `接下来：${later.map((x) => `${saleStateText(x)} ${x.name}`).join('    ')}` : '',
      maxW,
    );
  }

  debug() {
    const e = this.entry();
    const box = (t: { x: number; y: number; width: number; height: number }) => ({
      x: Math.round(t.x),
      y: Math.round(t.y),
      w: Math.round(t.width),
      h: Math.round(t.height),
    });
    return { entry: e ? saleKey(e) : null, name: e?.name ?? null, badgeBox: box(this.badge), nameBox: box(this.name) };
  }
}
