import { Box, HStack, Text } from '@chakra-ui/react';
import { MoveHorizontal } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A horizontal scrollbar for a wide table, pinned to the bottom of the window while the table is on
 * screen, so the columns past the right edge are reachable without first scrolling to the table's
 * end. It mirrors the table box's scroll position both ways and shows only while the table overflows,
 * with a line above it saying there are more columns (the pinned 操作 column may hide some). A table
 * with a height of its own keeps its own scrollbar: `hintOnly` shows the line alone.
 */
export function ScrollRail({
  target,
  hintOnly = false,
}: {
  target: RefObject<HTMLDivElement | null>;
  hintOnly?: boolean;
}) {
  const rail = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ scroll: 0, client: 0 });

  useEffect(() => {
    const box = target.current;
    if (!box) return;
    const measure = () => setSize({ scroll: box.scrollWidth, client: box.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    const follow = () => {
      if (rail.current && rail.current.scrollLeft !== box.scrollLeft) rail.current.scrollLeft = box.scrollLeft;
    };
    box.addEventListener('scroll', follow, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', follow);
    };
  }, [target]);

  if (size.scroll <= size.client + 1) return null;
  const hint = (
    <HStack
      justify="flex-end"
      gap="1"
      px="3"
      py="0.5"
      bg="gray.50"
      borderTopWidth="1px"
      borderColor="gray.100"
      color="fg.muted"
      data-testid="table-scroll-hint"
    >
      <MoveHorizontal size={14} aria-hidden />
      <Text fontSize="xs">左右滑动查看更多列</Text>
    </HStack>
  );
  if (hintOnly) return hint;
  return (
    <Box position="sticky" bottom="0" zIndex="3">
      {hint}
      <Box
        ref={rail}
        overflowX="auto"
        overflowY="hidden"
        h="14px"
        bg="gray.50"
        data-testid="table-scroll-rail"
        onScroll={(e) => {
          const box = target.current;
          if (box && box.scrollLeft !== e.currentTarget.scrollLeft) box.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        <Box h="1px" w={`${size.scroll}px`} />
      </Box>
    </Box>
  );
}
