import {
  carouselPageSize,
  DISPLAY_TIMING,
  pagesOf,
  type SaleEntry,
  saleStateText,
  saleTypeText,
  yuanText,
} from '@toy/shared/display';
import { type BitmapText, Container, Graphics, type Text } from 'pixi.js';
import { imageUrl } from '../../common/address.js';
import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import type { Change } from '../store.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { Badge, digits, label, legible, setFill, setFitted, setSize, setText } from '../ui/text.js';

/** One launch card: picture, type, name, price, limited stock and the time or state. */
class LaunchCard extends Container {
  private readonly bg = new Graphics();
  readonly pic: ImageBox;
  private readonly badge: Badge;
  private readonly title: Text;
  private readonly price: BitmapText;
  private readonly stock: Text;
  private readonly state: Text;
  private readonly stateDot = new Graphics();
  private w = 0;
  private h = 0;
  private entry: SaleEntry | null = null;

  constructor(private readonly ctx: ScreenContext) {
    super();
    this.pic = new ImageBox(ctx.textures, { radius: 22 });
    this.badge = new Badge(20);
    this.title = label(24, C.text, '700');
    this.price = digits(40, C.gold);
    this.stock = label(20, C.sub);
    this.state = label(22, C.text, '700');
    this.addChild(this.bg, this.pic, this.badge, this.title, this.price, this.stock, this.stateDot, this.state);
  }

  /** The card's text sizes for a width, never below the legible floor. */
  static sizes(w: number) {
    const s = w * 0.07;
    return {
      title: legible(s * 0.95),
      price: legible(s * 1.45),
      stock: legible(s * 0.66),
      state: legible(s * 0.74),
      badge: legible(s * 0.62),
    };
  }

  /** The card's height for a width: the square picture and four lines under it. */
  static heightFor(w: number): number {
    const pad = w * 0.06;
    const z = LaunchCard.sizes(w);
    return pad + (w - pad * 2) + pad * 0.8 + z.title * 1.5 + z.price * 1.25 + z.stock * 1.5 + z.state * 1.45 + pad;
  }

  layout(w: number, h: number) {
    this.w = w;
    this.h = h;
    const z = LaunchCard.sizes(w);
    setSize(this.title, z.title);
    setSize(this.price, z.price);
    setSize(this.stock, z.stock);
    setSize(this.state, z.state);
    setSize(this.badge.text, z.badge);
    this.bg
      .clear()
      .roundRect(0, 0, w, h, Math.max(16, w * 0.05))
      .fill(gradient('card'))
      .stroke({ width: 2, color: C.line });
    const pad = w * 0.06;
    this.pic.position.set(pad, pad);
    this.pic.setSize(w - pad * 2, this.picH());
    this.badge.position.set(pad * 1.6, pad * 1.6);
    if (this.entry) this.set(this.entry);
    else this.place();
  }

  /** The picture: square, leaving room for the four lines of text. */
  private picH() {
    const pad = this.w * 0.06;
    const z = LaunchCard.sizes(this.w);
    const text = pad * 0.8 + z.title * 1.5 + z.price * 1.25 + z.stock * 1.5 + z.state * 1.45 + pad * 2;
    return Math.max(40, Math.min(this.w - pad * 2, this.h - text));
  }

  private place() {
    const pad = this.w * 0.06;
    const z = LaunchCard.sizes(this.w);
    const top = pad + this.picH() + pad * 0.8;
    this.title.position.set(pad, top);
    this.price.position.set(pad, top + z.title * 1.5);
    this.stock.position.set(pad, this.price.y + z.price * 1.25);
    const sy = this.h - pad - this.state.height;
    this.state.position.set(pad + z.state * 0.75, sy);
    const started = this.entry?.state === 1;
    this.stateDot
      .clear()
      .circle(pad + z.state * 0.27, sy + this.state.height / 2, z.state * 0.23)
      .fill({ color: started ? (this.entry?.type === 1 ? C.pink : C.green) : C.gold });
  }

  set(entry: SaleEntry) {
    this.entry = entry;
    this.pic.setUrl(imageUrl(this.ctx.mediaBase, entry.pic));
    this.badge.set(saleTypeText(entry.type), entry.type === 1 ? C.pink : 0x3b5bdb);
    setFitted(this.title, entry.name, this.w - this.w * 0.12);
    setText(this.price, yuanText(entry.price));
    setText(this.stock, entry.stock > 0 ? `限量 ${entry.stock} 份` : '');
    setText(this.state, saleStateText(entry));
    setFill(this.state, entry.state === 1 ? C.text : C.gold);
    this.place();
  }
}

/**
 * Today's launches: 4 cards a page on the centre screen, else 3; a page every 5 s with a 1 s fade
 * (out, swap, in). The cards are made once and refilled.
 */
export class LaunchCarousel extends View {
  private readonly title: Text;
  private readonly sub: Text;
  private readonly cards: LaunchCard[] = [];
  private readonly row = new Container();
  private readonly dots = new Graphics();
  private readonly empty: Text;
  private page = 0;
  private pages: SaleEntry[][] = [];
  private fading = false;
  private turns = 0;
  /**
   * Turns whose fade has finished. On a slow renderer at an accelerated clock one frame can finish a
   * fade and start the next, so `fading` may be true at every frame; this count still moves.
   */
  private settled = 0;
  readonly pageSize: number;

  constructor(
    ctx: ScreenContext,
    centre: boolean,
    private readonly heading = '今日发售',
  ) {
    super(ctx);
    this.pageSize = carouselPageSize(centre);
    this.title = label(64, C.text, '800');
    this.sub = label(34, C.sub);
    this.empty = label(48, C.sub, '500');
    setText(this.empty, '今日暂无发售');
    for (let i = 0; i < this.pageSize; i++) {
      const card = new LaunchCard(ctx);
      this.cards.push(card);
      this.row.addChild(card);
    }
    this.root.addChild(this.title, this.sub, this.row, this.dots, this.empty);
    this.d.add(ctx.clock.every(DISPLAY_TIMING.carouselPageMs, () => this.turn()));
    this.refill();
  }

  protected layout(): void {
    const { w, h } = this;
    const pad = Math.max(40, w * 0.03);
    const scale = Math.min(1.4, Math.max(0.5, w / (this.pageSize * 620)));
    setSize(this.title, 64 * scale);
    setSize(this.sub, 34 * scale);
    setSize(this.empty, 40 * scale);
    setText(this.title, this.heading);
    const gap = 36 * scale;
    const headH = this.title.height + 36 * scale;
    const avail = h - pad * 1.2 - headH - 50 * scale;
    // One row of cards, or two when that makes them larger (a narrow or tall box).
    let best = { cw: 0, cols: this.pageSize, rows: 1 };
    for (const rows of this.pageSize === 4 ? [1, 2] : [1]) {
      const cols = Math.ceil(this.pageSize / rows);
      let cw = (w - pad * 2 - gap * (cols - 1)) / cols;
      while (LaunchCard.heightFor(cw) * rows + gap * (rows - 1) > avail && cw > 60) cw *= 0.96;
      if (cw > best.cw * 1.15) best = { cw, cols, rows };
    }
    const { cw, cols, rows } = best;
    const ch = LaunchCard.heightFor(cw);
    const blockH = headH + ch * rows + gap * (rows - 1) + 50 * scale;
    const y0 = Math.max(pad * 0.6, (h - blockH) / 2);
    const rowW = cw * cols + gap * (cols - 1);
    const x0 = (w - rowW) / 2;
    this.title.position.set(x0, y0);
    this.sub.position.set(x0 + this.title.width + 28 * scale, y0 + this.title.height - this.sub.height - 6 * scale);
    this.row.position.set(x0, y0 + headH);
    this.grid = { cols, cw, ch, gap };
    for (const card of this.cards) card.layout(cw, ch);
    this.dotsY = y0 + headH + ch * rows + gap * (rows - 1) + 30 * scale;
    this.empty.position.set((w - this.empty.width) / 2, (h - this.empty.height) / 2);
    this.refill();
  }

  private dotsY = 0;
  private grid = { cols: 1, cw: 0, ch: 0, gap: 0 };

  /** Place the page's cards: a part-filled row is centred under the full ones. */
  private placeCards(count: number) {
    const { cols, cw, ch, gap } = this.grid;
    this.cards.forEach((card, i) => {
      const row = Math.floor(i / cols);
      const inRow = Math.min(cols, count - row * cols);
      const shift = inRow > 0 ? ((cols - inRow) * (cw + gap)) / 2 : 0;
      card.position.set((i % cols) * (cw + gap) + shift, row * (ch + gap));
    });
  }

  update(changes: Set<Change>): void {
    // A relayout: the page count and the empty state change where the title and dots go.
    if (changes.has('data:sale')) this.layout();
  }

  /** Rebuild the pages from the data, keeping the current page where possible. */
  private refill() {
    this.pages = pagesOf(this.ctx.store.data.sale, this.pageSize);
    if (this.page >= this.pages.length) this.page = 0;
    setText(this.sub, this.pages.length ? `共 ${this.ctx.store.data.sale.length} 场` : '');
    this.show();
  }

  private show() {
    const entries = this.pages[this.page] ?? [];
    this.placeCards(entries.length);
    this.cards.forEach((card, i) => {
      const e = entries[i];
      card.visible = Boolean(e);
      if (e) card.set(e);
    });
    const empty = this.pages.length === 0;
    this.empty.visible = empty;
    if (empty) {
      // Title and message together in the middle of the box.
      this.title.position.set((this.w - this.title.width) / 2, this.h / 2 - this.title.height - 12);
      this.empty.position.set((this.w - this.empty.width) / 2, this.h / 2 + 12);
      this.sub.visible = false;
    } else this.sub.visible = true;
    this.drawDots();
  }

  private drawDots() {
    const n = this.pages.length;
    this.dots.clear();
    if (n < 2) return;
    const r = 9;
    const gap = 34;
    const x0 = this.w / 2 - ((n - 1) * gap) / 2;
    for (let i = 0; i < n; i++)
      this.dots
        .circle(x0 + i * gap, this.dotsY, i === this.page ? r * 1.3 : r)
        .fill({ color: i === this.page ? C.gold : C.dim });
  }

  /** Next page: fade out 0.5 s, swap, fade in 0.5 s. */
  private turn() {
    if (this.pages.length < 2 || this.fading) return;
    this.fading = true;
    const half = DISPLAY_TIMING.carouselFadeMs / 2;
    let t = 0;
    let swapped = false;
    const stop = this.d.add(
      this.ctx.clock.onFrame((dt) => {
        t += dt;
        if (!swapped && t >= half) {
          swapped = true;
          this.page = (this.page + 1) % this.pages.length;
          this.turns++;
          this.show();
        }
        this.row.alpha = t < half ? 1 - t / half : Math.min(1, (t - half) / half);
        if (t >= half * 2) {
          this.row.alpha = 1;
          this.fading = false;
          this.settled++;
          stop();
        }
      }),
    );
  }

  debug() {
    return {
      page: this.page,
      pages: this.pages.length,
      turns: this.turns,
      settled: this.settled,
      pageSize: this.pageSize,
      fading: this.fading,
      /** The visible cards' boxes in the view (for layout checks). */
      cards: this.cards
        .filter((c) => c.visible)
        .map((c) => ({ x: Math.round(this.row.x + c.x), y: Math.round(this.row.y + c.y), w: Math.round(c.width) })),
      width: Math.round(this.w),
    };
  }
}
