import { Progress } from '@chakra-ui/react';

/** A progress bar (`value` in percent, null while the amount is unknown). */
export function ProgressBar({ value, ...root }: Progress.RootProps & { value: number | null }) {
  return (
    <Progress.Root value={value} {...root}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
