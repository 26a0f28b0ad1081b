import {
  countdownFrom,
  DISPLAY_TIMING,
  type DisplayUser,
  maskPhone,
  type OpenData,
  winnersScroll,
} from '@toy/shared/display';
import { type BitmapText, Container, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { Cancel } from '../clock.js';
import type { ScreenContext } from '../context.js';
import { DESTROY, View } from '../context.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { digits, label, setFitted, setText } from '../ui/text.js';

/** active_type 5: counts down from `num` (15) once a second with the sell sound; at zero the final sound and the success image. */
export class Countdown extends View {
  private readonly ring = new Graphics();
  private readonly number: BitmapText;
  private readonly caption: Text;
  private readonly success = new Container();
  private readonly burst = new Graphics();
  private readonly successText: Text;
  private readonly successPic: ImageBox;
  remaining: number;
  done = false;
  private from: number;

  constructor(ctx: ScreenContext, data: OpenData) {
    super(ctx);
    this.from = countdownFrom(data.num);
    this.remaining = this.from;
    this.number = digits(360, C.text);
    this.caption = label(64, C.sub, '700');
    setText(this.caption, data.info?.title ? `${data.info.title} · 即将开售` : '即将开售');
    this.successText = label(120, 0x2a1600, '900');
    setText(this.successText, '开售成功');
    // A success.png in the media library replaces the drawn badge.
    this.successPic = new ImageBox(ctx.textures, { radius: 0, placeholder: 0x000000 });
    this.successPic.alpha = 0;
    this.success.addChild(this.burst, this.successText, this.successPic);
    this.success.visible = false;
    this.root.addChild(this.ring, this.number, this.caption, this.success);
    ctx.sound.play('sell');
    // Once a second by elapsed clock time, so slow frames delay a tick but never lose one.
    let elapsed = 0;
    this.d.add(
      ctx.clock.onFrame((dt) => {
        if (this.done) return;
        elapsed += dt;
        const left = Math.max(0, this.from - Math.floor(elapsed / DISPLAY_TIMING.countdownTickMs));
        if (left !== this.remaining) this.tick(left);
      }),
    );
  }

  private tick(left: number) {
    this.remaining = left;
    if (left === 0) {
      this.done = true;
      this.ctx.sound.play('final');
    } else this.ctx.sound.play('sell');
    this.draw();
  }

  protected layout(): void {
    this.draw();
  }

  private draw() {
    const { w, h } = this;
    const r = Math.min(w, h) * 0.3;
    const cx = w / 2;
    const cy = h * 0.46;
    const frac = this.remaining / this.from;
    this.ring
      .clear()
      .circle(cx, cy, r)
      .stroke({ width: r * 0.09, color: 0xffffff, alpha: 0.08 });
    if (frac > 0)
      this.ring
        .moveTo(cx, cy - r)
        .arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + Math.PI * 2 * frac)
        .stroke({ width: r * 0.09, fill: gradient('gold'), cap: 'round' });
    this.number.visible = !this.done;
    this.number.style.fontSize = r * 1.05;
    setText(this.number, String(this.remaining));
    this.number.position.set(cx - this.number.width / 2, cy - this.number.height / 2);
    this.caption.position.set(cx - this.caption.width / 2, cy + r * 1.25);
    this.success.visible = this.done;
    if (this.done) {
      this.ring.visible = false;
      this.caption.visible = false;
      this.burst
        .clear()
        .star(cx, cy, 16, r * 1.15, r * 0.82)
        .fill(gradient('gold'));
      this.burst.circle(cx, cy, r * 0.78).fill({ color: 0xfff3c4 });
      this.successText.style.fontSize = r * 0.34;
      this.successText.position.set(cx - this.successText.width / 2, cy - this.successText.height / 2);
      const custom = this.ctx.store.media.includes('success.png');
      this.successPic.setUrl(custom ? imageUrl(this.ctx.mediaBase, 'success.png') : null);
      this.successPic.setSize(r * 2.4, r * 2.4).position.set(cx - r * 1.2, cy - r * 1.2);
      this.successPic.alpha = custom ? 1 : 0;
      this.burst.visible = this.successText.visible = !custom;
    }
  }

  debug() {
    return { kind: 'countdown', countdown: this.remaining, done: this.done };
  }
}

/** A person tile: avatar, name and masked phone. */
class PersonTile extends Container {
  readonly bg = new Graphics();
  readonly avatar: ImageBox;
  readonly nameText: Text;
  readonly phone: Text;
  private readonly initial: Text;
  index = -1;
  private drawn = '';
  constructor(ctx: ScreenContext, size: number) {
    super();
    this.avatar = new ImageBox(ctx.textures, {
      radius: 0,
      circle: true,
      border: 4,
      borderColor: 0xffffff,
      placeholder: 0x3b2f8f,
    });
    this.initial = label(size * 1.6, C.text, '800');
    this.nameText = label(size, C.text, '700');
    this.phone = label(size * 0.78, C.sub, '500');
    this.addChild(this.bg, this.avatar, this.initial, this.nameText, this.phone);
  }
  layout(w: number, h: number, highlight = false) {
    const key = `${w}|${h}|${highlight}`;
    if (key === this.drawn) return;
    this.drawn = key;
    this.bg
      .clear()
      .roundRect(0, 0, w, h, 20)
      .fill(highlight ? gradient('gold') : { color: 0xffffff, alpha: 0.05 });
    const av = Math.min(h * 0.56, w * 0.5);
    this.avatar.setSize(av, av).position.set((w - av) / 2, h * 0.08);
    this.initial.style.fontSize = av * 0.42;
    this.initial.position.set((w - this.initial.width) / 2, h * 0.08 + (av - this.initial.height) / 2);
    this.nameText.style.fontSize = Math.min(h * 0.14, w * 0.12);
    this.phone.style.fontSize = (this.nameText.style.fontSize as number) * 0.8;
    this.nameText.y = h * 0.1 + av + h * 0.03;
    this.phone.y = this.nameText.y + this.nameText.height;
  }
  set(ctx: ScreenContext, u: DisplayUser, w: number) {
    this.avatar.setUrl(imageUrl(ctx.mediaBase, u.avatar));
    this.initial.visible = !u.avatar;
    setText(this.initial, [...u.name][0] ?? '');
    this.initial.x = (w - this.initial.width) / 2;
    setFitted(this.nameText, u.name, w - 16);
    setText(this.phone, maskPhone(u.phone));
    this.nameText.x = (w - this.nameText.width) / 2;
    this.phone.x = (w - this.phone.width) / 2;
  }
}

/**
 * active_type 1: state 1 the draw (participants' avatars with a highlight racing over them, and a
 * looping sound), state 2 the slowdown, state 3 the winners — scrolling after 3 s when there are
 * 20 or more.
 */
export class Draw extends View {
  private readonly heading: Text;
  private readonly grid = new Container();
  private readonly clip = new Graphics();
  private tiles: PersonTile[] = [];
  private data: OpenData;
  private cols = 6;
  private rows = 3;
  private tw = 0;
  private th = 0;
  private hot = -1;
  private stepMs = 70;
  private acc = 0;
  private cycle = 0;
  private stopScroll: Cancel | null = null;
  scrollY = 0;
  scrolling = false;

  constructor(ctx: ScreenContext, data: OpenData) {
    super(ctx);
    this.data = data;
    this.heading = label(72, C.text, '900');
    this.grid.mask = this.clip;
    this.root.addChild(this.heading, this.clip, this.grid);
    this.d.add(ctx.clock.onFrame((dt) => this.frame(dt)));
    this.enter(null);
  }

  get state(): number {
    return this.data.state;
  }

  set(data: OpenData): void {
    const before = this.data.state;
    this.data = data;
    for (const t of this.tiles) t.index = -1;
    this.enter(before);
    this.layout();
  }

  private people(): DisplayUser[] {
    return this.data.state >= 3 ? this.data.lucky_user : this.data.data.length ? this.data.data : this.data.records;
  }

  private enter(before: number | null) {
    const s = this.data.state;
    this.stopScroll?.();
    this.stopScroll = null;
    this.scrolling = false;
    this.scrollY = 0;
    if (s === 1) this.ctx.sound.startLoop('draw');
    else this.ctx.sound.stopLoop();
    if (s >= 3 && before !== 3) {
      this.ctx.sound.play('lucky');
      if (winnersScroll(this.data.lucky_user.length))
        this.stopScroll = this.d.add(
          this.ctx.clock.after(DISPLAY_TIMING.winnersScrollDelayMs, () => {
            this.scrolling = true;
          }),
        );
    }
    this.stepMs = 70;
    setText(
      this.heading,
      s >= 3 ? `恭喜 ${this.data.lucky_user.length} 位中奖用户` : s === 2 ? '即将揭晓…' : '抽奖进行中',
    );
  }

  protected layout(): void {
    const { w, h } = this;
    const people = this.people();
    const top = 180;
    this.heading.position.set((w - this.heading.width) / 2, 50);
    const areaH = h - top - 40;
    this.cols = people.length > 12 ? (w > 1800 ? 8 : 6) : w > 1800 ? 6 : 5;
    this.tw = (w - 80) / this.cols;
    this.th = Math.min(this.tw * 1.05, areaH / 2.2);
    this.rows = Math.max(1, Math.floor(areaH / this.th));
    const state3 = this.data.state >= 3;
    // Scrolling winners recycle full rows: one more row of tiles than fits, whatever the count.
    const needed = state3
      ? winnersScroll(people.length)
        ? this.cols * (this.rows + 1)
        : Math.min(people.length, this.cols * (this.rows + 1))
      : Math.min(people.length, this.cols * this.rows);
    while (this.tiles.length < needed) {
      const t = new PersonTile(this.ctx, 30);
      this.tiles.push(t);
      this.grid.addChild(t);
    }
    while (this.tiles.length > needed) this.tiles.pop()!.destroy(DESTROY);
    this.grid.position.set(40, top);
    this.clip.clear().rect(0, top, w, areaH).fill({ color: 0xffffff });
    this.fillTiles();
  }

  /** Put people on the tiles: rows recycled while the winners scroll. */
  private fillTiles() {
    const people = this.people();
    const n = people.length;
    const firstRow = Math.floor(this.scrollY / this.th);
    const shift = this.scrollY - firstRow * this.th;
    const totalRows = Math.ceil(n / this.cols);
    this.tiles.forEach((t, i) => {
      const row = Math.floor(i / this.cols);
      const col = i % this.cols;
      const r = this.scrolling ? (firstRow + row) % Math.max(1, totalRows) : row;
      const index = this.data.state >= 3 ? r * this.cols + col : (i + this.cycle * this.tiles.length) % Math.max(1, n);
      const u = people[index];
      t.visible = Boolean(u);
      t.position.set(col * this.tw, row * this.th - (this.scrolling ? shift : 0));
      t.layout(this.tw - 20, this.th - 20, i === this.hot);
      if (u && t.index !== index) {
        t.index = index;
        t.set(this.ctx, u, this.tw - 20);
      }
    });
  }

  private frame(dt: number) {
    const s = this.data.state;
    if (s === 1 || s === 2) {
      this.acc += dt;
      if (s === 2) this.stepMs = Math.min(600, this.stepMs * (1 + dt / 1500));
      if (this.acc >= this.stepMs && this.tiles.length) {
        this.acc = 0;
        const prev = this.hot;
        this.hot = Math.floor(Math.random() * this.tiles.length);
        if (prev >= 0) this.tiles[prev]?.layout(this.tw - 20, this.th - 20, false);
        this.tiles[this.hot]?.layout(this.tw - 20, this.th - 20, true);
        if (s === 1 && Math.random() < 0.04 && this.people().length > this.tiles.length) {
          this.cycle++;
          this.fillTiles();
        }
      }
    } else if (this.scrolling) {
      const total = Math.ceil(this.data.lucky_user.length / this.cols) * this.th;
      this.scrollY = (this.scrollY + (dt / 1000) * this.th * 0.5) % Math.max(this.th, total);
      this.fillTiles();
    } else if (this.hot >= 0) {
      this.tiles[this.hot]?.layout(this.tw - 20, this.th - 20, false);
      this.hot = -1;
    }
  }

  debug() {
    return {
      kind: 'draw',
      state: this.data.state,
      winners: this.data.lucky_user.length,
      scrolling: this.scrolling,
      scrollY: Math.round(this.scrollY),
    };
  }

  destroy(): void {
    this.ctx.sound.stopLoop();
    super.destroy();
  }
}

/** Any other activity: the prize (picture and title) and its records. */
export class PrizeCard extends View {
  private readonly pic: ImageBox;
  private readonly title: Text;
  private readonly sub: Text;
  private readonly records: Text[] = [];

  constructor(
    ctx: ScreenContext,
    private data: OpenData,
  ) {
    super(ctx);
    this.pic = new ImageBox(ctx.textures, { radius: 36, placeholder: 0x1d2250 });
    this.title = label(84, C.text, '900');
    this.sub = label(44, C.gold, '700');
    this.root.addChild(this.pic, this.title, this.sub);
    for (let i = 0; i < 8; i++) {
      const t = label(38, C.sub, '500');
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
    const side = Math.min(h * 0.62, w * 0.4);
    this.pic.setSize(side, side).position.set(w * 0.08, (h - side) / 2);
    this.pic.setUrl(imageUrl(this.ctx.mediaBase, this.data.info?.reward_pic));
    const x = w * 0.08 + side + 80;
    setFitted(this.title, this.data.info?.title || '本期奖品', w - x - 60);
    this.title.position.set(x, (h - side) / 2);
    setText(this.sub, this.data.records.length ? `参与记录 ${this.data.records.length} 条` : '');
    this.sub.position.set(x, this.title.y + this.title.height + 24);
    this.records.forEach((t, i) => {
      const r = this.data.records[i];
      setFitted(t, r ? `${r.name}  ${maskPhone(r.phone)}` : '', w - x - 60);
      t.position.set(x, this.sub.y + this.sub.height + 30 + i * 56);
    });
  }

  debug() {
    return { kind: 'prize', title: this.data.info?.title ?? '' };
  }
}
