import {
  type DataAge,
  DISPLAY_MESSAGES,
  type DisplayMessage,
  type DisplayState,
  emptyScreenData,
  initialDisplayState,
  type ScreenData,
  type StatusData,
} from '@toy/shared/display';
import { toast } from '../common/toast.js';
import type { MediaFile } from './panels.js';

/** What the control page knows and shows. */
export const ui = {
  key: '',
  authorized: false,
  connected: false,
  state: initialDisplayState() as DisplayState,
  data: emptyScreenData() as ScreenData,
  ages: {} as Record<string, DataAge>,
  status: null as StatusData | null,
  notices: [] as { at: number; text: string }[],
  media: [] as MediaFile[],
  mediaMessage: '',
  previews: ['/extend_left', '/extend_center', '/extend_right'],
  overlay: { title: '', pic: '', num: 15, people: '', winners: '' },
  mediaBase: '',
};

let sender: (message: DisplayMessage) => boolean = () => false;
export function setSender(fn: (message: DisplayMessage) => boolean): void {
  sender = fn;
}

/** Send a command; while the socket is down the operator reads 请开启服务. */
export function send(message: DisplayMessage): void {
  if (!sender(message)) toast(DISPLAY_MESSAGES.serviceOff, 'error');
}
