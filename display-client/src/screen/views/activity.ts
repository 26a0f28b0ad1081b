import { type ActivityStatus, activityViewOf, DISPLAY_TIMING, luckyStateOf } from '@toy/shared/display';
import { Container, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { Cancel } from '../clock.js';
import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import type { Change } from '../store.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { Badge, label, setFitted, setText } from '../ui/text.js';
import { LaunchCarousel } from './launches.js';
import { Draw } from './lottery.js';

/**
 * /extend: the activity status screen. The hub polls the platform (type 2 every 1 s, type 3 every
 * 6 s, others 1 s, 3 s after an error) and this screen shows what the status says: type 2 the prize
 * goods, type 3 the draw animation with the records, type 4 the lucky users (states 0/3 at once,
 * 1/2 after 3 s), anything else hides the activity and shows today's launches.
 */
export class ActivityView extends View {
  private readonly goods = new Container();
  private readonly goodsTitle: Text;
  private readonly goodsCards: { box: Container; bg: Graphics; pic: ImageBox; title: Text; level: Badge }[] = [];
  private idle: LaunchCarousel | null = null;
  private draw: Draw | null = null;
  private shown = '';
  private lucky: 2 | 3 | null = null;
  private reveal: Cancel | null = null;

  constructor(ctx: ScreenContext) {
    super(ctx);
    this.goodsTitle = label(72, C.text, '900');
    this.goods.addChild(this.goodsTitle);
    for (let i = 0; i < 8; i++) {
      const box = new Container();
      const bg = new Graphics();
      const pic = new ImageBox(ctx.textures, { radius: 24 });
      const title = label(40, C.text, '700');
      const level = new Badge(34);
      box.addChild(bg, pic, title, level);
      this.goods.addChild(box);
      this.goodsCards.push({ box, bg, pic, title, level });
    }
    this.root.addChild(this.goods);
    this.apply();
  }

  private status(): ActivityStatus {
    return this.ctx.store.data.active;
  }

  update(changes: Set<Change>): void {
    if (changes.has('data:active')) this.apply();
    this.idle?.update(changes);
  }

  private apply() {
    const st = this.status();
    const view = activityViewOf(st);
    if (view !== 'lucky') {
      this.reveal?.();
      this.reveal = null;
      this.lucky = null;
    }
    if (view === 'lucky') {
      const next = luckyStateOf(st.state);
      if (next.now === 3) {
        this.reveal?.();
        this.reveal = null;
        this.lucky = 3;
      } else if (this.lucky === null) {
        // States 1/2: the wait first, then the winners after 3 s (a later poll does not go back).
        this.lucky = 2;
        this.reveal = this.d.add(
          this.ctx.clock.after(next.thenAfterMs ?? DISPLAY_TIMING.luckyRevealMs, () => {
            this.lucky = 3;
            this.reveal = null;
            this.showDraw(3);
          }),
        );
      }
      this.showDraw(this.lucky);
    } else if (view === 'records') this.showDraw(1);
    else if (view === 'goods') this.showGoods();
    else this.showIdle();
    this.shown = view;
  }

  private drawData(state: number) {
    const st = this.status();
    return { active_type: 1, state, records: st.records, lucky_user: st.lucky_user, data: st.records, info: st.info };
  }

  private showDraw(state: number) {
    this.hideIdle();
    this.goods.visible = false;
    const data = this.drawData(state);
    if (!this.draw) {
      this.draw = new Draw(this.ctx, data);
      this.root.addChild(this.draw.root);
      this.draw.resize(this.w, this.h);
    } else this.draw.set(data);
  }

  private hideDraw() {
    this.draw?.destroy();
    this.draw = null;
  }

  private showGoods() {
    this.hideIdle();
    this.hideDraw();
    this.goods.visible = true;
    this.fillGoods();
  }

  private showIdle() {
    this.hideDraw();
    this.goods.visible = false;
    if (!this.idle) {
      this.idle = new LaunchCarousel(this.ctx, false, '今日发售');
      this.root.addChild(this.idle.root);
      this.idle.resize(this.w, this.h);
    }
  }

  private hideIdle() {
    this.idle?.destroy();
    this.idle = null;
  }

  protected layout(): void {
    this.idle?.resize(this.w, this.h);
    this.draw?.resize(this.w, this.h);
    this.fillGoods();
  }

  private fillGoods() {
    const { w, h } = this;
    const st = this.status();
    setText(this.goodsTitle, st.info?.title ? `${st.info.title} · 本期奖品` : '本期奖品');
    this.goodsTitle.x = (w - this.goodsTitle.width) / 2;
    const list = st.goods.slice(0, 8);
    const cols = list.length > 4 ? 4 : Math.max(1, list.length);
    const rows = Math.ceil(list.length / cols) || 1;
    const gap = 40;
    const cw = Math.min(560, (w - 120 - gap * (cols - 1)) / cols);
    const ch = Math.min(cw * 1.25, (h - 260 - gap * (rows - 1)) / rows);
    const blockH = 140 + rows * ch + (rows - 1) * gap;
    const y0 = Math.max(40, (h - blockH) / 2);
    this.goodsTitle.y = y0;
    const top = y0 + 140;
    const x0 = (w - (cw * cols + gap * (cols - 1))) / 2;
    this.goodsCards.forEach((c, i) => {
      const g = list[i];
      c.box.visible = Boolean(g);
      if (!g) return;
      c.box.position.set(x0 + (i % cols) * (cw + gap), top + Math.floor(i / cols) * (ch + gap));
      c.bg.clear().roundRect(0, 0, cw, ch, 28).fill(gradient('card')).stroke({ width: 3, color: C.line });
      const side = Math.min(cw - 40, ch - 130);
      c.pic.setSize(side, side).position.set((cw - side) / 2, 20);
      c.pic.setUrl(imageUrl(this.ctx.mediaBase, g.pic));
      setFitted(c.title, g.title, cw - 40);
      c.title.position.set((cw - c.title.width) / 2, 40 + side);
      c.level.visible = Boolean(g.level);
      if (g.level) c.level.set(`${g.level}赏`, C.pink);
      c.level.position.set(30, 30);
    });
  }

  debug() {
    return {
      status: this.shown,
      lucky: this.lucky,
      draw: this.draw?.debug() ?? null,
      idle: this.idle?.debug() ?? null,
    };
  }

  destroy(): void {
    this.hideIdle();
    this.hideDraw();
    super.destroy();
  }
}
