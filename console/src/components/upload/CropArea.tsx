import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/**
 * A picture to crop: dragged and zoomed inside a frame of the target's shape. `onArea` receives the
 * chosen part in the picture's own pixels (for cropTo).
 */
export function CropArea({
  src,
  aspect,
  round = false,
  onArea,
  hint,
  testId,
}: {
  src: string;
  aspect: number;
  round?: boolean;
  onArea: (area: Area) => void;
  hint: string;
  testId: string;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <Stack gap="2" data-testid={testId}>
      <Box position="relative" h="280px" bg="gray.900" rounded="md" overflow="hidden">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          cropShape={round ? 'round' : 'rect'}
          showGrid={!round}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onArea(pixels)}
        />
      </Box>
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" flexShrink={0}>
          缩放
        </Text>
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          aria-label="缩放"
          style={{ flex: 1 }}
          data-testid={`${testId}-zoom`}
        />
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}
