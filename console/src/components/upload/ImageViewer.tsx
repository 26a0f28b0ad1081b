import { Center, chakra, type HTMLChakraProps, Image } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
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

/**
 * A picture that shows `src` large when clicked (查看大图：`name`). It is a plain button, never a
 * form's submit, and the click goes no further (a row or a card around it is not clicked too).
 * `testId` names the button; its viewer is `viewerTestId`.
 */
export function ZoomButton({
  src,
  name,
  testId,
  viewerTestId,
  children,
  ...rest
}: {
  src: string;
  name: string;
  testId: string;
  viewerTestId: string;
  children: ReactNode;
} & HTMLChakraProps<'button'>) {
  const [viewing, setViewing] = useState(false);
  return (
    <>
      <chakra.button
        type="button"
        cursor="zoom-in"
        aria-label={`查看大图：${name}`}
        onClick={(e) => {
          e.stopPropagation();
          setViewing(true);
        }}
        data-testid={testId}
        {...rest}
      >
        {children}
      </chakra.button>
      {viewing && <ImageViewer src={src} onClose={() => setViewing(false)} testId={viewerTestId} />}
    </>
  );
}
