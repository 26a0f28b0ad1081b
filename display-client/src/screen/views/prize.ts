import { maskPhone, type OpenData } from '@toy/shared/display';
import { Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { label, setFitted, setText } from '../ui/text.js';

/** A gift box drawn in a square: the prize picture when the platform and the library have none. */
function drawGift(g: Graphics, x: number, y: number, side: number): void {
  const u = side / 10;
  g.clear()
    .roundRect(x, y, side, side, u * 0.9)
    .fill(gradient('card'));
  g.circle(x + side / 2, y + side / 2, side * 0.42).fill({ color: C.gold, alpha: 0.08 });
  g.roundRect(x + u * 2, y + u * 4.4, u * 6, u * 4, u * 0.4).fill(gradient('pink'));
  g.roundRect(x + u * 1.6, y + u * 3.2, u * 6.8, u * 1.4, u * 0.4).fill(gradient('pink'));
  g.rect(x + u * 4.4, y + u * 3.2, u * 1.2, u * 5.2).fill(gradient('gold'));
  g.ellipse(x + u * 3.9, y + u * 2.6, u * 1.1, u * 0.7).stroke({ width: u * 0.5, fill: gradient('gold') });
  g.ellipse(x + u * 6.1, y + u * 2.6, u * 1.1, u * 0.7).stroke({ width: u * 0.5, fill: gradient('gold') });
  g.circle(x + u * 5, y + u * 3, u * 0.45).fill(gradient('gold'));
}

/**
 * Any other activity: the prize (picture and the activity's name) and its records, centred as one
 * block. Without a platform picture it shows prize.png from the media library, else a drawn gift.
 */
export class PrizeCard extends View {
  private readonly pic: ImageBox;
  private readonly gift = new Graphics();
  private readonly kicker: Text;
  private readonly title: Text;
  private readonly sub: Text;
  private readonly records: Text[] = [];
  private picture: 'reward' | 'library' | 'default' = 'default';
  private block = { x: 0, w: 0 };

  constructor(
    ctx: ScreenContext,
    private data: OpenData,
  ) {
    super(ctx);
    this.pic = new ImageBox(ctx.textures, { radius: 36, placeholder: 0x1d2250 });
    this.kicker = label(44, C.gold, '800');
    setText(this.kicker, '本期奖品');
    this.title = label(84, C.text, '900');
    this.sub = label(44, C.gold, '700');
    this.root.addChild(this.pic, this.gift, this.kicker, this.title, this.sub);
    for (let i = 0; i < 6; i++) {
      const t = label(40, C.sub, '500');
      this.records.push(t);
      this.root.addChild(t);
    }
  }

  set(data: OpenData): void {
    this.data = data;
    this.layout();
  }

  protected layout(): void {
    const { w, h } = this;
    const side = Math.min(h * 0.7, w * 0.38);
    const gap = Math.max(60, w * 0.04);
    const colW = Math.min(w * 0.46, w - side - gap - 120);
    // The words first: the picture and the words are centred together by what they really take.
    setFitted(this.title, this.data.info?.title || '本期奖品', colW);
    this.kicker.visible = Boolean(this.data.info?.title);
    const records = this.data.records;
    setText(this.sub, records.length ? `参与记录 ${records.length} 条` : '敬请期待开奖');
    for (const [i, t] of this.records.entries()) {
      const r = records[i];
      setFitted(t, r ? `${r.name}  ${maskPhone(r.phone)}` : '', colW);
    }
    const shownLines = this.records.filter((t) => t.text);
    const textW = Math.max(this.title.width, this.sub.width, this.kicker.width, ...shownLines.map((t) => t.width));
    const x0 = (w - (side + gap + textW)) / 2;
    const py = (h - side) / 2;
    const reward = this.data.info?.reward_pic;
    const library = this.ctx.store.media.includes('prize.png') ? 'prize.png' : '';
    this.picture = reward ? 'reward' : library ? 'library' : 'default';
    this.pic.setUrl(imageUrl(this.ctx.mediaBase, reward || library));
    this.pic.setSize(side, side).position.set(x0, py);
    this.pic.visible = this.picture !== 'default';
    this.gift.visible = this.picture === 'default';
    if (this.gift.visible) drawGift(this.gift, x0, py, side);
    const x = x0 + side + gap;
    const lineH = 58;
    const blockH =
      (this.kicker.visible ? this.kicker.height + 16 : 0) +
      this.title.height +
      24 +
      this.sub.height +
      (shownLines.length ? 30 + shownLines.length * lineH : 0);
    let y = Math.max(0, (h - blockH) / 2);
    this.kicker.position.set(x, y);
    if (this.kicker.visible) y += this.kicker.height + 16;
    this.title.position.set(x, y);
    y += this.title.height + 24;
    this.sub.position.set(x, y);
    y += this.sub.height + 30;
    for (const [i, t] of this.records.entries()) t.position.set(x, y + i * lineH);
    this.block = { x: x0, w: side + gap + textW };
  }

  debug() {
    return {
      kind: 'prize',
      title: this.data.info?.title ?? '',
      picture: this.picture,
      width: Math.round(this.w),
      block: { x: Math.round(this.block.x), w: Math.round(this.block.w) },
    };
  }
}
