import { brandOf, CenterMode, type DisplayBrand, designWidthOf, headerBrandTitle, SideMode } from '@toy/shared/display';
import { BitmapText, Container, Graphics, Text } from 'pixi.js';
import type { ScreenContext, SlotKey, View } from './context.js';
import type { Change } from './store.js';
import { C, gradient } from './theme.js';
import { ActivityView } from './views/activity.js';
import { BrandView } from './views/brand.js';
import { Header } from './views/header.js';
import { LaunchCarousel } from './views/launches.js';
import { Overlay } from './views/overlay.js';
import { RightPanel } from './views/right-panel.js';
import { SellView } from './views/sell.js';
import { VideoView } from './views/video.js';

interface Area {
  key: SlotKey | 'activity' | 'side';
  view: View | null;
  mode: number;
  brand: number | null;
  box: { x: number; y: number; w: number; h: number };
}

const SLOT_OF: Record<string, SlotKey | 'activity'> = {
  '/extend_left': 'leftScreen',
  '/extend_right': 'rightScreen',
  '/extend_center': 'centerScreen',
  '/screen_md': 'centerScreen',
  '/extend': 'activity',
};
/** A view's name for tests and the status (class names do not survive minification). */
function viewKind(v: View | null): string | null {
  if (!v) return null;
  if (v instanceof VideoView) return 'video';
  if (v instanceof BrandView) return 'brand';
  if (v instanceof SellView) return 'sell';
  if (v instanceof LaunchCarousel) return 'launches';
  if (v instanceof RightPanel) return 'panel';
  if (v instanceof ActivityView) return 'activity';
  return 'view';
}

/**
 * What the header says a screen shows, in the audience's words (the operator's mode names, such as
 * 右屏面板（18品牌） or 左屏信息, stay on the control page).
 */
const CENTER_AUDIENCE: Record<number, string> = { 1: '品牌视频', 2: '品牌专区', 3: '今日发售', 4: '正在发售' };
const SIDE_AUDIENCE: Record<number, string> = {
  0: '现场动态',
  5: '现场动态',
  1: '品牌视频',
  2: '品牌专区',
  3: '今日发售',
  4: '正在发售',
};

/** A text the audience sees: its words, its size in CSS pixels and its box on the page. */
export interface ShownText {
  text: string;
  px: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const WITH_OVERLAY = new Set(['/extend_center', '/screen_md', '/extend']);

/**
 * One screen: the stage background, the header, the areas of its route (each holding the view of
 * its slot's mode), the prize overlay and the dark cover of `screenClose`. It scales the design
 * width (2048 for the store screen, 2560 for the event screens) to the real display.
 */
export class ScreenStage {
  readonly root = new Container();
  private readonly bg = new Graphics();
  private readonly bgLayer = new Container();
  private readonly header: Header;
  private readonly content = new Container();
  private readonly overlay: Overlay | null;
  private readonly cover = new Graphics();
  private readonly areas: Area[] = [];
  readonly designWidth: number;
  scale = 1;
  designHeight = 0;
  private closed = false;

  constructor(
    private readonly ctx: ScreenContext,
    readonly route: string,
  ) {
    this.designWidth = designWidthOf(route);
    this.header = new Header(route === '/screen_md' ? 40 : 46);
    this.overlay = WITH_OVERLAY.has(route) ? new Overlay(ctx) : null;
    // The backdrop is static: drawn once into a texture instead of blending its shapes every frame.
    this.bgLayer.addChild(this.bg);
    this.root.addChild(this.bgLayer, this.content, this.header);
    if (this.overlay) this.root.addChild(this.overlay.root);
    this.root.addChild(this.cover);
    const main = SLOT_OF[route] ?? 'centerScreen';
    this.areas.push({ key: main, view: null, mode: -1, brand: null, box: { x: 0, y: 0, w: 0, h: 0 } });
    if (route === '/screen_md')
      this.areas.push({ key: 'side', view: null, mode: -1, brand: null, box: { x: 0, y: 0, w: 0, h: 0 } });
  }

  /** The real canvas size in CSS pixels. */
  resize(width: number, height: number): void {
    this.scale = width / this.designWidth;
    this.designHeight = height / this.scale;
    this.root.scale.set(this.scale);
    const w = this.designWidth;
    const h = this.designHeight;
    this.bg.clear().rect(0, 0, w, h).fill(gradient('stage'));
    this.bg.circle(w * 0.12, h * 0.2, h * 0.55).fill({ color: C.pink, alpha: 0.05 });
    this.bg.circle(w * 0.9, h * 0.85, h * 0.6).fill({ color: C.cyan, alpha: 0.05 });
    this.bg.circle(w * 0.55, -h * 0.1, h * 0.4).fill({ color: C.gold, alpha: 0.04 });
    if (this.bgLayer.isCachedAsTexture) this.bgLayer.updateCacheTexture();
    else this.bgLayer.cacheAsTexture({ resolution: Math.min(2, this.scale * (window.devicePixelRatio || 1)) });
    this.cover.clear().rect(0, 0, w, h).fill({ color: 0x000000 });
    this.header.layout(w);
    const top = this.header.h;
    const pad = Math.round(w * 0.016);
    const main = this.areas[0]!;
    if (this.route === '/screen_md') {
      const sideW = Math.round(w * 0.3);
      main.box = { x: 0, y: top, w: w - sideW - pad, h: h - top };
      this.areas[1]!.box = { x: w - sideW - pad, y: top + pad, w: sideW, h: h - top - pad * 2 };
    } else if (main.key === 'activity') main.box = { x: 0, y: top, w, h: h - top };
    else main.box = { x: pad, y: top + pad, w: w - pad * 2, h: h - top - pad * 2 };
    this.overlay?.resize(w, h);
    for (const a of this.areas) this.place(a);
    this.sync();
  }

  private place(a: Area) {
    if (!a.view) return;
    a.view.root.position.set(a.box.x, a.box.y);
    a.view.resize(a.box.w, a.box.h);
  }

  /** The mode and brand an area should show now. */
  private wanted(a: Area): { mode: number; brand: DisplayBrand | null } {
    const s = this.ctx.store.state;
    if (a.key === 'activity') return { mode: 100, brand: null };
    if (a.key === 'side') return { mode: SideMode.panel, brand: null };
    const slot = s[a.key];
    return { mode: slot.mode, brand: brandOf(s, slot) };
  }

  private make(a: Area, mode: number, brand: DisplayBrand | null): View {
    const ctx = this.ctx;
    if (a.key === 'activity') return new ActivityView(ctx);
    if (a.key === 'side') return new RightPanel(ctx, 12, true);
    const centre = a.key === 'centerScreen';
    if (centre) {
      if (mode === CenterMode.video) return new VideoView(ctx, a.key, brand);
      if (mode === CenterMode.brand) return new BrandView(ctx, brand);
      if (mode === CenterMode.sale) return new SellView(ctx);
      return new LaunchCarousel(ctx, true);
    }
    if (mode === SideMode.video) return new VideoView(ctx, a.key, brand);
    if (mode === SideMode.brand) return new BrandView(ctx, brand);
    if (mode === SideMode.info) return new LaunchCarousel(ctx, false, '今日发售');
    if (mode === SideMode.sell) return new SellView(ctx);
    return new RightPanel(ctx, mode === SideMode.panelWide ? 18 : 12);
  }

  /** Make the areas match the state: a new view when the mode changes, the new brand otherwise. */
  /** The header: the brand (the sale's in sell mode) and what the main area shows. */
  private setHeader(): void {
    const main = this.areas[0]!;
    const centre = main.key === 'centerScreen';
    const label = main.key === 'activity' ? '活动现场' : ((centre ? CENTER_AUDIENCE : SIDE_AUDIENCE)[main.mode] ?? '');
    this.header.set(headerBrandTitle(this.ctx.store.state, this.ctx.store.data.sale) ?? '潮玩发售现场', label);
    this.header.setTimeZone(this.ctx.store.timeZone);
  }

  private sync(): void {
    const s = this.ctx.store.state;
    this.closed = s.closed;
    this.cover.visible = s.closed;
    this.header.visible = !s.closed;
    this.content.visible = !s.closed;
    for (const a of this.areas) {
      if (s.closed) {
        a.view?.destroy();
        a.view = null;
        a.mode = -1;
        continue;
      }
      const { mode, brand } = this.wanted(a);
      if (!a.view || a.mode !== mode) {
        a.view?.destroy();
        a.view = this.make(a, mode, brand);
        a.mode = mode;
        a.brand = brand?.id ?? null;
        this.content.addChild(a.view.root);
        this.place(a);
      } else if ((brand?.id ?? null) !== a.brand || a.view instanceof VideoView) {
        a.brand = brand?.id ?? null;
        if (a.view instanceof VideoView || a.view instanceof BrandView) a.view.setBrand(brand);
      }
    }
    this.setHeader();
    if (this.overlay) {
      this.overlay.set(s.closed ? null : s.overlay);
      this.ctx.videoLayer.style.visibility = s.closed || s.overlay ? 'hidden' : 'visible';
    } else this.ctx.videoLayer.style.visibility = s.closed ? 'hidden' : 'visible';
    for (const v of this.ctx.videoLayer.querySelectorAll('video'))
      if (this.ctx.videoLayer.style.visibility === 'hidden') v.pause();
      else if (v.paused && v.src && !v.ended) void v.play().catch(() => undefined);
  }

  update(changes: Set<Change>): void {
    if (changes.has('state') || changes.has('overlay')) this.sync();
    // In sell mode the header names the sale's brands, which come with the sale list.
    else if (changes.has('data:sale')) this.setHeader();
    if (this.closed) return;
    for (const a of this.areas) a.view?.update(changes);
  }

  /** Every text on the screen now (visible, not empty), for legibility checks. */
  texts(): ShownText[] {
    const out: ShownText[] = [];
    const walk = (c: Container) => {
      if (!c.visible || c.alpha <= 0.01) return;
      if (c instanceof Text || c instanceof BitmapText) {
        const words = c.text.trim();
        if (!words) return;
        const m = c.worldTransform;
        const b = c.getBounds();
        out.push({
          text: words,
          px: Math.round(Number(c.style.fontSize) * Math.hypot(m.a, m.b) * 10) / 10,
          x: Math.round(b.x),
          y: Math.round(b.y),
          w: Math.round(b.width),
          h: Math.round(b.height),
        });
        return;
      }
      for (const child of c.children) walk(child as Container);
    };
    walk(this.root);
    return out;
  }

  debug(): Record<string, unknown> {
    return {
      route: this.route,
      closed: this.closed,
      areas: this.areas.map((a) => ({
        key: a.key,
        mode: a.mode,
        brand: a.brand,
        view: viewKind(a.view),
        ...a.view?.debug(),
      })),
      overlay: this.overlay?.debug() ?? null,
      designWidth: this.designWidth,
      scale: this.scale,
      clock: this.header.clockShown,
      timeZone: this.ctx.store.timeZone,
    };
  }
}
