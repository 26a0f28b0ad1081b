import { Box, HStack, Spinner, Stack, type StackProps, Text } from '@chakra-ui/react';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

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

/**
 * A search box over a DropdownPanel: the typed `text`, the `query` it settles into (trimmed, 250 ms
 * after the last keystroke), the list's open state, and `input`, the box's handlers: typing, a
 * focus or a click opens the list, leaving the box closes it soon.
 */
export function useSearchBox(initial = '') {
  const dropdown = useDropdown();
  const [text, setText] = useState(initial);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const input = {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setText(e.target.value);
      dropdown.show();
    },
    onFocus: dropdown.show,
    onClick: dropdown.show,
    onBlur: dropdown.hideSoon,
  };
  return { ...dropdown, text, setText, query, input };
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
