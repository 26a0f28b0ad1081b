import { Box, Input } from '@chakra-ui/react';
import { LIMITS, messages } from '@toy/shared';
import { brandRoutes } from '@toy/shared/features/brand';
import { useEffect, useRef } from 'react';
import { DropdownOption, DropdownPanel, useSearchBox } from '../../components/Dropdown';
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
  const { open, hide, text, setText, query, input } = useSearchBox(title);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => setText(title), [title, setText]);
  const { data, isLoading } = useCall(
    brandRoutes.templateSearch,
    { title: query, is_template: 1, status: 1, page: 1, limit: LIMITS.brandAutocompleteLimit },
    { enabled: open },
  );
  const ips = data?.ips ?? [];

  return (
    <Box position="relative" w="full">
      <Input ref={box} value={text} placeholder={placeholder} {...input} data-testid="record-brand-search" />
      {open && (
        <DropdownPanel
          loading={isLoading && !data}
          empty={ips.length === 0 ? messages.brand.notFound : null}
          maxH="260px"
          testId="record-brand-options"
          emptyTestId="record-brand-empty"
        >
          {ips.map((b) => (
            <DropdownOption
              key={b.id}
              fontSize="sm"
              onPick={() => {
                hide();
                // Focus coming back from the switch confirmation must not reopen the list.
                box.current?.blur();
                setText(b.title);
                void Promise.resolve(onPick({ id: b.id, title: b.title })).then((ok) => {
                  if (!ok) setText(title);
                });
              }}
              data-testid="record-brand-option"
            >
              {b.title}
            </DropdownOption>
          ))}
        </DropdownPanel>
      )}
    </Box>
  );
}
