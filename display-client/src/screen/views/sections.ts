import {
  type ActivityMessage,
  actionText,
  clockOf,
  type RankingRow,
  type SaleEntry,
  type ScreenBrand,
  sellListAnimates,
  yuanText,
} from '@toy/shared/display';
import { type BitmapText, Container, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { Disposer } from '../clock.js';
import type { ScreenContext } from '../context.js';
import { C } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { Panel } from '../ui/panel.js';
import { Badge, digits, label, setFill, setFitted, setSize, setText } from '../ui/text.js';

/** The brand grid: 12 brands (18 in the second mode), logo and name, ordered by heat. */
export class BrandGrid extends Panel {
  private readonly cells: { box: Container; bg: Graphics; logo: ImageBox; name: Text }[] = [];
  constructor(
    private readonly ctx: ScreenContext,
    readonly count: number,
    size: number,
  ) {
    super('热门品牌', size, C.pink);
    for (let i = 0; i < count; i++) {
      const box = new Container();
      const bg = new Graphics();
      const logo = new ImageBox(ctx.textures, { radius: 0, circle: true, border: 3, borderColor: 0x3a4190 });
      const name = label(size * 0.5, C.text, '600');
      box.addChild(bg, logo, name);
      this.cells.push({ box, bg, logo, name });
      this.body.addChild(box);
    }
  }

  override layout(w: number, h: number): void {
    super.layout(w, h);
    const cols = this.count === 18 ? 6 : w > h * 1.1 ? 4 : 3;
    const rows = Math.ceil(this.count / cols);
    const pad = 24;
    const cw = (w - pad * 2) / cols;
    const ch = (this.bodyH - pad) / rows;
    const logo = Math.min(cw * 0.62, ch * 0.62);
    this.cells.forEach((c, i) => {
      c.box.position.set(pad + (i % cols) * cw, Math.floor(i / cols) * ch);
      c.bg
        .clear()
        .roundRect(6, 6, cw - 12, ch - 12, 20)
        .fill({ color: 0xffffff, alpha: 0.035 });
      c.logo.setSize(logo, logo).position.set((cw - logo) / 2, ch * 0.1);
      setSize(c.name, Math.max(20, Math.min((this.title.style.fontSize as number) * 0.52, ch * 0.16)));
      c.name.y = ch * 0.1 + logo + ch * 0.05;
    });
    this.fill();
  }

  fill(): void {
    const list: ScreenBrand[] = this.ctx.store.data.hot;
    const cw = this.cells[0] ? (this.w - 48) / (this.count === 18 ? 6 : this.w > this.h * 1.1 ? 4 : 3) : 0;
    this.cells.forEach((c, i) => {
      const b = list[i];
      c.box.visible = Boolean(b);
      if (!b) return;
      c.logo.setUrl(imageUrl(this.ctx.mediaBase, b.logo || b.pic));
      setFitted(c.name, b.name, cw - 24);
      c.name.x = (cw - c.name.width) / 2;
    });
    this.setSub(list.length ? `TOP ${Math.min(list.length, this.count)}` : '');
    this.setEmpty(list.length ? null : '暂无品牌数据');
  }
}

/** The lucky-player ranking: top 7 by amount spent. */
export class Ranking extends Panel {
  private readonly rows: {
    box: Container;
    bg: Graphics;
    medal: Graphics;
    rank: BitmapText;
    avatar: ImageBox;
    frame: ImageBox;
    name: Text;
    amount: BitmapText;
  }[] = [];
  constructor(
    private readonly ctx: ScreenContext,
    size: number,
  ) {
    super('欧皇榜', size, C.gold);
    for (let i = 0; i < 7; i++) {
      const box = new Container();
      const bg = new Graphics();
      const medal = new Graphics();
      const rank = digits(size * 0.62, C.text);
      const avatar = new ImageBox(ctx.textures, { radius: 0, circle: true });
      const frame = new ImageBox(ctx.textures, { radius: 0, circle: true, placeholder: 0x000000 });
      frame.alpha = 0;
      const name = label(size * 0.56, C.text, '600');
      const amount = digits(size * 0.62, C.gold);
      box.addChild(bg, medal, rank, avatar, frame, name, amount);
      this.rows.push({ box, bg, medal, rank, avatar, frame, name, amount });
      this.body.addChild(box);
    }
  }

  override layout(w: number, h: number): void {
    super.layout(w, h);
    const pad = 24;
    const rh = (this.bodyH - pad) / 7;
    const av = rh * 0.72;
    const colours = [C.gold, C.silver, C.bronze];
    this.rows.forEach((r, i) => {
      r.box.position.set(pad, i * rh);
      r.bg
        .clear()
        .roundRect(0, 4, w - pad * 2, rh - 8, 18)
        .fill({ color: 0xffffff, alpha: i < 3 ? 0.06 : 0.03 });
      r.medal.clear();
      if (i < 3) r.medal.circle(rh * 0.45, rh / 2, rh * 0.3).fill({ color: colours[i]! });
      setText(r.rank, String(i + 1));
      r.rank.tint = i < 3 ? 0x1a1400 : C.sub;
      r.rank.scale.set(1);
      r.rank.position.set(rh * 0.45 - r.rank.width / 2, rh / 2 - r.rank.height / 2);
      r.avatar.setSize(av, av).position.set(rh * 0.95, (rh - av) / 2);
      r.frame.setSize(av * 1.2, av * 1.2).position.set(rh * 0.95 - av * 0.1, (rh - av * 1.2) / 2);
      r.name.position.set(rh * 0.95 + av + 22, rh / 2 - r.name.height / 2);
    });
    this.fill();
  }

  fill(): void {
    const list: RankingRow[] = this.ctx.store.data.user;
    const right = this.w - 48 - 24;
    this.rows.forEach((r, i) => {
      const u = list[i];
      r.box.visible = Boolean(u);
      if (!u) return;
      r.avatar.setPerson(u.name).setUrl(imageUrl(this.ctx.mediaBase, u.avatar));
      r.frame.setUrl(imageUrl(this.ctx.mediaBase, u.avatar_frame));
      r.frame.alpha = u.avatar_frame ? 1 : 0;
      setText(r.amount, yuanText(u.amount));
      r.amount.position.set(right - r.amount.width, r.name.y + (r.name.height - r.amount.height) / 2);
      setFitted(r.name, u.name, right - r.amount.width - r.name.x - 20);
    });
    this.setSub(list.length ? '按消费金额' : '');
    this.setEmpty(list.length ? null : '暂无上榜玩家');
  }

  /** What each shown row's avatar circle holds (for checks: never an empty circle). */
  avatars(): string[] {
    return this.rows.filter((r) => r.box.visible).map((r) => r.avatar.showing);
  }
}

/** One line of the sale preview: a launch's time and name, or its brands. */
interface SaleLine {
  head: boolean;
  entry: SaleEntry;
}

/**
 * The sale-preview list: a launch's time, type and name, then its brands. With more than 10 lines
 * it scrolls continuously; its row objects are recycled as they leave the top.
 */
export class SalePreview extends Panel {
  private lines: SaleLine[] = [];
  private readonly rows: { box: Container; time: Text; badge: Badge; name: Text; index: number }[] = [];
  private readonly clip = new Graphics();
  private offset = 0;
  private lh = 60;
  animating = false;

  constructor(
    private readonly ctx: ScreenContext,
    size: number,
    disposer: Disposer,
  ) {
    super('发售预告', size, C.cyan);
    this.body.mask = this.clip;
    this.addChild(this.clip);
    disposer.add(
      ctx.clock.onFrame((dt) => {
        if (!this.animating) return;
        this.offset = (this.offset + (dt / 1000) * this.lh * 0.6) % (this.lines.length * this.lh);
        this.place();
      }),
    );
  }

  override layout(w: number, h: number): void {
    super.layout(w, h);
    this.lh = Math.max(40, (this.title.style.fontSize as number) * 1.45);
    this.clip
      .clear()
      .rect(0, this.head, w, this.bodyH - 12)
      .fill({ color: 0xffffff });
    const need = Math.ceil(this.bodyH / this.lh) + 1;
    while (this.rows.length < need) {
      const box = new Container();
      const time = label(this.lh * 0.46, C.gold, '700');
      const badge = new Badge(this.lh * 0.32);
      const name = label(this.lh * 0.46, C.text, '500');
      box.addChild(time, badge, name);
      this.body.addChild(box);
      this.rows.push({ box, time, badge, name, index: -1 });
    }
    for (const r of this.rows) r.index = -1;
    this.fill();
  }

  fill(): void {
    this.lines = [];
    for (const entry of this.ctx.store.data.sale) {
      this.lines.push({ head: true, entry });
      if (entry.ips.length) this.lines.push({ head: false, entry });
    }
    this.animating = sellListAnimates(this.lines.length);
    if (!this.animating) this.offset = 0;
    for (const r of this.rows) r.index = -1;
    this.setSub(this.lines.length ? `${this.ctx.store.data.sale.length} 场` : '');
    this.setEmpty(this.lines.length ? null : '今日暂无发售');
    this.place();
  }

  private place() {
    const n = this.lines.length;
    const first = Math.floor(this.offset / this.lh);
    const shift = this.offset - first * this.lh;
    this.rows.forEach((r, i) => {
      const index = first + i;
      const visible = n > 0 && (this.animating || index < n);
      r.box.visible = visible;
      if (!visible) return;
      r.box.position.set(32, 6 + i * this.lh - shift);
      const li = index % n;
      if (r.index === li) return;
      r.index = li;
      const line = this.lines[li]!;
      if (line.head) {
        setText(r.time, clockOf(line.entry.begin));
        r.badge.visible = true;
        r.badge.set(line.entry.type === 1 ? '抽选' : '发售', line.entry.type === 1 ? C.pink : 0x3b5bdb);
        r.badge.position.set(r.time.width + 18, (r.time.height - r.badge.height) / 2);
        r.name.position.set(r.badge.x + r.badge.width + 16, 0);
        setFill(r.name, C.text);
        setFitted(r.name, `${line.entry.name}  ${yuanText(line.entry.price)}`, this.w - 64 - r.name.x);
      } else {
        setText(r.time, '');
        r.badge.visible = false;
        r.name.position.set(36, 0);
        setFill(r.name, C.sub);
        setFitted(r.name, `品牌：${line.entry.ips.map((b) => b.title).join('、')}`, this.w - 64 - 36);
      }
    });
  }
}

/** Scrolling activity messages: a new line moves in from the bottom every 2.5 s. */
export class Messages extends Panel {
  private readonly rows: { box: Container; avatar: ImageBox; name: Text; text: Text; id: number }[] = [];
  private readonly clip = new Graphics();
  private at = 0;
  private offset = 0;
  private lh = 80;
  private visibleRows = 5;
  private moving = false;

  constructor(
    private readonly ctx: ScreenContext,
    size: number,
    disposer: Disposer,
  ) {
    super('实时动态', size, C.green);
    this.body.mask = this.clip;
    this.addChild(this.clip);
    disposer.add(ctx.clock.every(2500, () => this.step()));
    disposer.add(
      ctx.clock.onFrame((dt) => {
        if (!this.moving) return;
        this.offset = Math.min(this.lh, this.offset + (dt / 400) * this.lh);
        if (this.offset >= this.lh) {
          this.offset = 0;
          this.moving = false;
          this.at++;
          this.fill();
        } else this.place();
      }),
    );
  }

  override layout(w: number, h: number): void {
    super.layout(w, h);
    this.lh = Math.max(56, (this.title.style.fontSize as number) * 1.9);
    this.visibleRows = Math.max(1, Math.floor((this.bodyH - 12) / this.lh));
    this.clip
      .clear()
      .rect(0, this.head, w, this.bodyH - 12)
      .fill({ color: 0xffffff });
    while (this.rows.length < this.visibleRows + 1) {
      const box = new Container();
      const avatar = new ImageBox(this.ctx.textures, { radius: 0, circle: true });
      const name = label(this.lh * 0.3, C.gold, '700');
      const text = label(this.lh * 0.3, C.text, '500');
      box.addChild(avatar, name, text);
      this.body.addChild(box);
      this.rows.push({ box, avatar, name, text, id: -1 });
    }
    for (const r of this.rows) r.id = -1;
    this.fill();
  }

  private list(): ActivityMessage[] {
    return this.ctx.store.data.barrage;
  }

  /** The messages on screen: the last `visibleRows` (+1 coming in) from the cursor. */
  fill(): void {
    const list = this.list();
    if (list.length <= this.visibleRows) this.at = 0;
    else this.at %= list.length;
    this.setEmpty(list.length ? null : '暂无动态');
    this.place();
  }

  private step() {
    if (this.list().length > this.visibleRows && !this.moving) this.moving = true;
  }

  private place() {
    const list = this.list();
    const n = list.length;
    const av = this.lh * 0.62;
    this.rows.forEach((r, i) => {
      const show = n > 0 && (n > this.visibleRows ? i <= this.visibleRows : i < n);
      r.box.visible = show;
      if (!show) return;
      const m = list[(this.at + i) % n]!;
      r.box.position.set(28, i * this.lh - this.offset + 8);
      if (r.id === m.id) return;
      r.id = m.id;
      r.avatar.setSize(av, av).setPerson(m.user.name).setUrl(imageUrl(this.ctx.mediaBase, m.user.avatar));
      r.avatar.y = (this.lh - av) / 2 - 8;
      r.name.position.set(av + 20, this.lh / 2 - r.name.height / 2 - 8);
      setFitted(r.name, m.user.name, this.w * 0.28);
      r.text.position.set(r.name.x + r.name.width + 16, r.name.y);
      setFitted(r.text, actionText(m), this.w - 56 - r.text.x);
    });
  }

  /** What each shown line's avatar circle holds (for checks: never an empty circle). */
  avatars(): string[] {
    return this.rows.filter((r) => r.box.visible).map((r) => r.avatar.showing);
  }
}
