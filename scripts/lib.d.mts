/** See lib.mjs (the part the tests import). */
import type { ChildProcess } from 'node:child_process';

export interface Supervised {
  readonly child: ChildProcess;
  stop(signal?: NodeJS.Signals): void;
}

export declare function supervise(
  start: () => ChildProcess,
  options?: {
    name?: string;
    firstDelayMs?: number;
    maxDelayMs?: number;
    steadyMs?: number;
    log?: { error(message: string): void };
  },
): Supervised;

export declare function startBanner(a: {
  webUrl: string;
  apiUrl: string;
  hubUrl: string;
  hubKey: string;
  hubReady: boolean;
  socketUrl: string;
}): string;
