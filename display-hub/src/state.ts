import {
  type Applied,
  applyMessage,
  type DisplayMessage,
  type DisplayState,
  displayState,
  initialDisplayState,
} from '@toy/shared';
import { JsonFile } from './persist.js';

/**
 * The current display state: what each screen shows and the prize overlay. Every accepted message
 * goes through the shared reducer; each change is written to disk at once, so a restarted hub (even
 * after SIGKILL) hands the screens the same state.
 */
export class StateStore {
  private current: DisplayState;
  private readonly file: JsonFile<DisplayState>;

  constructor(file: string) {
    // Written within 25 ms of a change; a burst of commands is coalesced into a few writes.
    this.file = new JsonFile(file, 25);
    const parsed = displayState.safeParse(this.file.read());
    this.current = parsed.success ? parsed.data : initialDisplayState();
  }

  get state(): DisplayState {
    return this.current;
  }

  apply(message: DisplayMessage): Applied {
    const applied = applyMessage(this.current, message);
    if (applied.broadcast) {
      this.current = applied.state;
      this.file.save(this.current);
    }
    return applied;
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  close(): void {
    this.file.saveSync(this.current);
  }
}
