import { Progress } from '@chakra-ui/react';

/** ProgressBar's Chakra progress (see ProgressBar). */
export function ProgressMeter({ value, ...root }: Progress.RootProps & { value: number | null }) {
  return (
    <Progress.Root value={value} {...root}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
