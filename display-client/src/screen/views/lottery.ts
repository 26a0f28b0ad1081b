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
import { digits, label, setFitted, setSize, setText } from '../ui/text.js';

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
  /** Every number shown, in order (for tests: what the audience saw, whatever the frame rate). */
  readonly shown: number[] = [];
  private from: number;

  constructor(ctx: ScreenContext, data: OpenData) {
    super(ctx);
    this.from = countdownFrom(data.num);
    this.remaining = this.from;
    this.shown.push(this.from);
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
    // The hub started the countdown: a screen that opens (or reloads) later joins at the same second,
    // and one that opens after zero shows the result without replaying the count or its sounds.
    const startedAt = data.started_at;
    let elapsed = 0;
    const sinceStart = () =>
      startedAt === undefined ? elapsed : Math.max(0, ctx.store.hubNow() - startedAt) * ctx.clock.speed;
    this.remaining = Math.max(0, this.from - Math.floor(sinceStart() / DISPLAY_TIMING.countdownTickMs));
    this.shown[0] = this.remaining;
    this.done = this.remaining === 0;
    // Started while this screen was watching but read after zero (a busy screen, a one-second
    // count): the audience still hears the end. Joined after zero: silent.
    const watched = startedAt !== undefined && ctx.store.joinedAt !== null && startedAt >= ctx.store.joinedAt;
    if (!this.done) ctx.sound.play('sell');
    else if (watched) ctx.sound.play('final');
    // Each frame reads the hub's clock (a stalled frame delays a tick, never shifts the count); a
    // countdown without a start (an older hub) counts the screen's own elapsed time.
    this.d.add(
      ctx.clock.onFrame((dt) => {
        if (this.done) return;
        elapsed += dt;
        const left = Math.max(0, this.from - Math.floor(sinceStart() / DISPLAY_TIMING.countdownTickMs));
        if (left !== this.remaining) this.tick(left);
      }),
    );
  }

  private tick(left: number) {
    this.remaining = left;
    this.shown.push(left);
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
    setSize(this.number, r * 1.05);
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
      setSize(this.successText, r * 0.34);
      this.successText.position.set(cx - this.successText.width / 2, cy - this.successText.height / 2);
      const custom = this.ctx.store.media.includes('success.png');
      this.successPic.setUrl(custom ? imageUrl(this.ctx.mediaBase, 'success.png') : null);
      this.successPic.setSize(r * 2.4, r * 2.4).position.set(cx - r * 1.2, cy - r * 1.2);
      this.successPic.alpha = custom ? 1 : 0;
      this.burst.visible = this.successText.visible = !custom;
    }
  }

  debug() {
    return { kind: 'countdown', countdown: this.remaining, done: this.done, shown: this.shown.slice(-60) };
  }
}

/** A person tile: avatar, name and masked phone. */
class PersonTile extends Container {
  readonly bg = new Graphics();
  readonly avatar: ImageBox;
  readonly nameText: Text;
  readonly phone: Text;
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
    this.nameText = label(size, C.text, '700');
    this.phone = label(size * 0.78, C.sub, '500');
    this.addChild(this.bg, this.avatar, this.nameText, this.phone);
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
    setSize(this.nameText, Math.min(h * 0.14, w * 0.12));
    setSize(this.phone, (this.nameText.style.fontSize as number) * 0.8);
    this.nameText.y = h * 0.1 + av + h * 0.03;
    this.phone.y = this.nameText.y + this.nameText.height;
  }
  set(ctx: ScreenContext, u: DisplayUser, w: number) {
    this.avatar.setPerson(u.name).setUrl(imageUrl(ctx.mediaBase, u.avatar));
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
  private readonly name: Text;
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
  /** On the screen's clock: when the winners were shown, and when they started to scroll. */
  winnersAt: number | null = null;
  scrollAt: number | null = null;

  constructor(ctx: ScreenContext, data: OpenData) {
    super(ctx);
    this.data = data;
    this.name = label(52, C.gold, '800');
    this.heading = label(72, C.text, '900');
    this.grid.mask = this.clip;
    this.root.addChild(this.name, this.heading, this.clip, this.grid);
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
      this.winnersAt = this.ctx.clock.now;
      this.scrollAt = null;
      if (winnersScroll(this.data.lucky_user.length))
        this.stopScroll = this.d.add(
          this.ctx.clock.after(DISPLAY_TIMING.winnersScrollDelayMs, () => {
            this.scrolling = true;
            this.scrollAt = this.ctx.clock.now;
          }),
        );
    }
    this.stepMs = 70;
    setText(this.name, this.data.info?.title ?? '');
    setText(
      this.heading,
      s >= 3 ? `恭喜 ${this.data.lucky_user.length} 位中奖用户` : s === 2 ? '即将揭晓…' : '抽奖进行中',
    );
  }

  /** Columns for the people shown: winners laid out for their number (1, 2, 3 in one row, more in a grid). */
  private columnsFor(n: number, w: number): number {
    if (this.data.state >= 3 && !winnersScroll(n)) {
      if (n <= 3) return Math.max(1, n);
      if (n <= 8) return 4;
      if (n <= 12) return 6;
    }
    return n > 12 ? (w > 1800 ? 8 : 6) : w > 1800 ? 6 : 5;
  }

  protected layout(): void {
    const { w, h } = this;
    const people = this.people();
    const n = people.length;
    setFitted(this.name, this.data.info?.title ?? '', w - 160);
    this.name.visible = Boolean(this.data.info?.title);
    this.name.position.set((w - this.name.width) / 2, 40);
    const headingY = this.name.visible ? this.name.y + this.name.height + 12 : 50;
    this.heading.position.set((w - this.heading.width) / 2, headingY);
    const top = headingY + this.heading.height + 36;
    const areaH = h - top - 40;
    this.cols = this.columnsFor(n, w);
    const few = this.data.state >= 3 && n <= 3;
    this.tw = (w - 80) / this.cols;
    // One to three winners get large tiles (a row at most 3/4 of the width), never a corner.
    if (few) this.tw = Math.min(this.tw, (w * 0.75) / this.cols, (areaH * 0.92) / 1.05 + 20);
    this.th = few ? Math.min(this.tw * 1.05, areaH * 0.92) : Math.min(this.tw * 1.05, areaH / 2.2);
    this.rows = Math.max(1, Math.floor(areaH / this.th));
    const state3 = this.data.state >= 3;
    // Scrolling winners recycle full rows: one more row of tiles than fits, whatever the count.
    const needed = state3
      ? winnersScroll(n)
        ? this.cols * (this.rows + 1)
        : Math.min(n, this.cols * (this.rows + 1))
      : Math.min(n, this.cols * this.rows);
    while (this.tiles.length < needed) {
      const t = new PersonTile(this.ctx, 30);
      this.tiles.push(t);
      this.grid.addChild(t);
    }
    while (this.tiles.length > needed) this.tiles.pop()!.destroy(DESTROY);
    // Centred: the rows in the width, and (unless they scroll) the block in the height.
    const usedRows = Math.min(this.rows, Math.ceil(Math.min(n, needed) / this.cols));
    const scrolls = state3 && winnersScroll(n);
    const y0 = scrolls ? top : top + Math.max(0, (areaH - usedRows * this.th) / 2);
    this.grid.position.set((w - this.cols * this.tw) / 2, y0);
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
    const shown = Math.min(n, this.tiles.length);
    this.tiles.forEach((t, i) => {
      const row = Math.floor(i / this.cols);
      const col = i % this.cols;
      const inRow = Math.min(this.cols, shown - row * this.cols);
      const centre = !this.scrolling && inRow > 0 ? ((this.cols - inRow) * this.tw) / 2 : 0;
      const r = this.scrolling ? (firstRow + row) % Math.max(1, totalRows) : row;
      const index = this.data.state >= 3 ? r * this.cols + col : (i + this.cycle * this.tiles.length) % Math.max(1, n);
      const u = people[index];
      t.visible = Boolean(u);
      t.position.set(col * this.tw + centre, row * this.th - (this.scrolling ? shift : 0));
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
      name: this.name.visible ? this.name.text : '',
      heading: this.heading.text,
      width: Math.round(this.w),
      /** The shown tiles' boxes in the view (for layout checks). */
      tiles: this.tiles
        .filter((t) => t.visible)
        .map((t) => ({
          x: Math.round(this.grid.x + t.x),
          y: Math.round(this.grid.y + t.y),
          w: Math.round(this.tw - 20),
          h: Math.round(this.th - 20),
        })),
      winners: this.data.lucky_user.length,
      scrolling: this.scrolling,
      scrollY: Math.round(this.scrollY),
      winnersAt: this.winnersAt,
      scrollAt: this.scrollAt,
    };
  }

  destroy(): void {
    this.ctx.sound.stopLoop();
    super.destroy();
  }
}
