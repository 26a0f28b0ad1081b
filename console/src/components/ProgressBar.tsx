import type { Progress } from '@chakra-ui/react';
import { lazyPart } from '../lib/lazyPart';

/**
 * A progress bar (`value` in percent, null while the amount is unknown). It shows only while
 * something runs (an upload, an export, an import), so Chakra's progress is loaded after the page is up.
 */
export const ProgressBar = lazyPart<Progress.RootProps & { value: number | null }>(() =>
  import('./ProgressMeter').then((m) => m.ProgressMeter),
);
