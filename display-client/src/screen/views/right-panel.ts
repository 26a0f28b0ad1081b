import type { ScreenContext } from '../context.js';
import { View } from '../context.js';
import type { Change } from '../store.js';
import { BrandGrid, Messages, Ranking, SalePreview } from './sections.js';

/**
 * The right panel (modes 0 and 5): activity messages, the sale preview, the brand grid (12, or 18
 * in the second mode) and the top-7 ranking. Wide boxes get two columns; a narrow column (the
 * store screen's side) shows the ranking over the messages.
 */
export class RightPanel extends View {
  private readonly grid: BrandGrid | null;
  private readonly ranking: Ranking;
  private readonly sale: SalePreview | null;
  private readonly messages: Messages;

  constructor(
    ctx: ScreenContext,
    readonly brands: 12 | 18,
    private readonly compact = false,
  ) {
    super(ctx);
    const size = compact ? 36 : 44;
    this.grid = compact ? null : new BrandGrid(ctx, brands, size);
    this.ranking = new Ranking(ctx, size);
    this.sale = compact ? null : new SalePreview(ctx, size, this.d);
    this.messages = new Messages(ctx, size, this.d);
    for (const p of [this.grid, this.ranking, this.sale, this.messages]) if (p) this.root.addChild(p);
  }

  protected layout(): void {
    const { w, h } = this;
    const gap = Math.max(24, w * 0.014);
    if (this.compact || !this.grid || !this.sale) {
      const rh = (h - gap) * 0.56;
      this.ranking.position.set(0, 0);
      this.ranking.layout(w, rh);
      this.messages.position.set(0, rh + gap);
      this.messages.layout(w, h - rh - gap);
      return;
    }
    const wide = w > h * 1.15;
    if (wide) {
      const lw = (w - gap) * 0.52;
      const rw = w - lw - gap;
      const gh = (h - gap) * (this.brands === 18 ? 0.56 : 0.52);
      this.grid.position.set(0, 0);
      this.grid.layout(lw, gh);
      this.ranking.position.set(0, gh + gap);
      this.ranking.layout(lw, h - gh - gap);
      const sh = (h - gap) * 0.5;
      this.sale.position.set(lw + gap, 0);
      this.sale.layout(rw, sh);
      this.messages.position.set(lw + gap, sh + gap);
      this.messages.layout(rw, h - sh - gap);
    } else {
      const parts = [0.3, 0.26, 0.22, 0.22];
      const avail = h - gap * 3;
      let y = 0;
      [this.grid, this.ranking, this.sale, this.messages].forEach((p, i) => {
        const ph = avail * parts[i]!;
        p.position.set(0, y);
        p.layout(w, ph);
        y += ph + gap;
      });
    }
  }

  update(changes: Set<Change>): void {
    if (changes.has('data:hot')) this.grid?.fill();
    if (changes.has('data:user')) this.ranking.fill();
    if (changes.has('data:sale')) this.sale?.fill();
    if (changes.has('data:barrage')) this.messages.fill();
  }

  debug() {
    return {
      brands: this.brands,
      saleAnimating: this.sale?.animating ?? false,
      rankingAvatars: this.ranking.avatars(),
      messageAvatars: this.messages.avatars(),
    };
  }
}
