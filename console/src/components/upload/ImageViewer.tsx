import { Center, Image } from '@chakra-ui/react';
import { DialogShell } from '../DialogShell';

/** A picture at its own size (up to the screen's): a thumbnail clicked to look closer. */
export function ImageViewer({ src, onClose, testId }: { src: string | null; onClose: () => void; testId: string }) {
  return (
    <DialogShell open={Boolean(src)} onOpenChange={(o) => !o && onClose()} title="查看大图" size="xl" testId={testId}>
      {src && (
        <Center>
          <Image src={src} alt="大图" maxW="full" maxH="75vh" objectFit="contain" data-testid={`${testId}-image`} />
        </Center>
      )}
    </DialogShell>
  );
}
