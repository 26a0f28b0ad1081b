import { Box, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { api, LIMITS, messages } from '@toy/shared';
import { useEffect, useRef, useState } from 'react';
import { useDropdown } from '../../components/useDropdown';
import { useCall } from '../../lib/useCall';

export interface BrandPickerProps {
  /** The chosen brand's title (shown in the box when not searching). */
  title: string;
  placeholder?: string;
  /** Answers false when the pick was cancelled (the box shows the previous brand again). */
  onPick: (brand: { id: number; title: string }) => Promise<boolean> | boolean;
}

/** Template-brand autocomplete (shops): is_template 1, status 1, limit 10; '未找到此品牌' when none. */
export function BrandPicker({ title, placeholder = '请输入品牌名称搜索', onPick }: BrandPickerProps) {
  const [text, setText] = useState(title);
  const [query, setQuery] = useState('');
  const { open, show, hide, hideSoon } = useDropdown();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(title), [title]);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isLoading } = useCall(
    api.brand.templateSearch,
    { title: query, is_template: 1, status: 1, page: 1, limit: LIMITS.brandAutocompleteLimit },
    { enabled: open },
  );
  const ips = data?.ips ?? [];

  return (
    <Box position="relative" w="full">
      <Input
        ref={input}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          show();
        }}
        onFocus={show}
        onClick={show}
        onBlur={hideSoon}
        data-testid="record-brand-search"
      />
      {open && (
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
          maxH="260px"
          overflowY="auto"
          data-testid="record-brand-options"
        >
          {isLoading && !data ? (
            <Stack align="center" py="3">
              <Spinner size="sm" />
            </Stack>
          ) : ips.length === 0 ? (
            <Text px="3" py="2" color="fg.muted" fontSize="sm" data-testid="record-brand-empty">
              {messages.brand.notFound}
            </Text>
          ) : (
            ips.map((b) => (
              <Box
                key={b.id}
                px="3"
                py="2"
                cursor="pointer"
                fontSize="sm"
                _hover={{ bg: 'brand.50' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  hide();
                  // Focus coming back from the switch confirmation must not reopen the list.
                  input.current?.blur();
                  setText(b.title);
                  void Promise.resolve(onPick({ id: b.id, title: b.title })).then((ok) => {
                    if (!ok) setText(title);
                  });
                }}
                data-testid="record-brand-option"
              >
                {b.title}
              </Box>
            ))
          )}
        </Box>
      )}
    </Box>
  );
}
