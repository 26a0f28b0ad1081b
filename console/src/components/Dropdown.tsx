import { Box, HStack, Spinner, Stack, type StackProps, Text } from '@chakra-ui/react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The open state of a search box's option list. It closes a moment after the box loses focus (so
 * a click on an option lands first), and a focus, a click or typing in the box cancels a close
 * that is still pending: a quick blur and refocus never leaves the list shut under the cursor.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(() => {
    clearTimeout(closing.current);
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(closing.current);
    setOpen(false);
  }, []);
  const hideSoon = useCallback(() => {
    clearTimeout(closing.current);
    closing.current = setTimeout(() => setOpen(false), 150);
  }, []);
  useEffect(() => () => clearTimeout(closing.current), []);
  return { open, show, hide, hideSoon };
}

/** The option list under a search box: a spinner while loading, `empty` when there is nothing. */
export function DropdownPanel({
  loading,
  empty,
  maxH = '320px',
  testId,
  emptyTestId,
  children,
}: {
  loading: boolean;
  /** The message shown instead of the options, or null when there are options. */
  empty: string | null;
  maxH?: string;
  testId?: string;
  emptyTestId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      position="absolute"
      zIndex="dropdown"
      top="100%"
      mt="1"
      w="full"
      bg="white"
      rounded="md"
      shadow="lg"
      borderWidth="1px"
      maxH={maxH}
      overflowY="auto"
      data-testid={testId}
    >
      {loading ? (
        <Stack align="center" py="3">
          <Spinner size="sm" />
        </Stack>
      ) : empty !== null ? (
        <Text px="3" py="2" color="fg.muted" fontSize="sm" data-testid={emptyTestId}>
          {empty}
        </Text>
      ) : (
        children
      )}
    </Box>
  );
}

/** One option of a DropdownPanel, picked on mouse down so the search box keeps its focus. */
export function DropdownOption({ onPick, ...props }: StackProps & { onPick: () => void }) {
  return (
    <HStack
      px="3"
      py="2"
      gap="3"
      cursor="pointer"
      _hover={{ bg: 'brand.50' }}
      onMouseDown={(e) => {
        e.preventDefault();
        onPick();
      }}
      {...props}
    />
  );
}
