import { Box } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A horizontal scrollbar for a wide table, pinned to the bottom of the window while the table is on
 * screen, so the columns past the right edge are reachable without first scrolling to the table's
 * end. It mirrors the table box's scroll position both ways and shows only while the table overflows.
 */
export function ScrollRail({ target }: { target: RefObject<HTMLDivElement | null> }) {
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
  return (
    <Box
      ref={rail}
      position="sticky"
      bottom="0"
      zIndex="3"
      overflowX="auto"
      overflowY="hidden"
      h="14px"
      bg="gray.50"
      borderTopWidth="1px"
      borderColor="gray.100"
      data-testid="table-scroll-rail"
      onScroll={(e) => {
        const box = target.current;
        if (box && box.scrollLeft !== e.currentTarget.scrollLeft) box.scrollLeft = e.currentTarget.scrollLeft;
      }}
    >
      <Box h="1px" w={`${size.scroll}px`} />
    </Box>
  );
}
