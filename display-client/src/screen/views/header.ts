import { type BitmapText, Container, Graphics, type Text } from 'pixi.js';
import { venueTime } from '../../common/time.js';
import { C, gradient } from '../theme.js';
import { digits, label, setFitted, setText } from '../ui/text.js';

/** The top bar of a screen: the venue (or brand) name, the section and a live clock. */
export class Header extends Container {
  private readonly bg = new Graphics();
  private readonly mark = new Graphics();
  private readonly venue: Text;
  private readonly section: Text;
  private readonly live: Text;
  private readonly clock: BitmapText;
  private w = 0;
  readonly h: number;
  /** The venue's time zone (the hub's HUB_TIME_ZONE). */
  timeZone = 'Asia/Shanghai';

  constructor(private readonly size = 44) {
    super();
    this.h = size * 2.6;
    this.venue = label(size, C.text, '800');
    this.section = label(size * 0.7, C.sub, '500');
    this.live = label(size * 0.5, C.text, '800');
    setText(this.live, 'LIVE');
    this.clock = digits(size * 0.95, C.text);
    this.addChild(this.bg, this.mark, this.venue, this.section, this.live, this.clock);
    const tick = () => {
      setText(this.clock, venueTime(new Date(), this.timeZone));
      this.clock.x = this.w - this.size * 0.9 - this.clock.width;
    };
    this.tick = tick;
    tick();
    const id = setInterval(tick, 1000);
    this.on('destroyed', () => clearInterval(id));
  }

  layout(w: number): void {
    this.w = w;
    const s = this.size;
    this.bg.clear().rect(0, 0, w, this.h).fill({ color: 0x070920, alpha: 0.55 });
    this.bg.rect(0, this.h - 3, w, 3).fill(gradient('gold'));
    this.mark
      .clear()
      .roundRect(s * 0.9, this.h / 2 - s * 0.6, s * 1.2, s * 1.2, s * 0.3)
      .fill(gradient('pink'));
    this.mark.star(s * 1.5, this.h / 2, 5, s * 0.42, s * 0.2).fill({ color: 0xffffff });
    this.venue.position.set(s * 2.6, this.h / 2 - this.venue.height / 2);
    this.place();
    this.clock.position.set(w - s * 0.9 - this.clock.width, this.h / 2 - this.clock.height / 2);
    const lx = this.clock.x - s * 0.6 - this.live.width - s * 0.7;
    this.live.position.set(lx + s * 0.35, this.h / 2 - this.live.height / 2);
    this.bg
      .roundRect(lx, this.h / 2 - this.live.height / 2 - 6, this.live.width + s * 0.7, this.live.height + 12, 10)
      .fill({ color: C.pink });
  }

  private place() {
    this.section.position.set(
      this.venue.x + this.venue.width + this.size * 0.7,
      this.h / 2 - this.section.height / 2 + 4,
    );
  }

  readonly tick: () => void;

  get clockShown(): string {
    return this.clock.text;
  }

  setTimeZone(timeZone: string): void {
    if (timeZone === this.timeZone) return;
    this.timeZone = timeZone;
    this.tick();
  }

  set(name: string, section: string): void {
    setFitted(this.venue, name, this.w * 0.4);
    setText(this.section, section ? `| ${section}` : '');
    this.place();
  }
}
