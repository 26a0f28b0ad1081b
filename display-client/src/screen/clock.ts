/** Cancels a timer or a frame callback. */
export type Cancel = () => void;

interface Timer {
  at: number;
  every: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * The screens' clock: every timed behaviour (carousel pages, fades, countdown ticks, scrolling,
 * message rotation) runs on it. It advances with the render loop, `speed` times real time, so a
 * soak test can run the 5 s carousel at 0.2 s; and a view's timers die with the view.
 */
export class Clock {
  now = 0;
  private timers: Timer[] = [];
  private frames = new Set<(dtMs: number) => void>();

  constructor(readonly speed = 1) {}

  /** Advance by a real frame time. */
  tick(realDtMs: number): void {
    // Capped so a tab that slept does not jump; slow frames (a software GPU) still keep real time.
    const dt = Math.min(realDtMs, 5000) * this.speed;
    this.now += dt;
    for (const fn of this.frames) fn(dt);
    if (!this.timers.length) return;
    const due = this.timers.filter((t) => !t.cancelled && t.at <= this.now);
    for (const t of due) {
      if (t.cancelled) continue;
      if (t.every > 0) {
        t.at += t.every;
        if (t.at <= this.now) t.at = this.now + t.every;
      } else t.cancelled = true;
      t.fn();
    }
    if (due.length) this.timers = this.timers.filter((t) => !t.cancelled);
  }

  after(ms: number, fn: () => void): Cancel {
    const t: Timer = { at: this.now + ms, every: 0, fn, cancelled: false };
    this.timers.push(t);
    return () => {
      t.cancelled = true;
    };
  }

  every(ms: number, fn: () => void): Cancel {
    const t: Timer = { at: this.now + ms, every: ms, fn, cancelled: false };
    this.timers.push(t);
    return () => {
      t.cancelled = true;
    };
  }

  /** A callback every frame with the clock's elapsed milliseconds. */
  onFrame(fn: (dtMs: number) => void): Cancel {
    this.frames.add(fn);
    return () => this.frames.delete(fn);
  }

  get pending(): number {
    return this.timers.filter((t) => !t.cancelled).length + this.frames.size;
  }
}

/** Collects what a view must undo when it goes away. */
export class Disposer {
  private items = new Set<Cancel>();
  /** Keep `cancel` for dispose(); the returned function cancels now and forgets it. */
  add(cancel: Cancel): Cancel {
    this.items.add(cancel);
    return () => {
      this.items.delete(cancel);
      cancel();
    };
  }
  get size(): number {
    return this.items.size;
  }
  dispose(): void {
    const items = [...this.items];
    this.items.clear();
    for (const c of items) c();
  }
}
