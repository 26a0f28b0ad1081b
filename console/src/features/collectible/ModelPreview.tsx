import { Box, Center, Spinner } from '@chakra-ui/react';
import { createElement, useEffect, useState } from 'react';

/**
 * A rotatable preview of a glb model: `<model-viewer>` from @google/model-viewer, loaded on first
 * use only (a dynamic import, so no other page carries it).
 */
export function ModelPreview({ src, size = 240, testId }: { src: string; size?: number; testId?: string }) {
  const [ready, setReady] = useState(
    () => typeof customElements !== 'undefined' && !!customElements.get('model-viewer'),
  );
  useEffect(() => {
    if (ready) return;
    let live = true;
    import('@google/model-viewer').then(() => live && setReady(true)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready]);
  return (
    <Box
      w={`${size}px`}
      h={`${size}px`}
      rounded="md"
      borderWidth="1px"
      bg="gray.50"
      overflow="hidden"
      data-testid={testId}
    >
      {ready ? (
        createElement('model-viewer', {
          src,
          alt: '3D模型预览',
          'camera-controls': '',
          'auto-rotate': '',
          'touch-action': 'pan-y',
          style: { width: '100%', height: '100%' },
          'data-testid': testId ? `${testId}-viewer` : undefined,
        })
      ) : (
        <Center h="full">
          <Spinner size="sm" />
        </Center>
      )}
    </Box>
  );
}
