import { type DisplayBrand, nextVideoBrand } from '@toy/shared/display';
import { Graphics, type Text } from 'pixi.js';
import { imageUrl, mediaUrl } from '../../common/address.js';
import type { ScreenContext, SlotKey } from '../context.js';
import { View } from '../context.js';
import { C, gradient } from '../theme.js';
import { ImageBox } from '../ui/image.js';
import { label, setFitted, setText } from '../ui/text.js';

/** How long a brand without a playable video stays before it counts as ended. */
const NO_VIDEO_MS = 5000;
/** A report the hub did not act on (lost with a dropped socket, say) is made again after this. */
const REPORT_AGAIN_MS = 10_000;

/**
 * Mode 1: the brand's video, in a DOM <video> over the canvas (the browser decodes it; no texture
 * upload per frame). When it ends the screen reports it, naming the brand and the state version it
 * saw: in wait mode as `upDateInfo` (the hub moves every screen on to the next brand of its list
 * that has a video), in sell mode as `toAdmin` (the hub turns the three screens into brand screens).
 * The hub drops a report made from an older state; when the state changes and this screen's brand
 * does not, the screen reports again from the new state. An admin=1 preview plays muted and sends
 * nothing.
 */
export class VideoView extends View {
  private readonly video: HTMLVideoElement;
  private readonly events = new AbortController();
  private readonly poster: ImageBox;
  private readonly frame = new Graphics();
  private readonly bar = new Graphics();
  private readonly logo: ImageBox;
  private readonly title: Text;
  private readonly note: Text;
  private src: string | null = null;
  private cancelWait: (() => void) | null = null;
  /** The state version of the last "ended" report, while the screen waits for the hub to act on it. */
  private reported: number | null = null;
  ends = 0;
  reports = 0;

  constructor(
    ctx: ScreenContext,
    readonly slotKey: SlotKey,
    private brand: DisplayBrand | null,
  ) {
    super(ctx);
    this.poster = new ImageBox(ctx.textures, { radius: 0, placeholder: 0x05060f });
    this.logo = new ImageBox(ctx.textures, { radius: 0, circle: true, border: 4, borderColor: 0xffffff });
    this.title = label(56, C.text, '800');
    this.note = label(34, C.sub, '500');
    this.root.addChild(this.frame, this.poster, this.bar, this.logo, this.title, this.note);
    const v = document.createElement('video');
    v.playsInline = true;
    v.preload = 'auto';
    v.muted = ctx.admin;
    v.dataset.slot = slotKey;
    Object.assign(v.style, { position: 'absolute', objectFit: 'contain', background: '#000', pointerEvents: 'none' });
    const signal = this.events.signal;
    v.addEventListener('ended', () => this.ended(), { signal });
    v.addEventListener('error', () => this.failed(), { signal });
    v.addEventListener('playing', () => setText(this.note, '正在播放'), { signal });
    ctx.videoLayer.appendChild(v);
    this.video = v;
    this.d.add(ctx.onResize(() => this.place()));
    this.load();
  }

  protected layout(): void {
    const { w, h } = this;
    this.frame.clear().rect(0, 0, w, h).fill({ color: 0x000000 });
    this.poster.setSize(w, h);
    const bh = Math.min(220, h * 0.18);
    this.bar
      .clear()
      .rect(0, h - bh * 1.6, w, bh * 1.6)
      .fill(gradient('shade'));
    const lg = bh * 0.62;
    this.logo.setSize(lg, lg).position.set(bh * 0.4, h - bh / 2 - lg / 2 - 10);
    this.title.position.set(bh * 0.4 + lg + 28, h - bh / 2 - this.title.height / 2 - 24);
    this.note.position.set(this.title.x, this.title.y + this.title.height + 2);
    queueMicrotask(() => this.place());
    this.fillCaption();
  }

  /** Keep the <video> over this view's box. */
  private place() {
    if (this.root.destroyed) return;
    const a = this.root.toGlobal({ x: 0, y: 0 });
    const b = this.root.toGlobal({ x: this.w, y: this.h });
    const bh = Math.min(220, this.h * 0.18) * 1.6;
    const cut = this.root.toGlobal({ x: 0, y: this.h - bh }).y;
    Object.assign(this.video.style, {
      left: `${a.x}px`,
      top: `${a.y}px`,
      width: `${b.x - a.x}px`,
      height: `${Math.max(0, cut - a.y)}px`,
      display: this.src ? 'block' : 'none',
    });
  }

  setBrand(brand: DisplayBrand | null): void {
    const same = brand?.id === this.brand?.id && brand?.video === this.brand?.video;
    this.brand = brand;
    this.fillCaption();
    if (!same) this.load();
    // The state changed but not this screen's brand: a report made from the older state was dropped.
    else if (this.reported !== null && this.reported !== this.ctx.store.state.version) {
      this.cancelWait?.();
      this.ended();
    }
  }

  private fillCaption() {
    const b = this.brand;
    setFitted(this.title, b?.title ?? '品牌视频', this.w * 0.7);
    this.logo.setUrl(imageUrl(this.ctx.mediaBase, b?.logo || b?.pic));
    this.poster.setUrl(imageUrl(this.ctx.mediaBase, b?.pic));
  }

  private load() {
    this.cancelWait?.();
    this.cancelWait = null;
    this.reported = null;
    this.src = mediaUrl(this.ctx.mediaBase, this.brand?.video);
    const v = this.video;
    if (!this.src) {
      v.removeAttribute('src');
      v.load();
      setText(this.note, '暂无视频');
      this.place();
      this.cancelWait = this.d.add(this.ctx.clock.after(NO_VIDEO_MS, () => this.ended()));
      return;
    }
    setText(this.note, '加载中…');
    v.src = this.src;
    this.place();
    this.play();
  }

  private play() {
    const v = this.video;
    v.play().catch((err: unknown) => {
      // Autoplay with sound refused: play muted rather than not at all.
      if (err instanceof DOMException && err.name === 'NotAllowedError' && !v.muted) {
        v.muted = true;
        void v.play().catch(() => undefined);
      }
    });
  }

  private failed() {
    setText(this.note, '视频无法播放');
    if (!this.ctx.admin)
      this.ctx.send({
        type: 'toAdmin',
        data: { event: 'videoError', ip_id: this.brand?.id ?? null, version: this.ctx.store.state.version },
      });
    this.cancelWait?.();
    this.cancelWait = this.d.add(this.ctx.clock.after(NO_VIDEO_MS, () => this.ended()));
  }

  /** The video (or its stand-in) ended. */
  ended(): void {
    if (this.reported === null) this.ends++;
    this.cancelWait = null;
    this.reported = null;
    const s = this.ctx.store.state;
    if (this.ctx.admin) return;
    const ip_id = this.brand?.id ?? null;
    const version = s.version;
    // Whether the hub will move on: in wait mode only when its list has another brand with a video.
    const next = s.mode === 'wait' ? nextVideoBrand(s.ipList, ip_id) : null;
    if ((next && next.id !== ip_id) || s.mode === 'sell') {
      const sent = this.ctx.send(
        s.mode === 'wait'
          ? { type: 'upDateInfo', data: { from_ip_id: ip_id, version } }
          : { type: 'toAdmin', data: { event: 'videoEnded', ip_id, version } },
      );
      if (sent) {
        this.reported = version;
        this.reports++;
      }
      this.cancelWait = this.d.add(this.ctx.clock.after(sent ? REPORT_AGAIN_MS : NO_VIDEO_MS, () => this.ended()));
      return;
    }
    // Nothing to move on to: play it again.
    if (this.src) {
      this.video.currentTime = 0;
      this.play();
    } else this.cancelWait = this.d.add(this.ctx.clock.after(NO_VIDEO_MS, () => this.ended()));
  }

  debug() {
    return {
      /** How the video fits its box: contain, so nothing of the picture is cut. */
      fit: this.video.style.objectFit,
      src: this.src,
      ends: this.ends,
      reports: this.reports,
      paused: this.video.paused,
      brand: this.brand?.id ?? null,
    };
  }

  destroy(): void {
    this.events.abort();
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    this.video.remove();
    super.destroy();
  }
}
