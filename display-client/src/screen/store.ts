import {
  applyMessage,
  type DataAge,
  DISPLAY_MESSAGE_TYPES,
  type DisplayMessage,
  type DisplayState,
  emptyScreenData,
  type HubFrame,
  initialDisplayState,
  type ScreenData,
  type SnapshotData,
} from '@toy/shared/display';

export type Change = 'state' | 'overlay' | 'media' | 'ages' | `data:${keyof ScreenData}`;
const BROADCAST = new Set<string>(DISPLAY_MESSAGE_TYPES);

/**
 * What a screen knows: the display state (kept with the hub's reducer, at the hub's version) and the
 * platform data.
 */
export class DisplayStore {
  state: DisplayState = initialDisplayState();
  data: ScreenData = emptyScreenData();
  ages: Record<string, DataAge> = {};
  media: string[] = [];
  /** Whether the first snapshot has arrived. */
  ready = false;
  /**
   * When the first snapshot was sent, on the hub's clock: what started later (a countdown) this
   * screen watched happen; what started earlier it joined late.
   */
  joinedAt: number | null = null;
  /** The venue's time zone, as the hub says. */
  timeZone = 'Asia/Shanghai';
  /**
   * The hub's clock minus this screen's (ms). A frame is read after it was sent, so each frame gives
   * `frame.now - Date.now()` no larger than the real offset: the largest of the recent ones (the
   * frame read soonest) is the best estimate, whatever a busy page's delays.
   */
  private hubOffset = 0;
  private offsets: number[] = [];

  /** Now on the hub's clock (Unix ms): shared times (a countdown's start) are measured against it. */
  hubNow(): number {
    return Date.now() + this.hubOffset;
  }
  private listeners = new Set<(changes: Set<Change>) => void>();

  subscribe(fn: (changes: Set<Change>) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(changes: Set<Change>) {
    if (changes.size) for (const fn of this.listeners) fn(changes);
  }

  /** Apply one hub frame. */
  receive(frame: HubFrame): void {
    const changes = new Set<Change>();
    if (typeof frame.now === 'number') {
      this.offsets.push(frame.now - Date.now());
      if (this.offsets.length > 30) this.offsets.shift();
      this.hubOffset = Math.max(...this.offsets);
    }
    if (frame.type === 'snapshot') {
      const snap = frame.data as SnapshotData;
      const overlayChanged = JSON.stringify(snap.state.overlay) !== JSON.stringify(this.state.overlay);
      this.state = { ...snap.state, version: frame.version ?? snap.state.version };
      this.data = { ...emptyScreenData(), ...(snap.screenData as Partial<ScreenData>) };
      this.ages = snap.ages;
      this.media = snap.media;
      if (snap.timeZone) this.timeZone = snap.timeZone;
      this.ready = true;
      this.joinedAt ??= typeof frame.now === 'number' ? frame.now : this.hubNow();
      changes.add('state');
      if (overlayChanged) changes.add('overlay');
      for (const key of Object.keys(this.data) as (keyof ScreenData)[]) changes.add(`data:${key}`);
      changes.add('media');
    } else if (BROADCAST.has(frame.type)) {
      const before = this.state;
      const next = applyMessage(this.state, { type: frame.type, data: frame.data } as DisplayMessage).state;
      // The hub's version as of this frame: what the screen's reports name.
      this.state = { ...next, version: frame.version ?? next.version };
      if (before.overlay !== this.state.overlay) changes.add('overlay');
      changes.add('state');
    } else if (frame.type === 'screenData') {
      const { key, value, age } = frame.data as { key: keyof ScreenData; value: unknown; age: DataAge };
      (this.data as unknown as Record<string, unknown>)[key] = value;
      this.ages[key] = age;
      changes.add(`data:${key}`);
    } else if (frame.type === 'dataAge') {
      const { key, age } = frame.data as { key: string; age: DataAge };
      this.ages[key] = age;
      changes.add('ages');
    } else if (frame.type === 'media') {
      this.media = (frame.data as { media: string[] }).media;
      changes.add('media');
    }
    this.emit(changes);
  }
}
