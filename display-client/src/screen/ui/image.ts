import { Container, Graphics, Matrix, type Text, type Texture } from 'pixi.js';
import type { TextureCache } from '../textures.js';
import { avatarColour, initialsOf } from './graphemes.js';
import { label, setSize, setText } from './text.js';

/**
 * A picture drawn as a rounded rectangle or a circle filled with its texture ("cover" fit), so no
 * mask is needed. Until the picture loads (or when there is none) it shows a soft placeholder.
 * It holds one reference in the texture cache and gives it back when it changes or is destroyed.
 */
export class ImageBox extends Container {
  private readonly g = new Graphics();
  private url: string | null = null;
  private texture: Texture | null = null;
  private w = 10;
  private h = 10;
  /** Whose picture this is: without one, their initial on a colour of their own. */
  private person = '';
  private initial: Text | null = null;

  constructor(
    private readonly cache: TextureCache,
    private readonly shape: {
      radius: number;
      circle?: boolean;
      placeholder?: number;
      border?: number;
      borderColor?: number;
    } = {
      radius: 16,
    },
  ) {
    super();
    this.addChild(this.g);
  }

  setSize(w: number, h: number): this {
    if (w !== this.w || h !== this.h) {
      this.w = w;
      this.h = h;
      this.redraw();
    }
    return this;
  }

  setUrl(url: string | null): this {
    if (url === this.url) return this;
    if (this.url) this.cache.release(this.url);
    this.url = url;
    this.texture = null;
    this.redraw();
    if (url) {
      this.cache.acquire(url, (t) => {
        if (this.url !== url || this.destroyed) return;
        this.texture = t;
        this.redraw();
      });
    }
    return this;
  }

  /** A person's picture: until it loads, or when there is none, their initial shows instead. */
  setPerson(name: string): this {
    if (name !== this.person) {
      this.person = name;
      this.redraw();
    }
    return this;
  }

  /** What shows now: the picture, the person's initial, or the plain placeholder. */
  get showing(): 'picture' | 'initial' | 'placeholder' {
    if (this.texture && !this.texture.destroyed) return 'picture';
    return this.initial?.visible ? 'initial' : 'placeholder';
  }

  get loaded(): boolean {
    return this.texture !== null;
  }

  private path(g: Graphics) {
    if (this.shape.circle) g.circle(this.w / 2, this.h / 2, Math.min(this.w, this.h) / 2);
    else g.roundRect(0, 0, this.w, this.h, this.shape.radius);
    return g;
  }

  private redraw() {
    const g = this.g.clear();
    const t = this.texture;
    if (t && !t.destroyed) {
      // Cover: crop the texture's centre to the box's aspect.
      const ta = t.width / t.height;
      const ba = this.w / this.h;
      const fu = ta > ba ? ba / ta : 1;
      const fv = ta > ba ? 1 : ta / ba;
      const uv = new Matrix().scale(fu, fv).translate((1 - fu) / 2, (1 - fv) / 2);
      this.path(g).fill({ texture: t, matrix: uv.invert(), textureSpace: 'local' });
    } else if (this.person) this.path(g).fill({ color: avatarColour(this.person) });
    else this.path(g).fill({ color: this.shape.placeholder ?? 0x2a2f66 });
    const showInitial = Boolean(this.person) && !(t && !t.destroyed);
    if (showInitial) {
      this.initial ??= this.addChild(label(24, 0xffffff, '800'));
      setSize(this.initial, Math.min(this.w, this.h) * 0.46);
      setText(this.initial, initialsOf(this.person));
      this.initial.position.set((this.w - this.initial.width) / 2, (this.h - this.initial.height) / 2);
    }
    if (this.initial) this.initial.visible = showInitial;
    if (this.shape.border)
      this.path(g).stroke({ width: this.shape.border, color: this.shape.borderColor ?? 0xffffff, alignment: 0 });
  }

  override destroy(options?: Parameters<Container['destroy']>[0]): void {
    if (this.url) this.cache.release(this.url);
    this.url = null;
    this.texture = null;
    super.destroy(options);
  }
}
