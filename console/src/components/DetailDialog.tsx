import { Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingLines } from './DataTable';
import { DialogShell } from './DialogShell';

/**
 * The detail dialog of a list's row (抽盒机, 一番赏): its title and badge (`placeholder` until the
 * detail is in), wide and scrolling inside, skeleton lines while loading, then `children` of the
 * detail; `after` stays mounted beside them (a confirmation). `testId` names `<testId>-dialog`, `-close`.
 */
export function DetailDialog<T extends { title: string }>({
  open,
  onClose,
  detail,
  placeholder,
  badge,
  testId,
  after,
  children,
}: {
  open: boolean;
  onClose: () => void;
  detail: T | undefined;
  placeholder: string;
  badge: (detail: T) => ReactNode;
  testId: string;
  after?: ReactNode;
  children: (detail: T) => ReactNode;
}) {
  const title = (
    <Dialog.Title>
      <HStack>
        <Text>{detail?.title ?? placeholder}</Text>
        {detail && badge(detail)}
      </HStack>
    </Dialog.Title>
  );
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      size="xl"
      scrollBehavior="inside"
      testId={`${testId}-dialog`}
      closeTestId={`${testId}-close`}
    >
      {!detail ? <LoadingLines lines={6} /> : <Stack gap="4">{children(detail)}</Stack>}
      {after}
    </DialogShell>
  );
}
