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

/** What a screen knows: the display state (kept with the hub's reducer) and the platform data. */
export class DisplayStore {
  state: DisplayState = initialDisplayState();
  data: ScreenData = emptyScreenData();
  ages: Record<string, DataAge> = {};
  media: string[] = [];
  /** Whether the first snapshot has arrived. */
  ready = false;
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
    if (frame.type === 'snapshot') {
      const snap = frame.data as SnapshotData;
      const overlayChanged = JSON.stringify(snap.state.overlay) !== JSON.stringify(this.state.overlay);
      this.state = snap.state;
      this.data = { ...emptyScreenData(), ...(snap.screenData as Partial<ScreenData>) };
      this.ages = snap.ages;
      this.media = snap.media;
      this.ready = true;
      changes.add('state');
      if (overlayChanged) changes.add('overlay');
      for (const key of Object.keys(this.data) as (keyof ScreenData)[]) changes.add(`data:${key}`);
      changes.add('media');
    } else if (BROADCAST.has(frame.type)) {
      const before = this.state;
      this.state = applyMessage(this.state, { type: frame.type, data: frame.data } as DisplayMessage).state;
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
