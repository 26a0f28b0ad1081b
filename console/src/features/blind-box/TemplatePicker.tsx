import { Badge, Box, Flex, HStack, Image, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS, type Template } from '@toy/shared';
import { templateRoutes } from '@toy/shared/features/blind-box';
import { Search } from 'lucide-react';
import { Thumbnail } from '../../components/columns';
import { DropdownOption, DropdownPanel, useSearchBox } from '../../components/Dropdown';
import { previewUrl } from '../../components/upload/fileBase';
import { useCall } from '../../lib/useCall';
import { StyleTypeBadge } from '../blind-box-record/styleParts';

export interface TemplatePickerProps {
  ipId: number;
  value: Template | null;
  onPick: (template: Template) => void;
}

/** 盲盒搜索: the brand's templates by name (at most 100), picked from a dropdown. */
export function TemplatePicker({ ipId, value, onPick }: TemplatePickerProps) {
  const { open, show, hide, text, setText, query, input } = useSearchBox();
  const { data, isLoading } = useCall(
    templateRoutes.search,
    { ip_id: ipId, title: query, page: 1, limit: LIMITS.templateSearchLimit },
    { enabled: open },
  );
  const list = data?.list ?? [];

  return (
    <Box position="relative" w="full">
      <Box position="absolute" left="3" top="50%" transform="translateY(-50%)" color="fg.subtle" zIndex="1">
        <Search size={16} />
      </Box>
      <Input
        ps="9"
        value={open ? text : (value?.title ?? text)}
        placeholder="请输入盲盒名称搜索"
        {...input}
        onFocus={() => {
          setText('');
          show();
        }}
        data-testid="release-template-search"
      />
      {open && (
        <DropdownPanel
          loading={isLoading && !data}
          empty={list.length === 0 ? '暂无可发布的盲盒，请先提交盲盒备案并通过审核' : null}
        >
          {list.map((t) => (
            <DropdownOption
              key={t.id}
              onPick={() => {
                hide();
                setText('');
                onPick(t);
              }}
              data-testid="release-template-option"
            >
              <Thumbnail src={t.pic} alt={t.title} size={36} zoom={false} />
              <Box flex="1" minW="0">
                <Text fontSize="sm" fontWeight="500" lineClamp={1}>
                  {t.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t.ip_title} · 官方售价 ¥{t.price} · {t.goods.length} 款
                </Text>
              </Box>
              {t.is_overseas === 1 && (
                <Badge colorPalette="blue" variant="subtle">
                  海外
                </Badge>
              )}
            </DropdownOption>
          ))}
        </DropdownPanel>
      )}
    </Box>
  );
}

/** 模板预览: the chosen template's cover, facts and every style. */
export function TemplatePreview({ template: t }: { template: Template }) {
  return (
    <Box borderWidth="1px" rounded="lg" overflow="hidden" data-testid="release-template-preview">
      <Flex gap="4" p="4" bg={t.color || 'brand.50'} align="center" wrap="wrap">
        <Image src={previewUrl(t.pic, 300)} alt={t.title} boxSize="96px" rounded="lg" objectFit="cover" shadow="sm" />
        <Box flex="1" minW="200px" bg="whiteAlpha.800" rounded="md" px="3" py="2">
          <HStack gap="2">
            <Text fontWeight="700" fontSize="lg">
              {t.title}
            </Text>
            {t.is_overseas === 1 && (
              <Badge colorPalette="blue" variant="solid">
                支持海外
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {t.ip_title} · 官方售价 ¥{t.price} · 单箱 {t.limit_stock} 盒 · 官方发售 {t.shop_time}
          </Text>
        </Box>
      </Flex>
      <SimpleGrid columns={{ base: 3, md: 6, xl: 8 }} gap="3" p="4">
        {t.goods.map((g) => (
          <Stack key={g.id} gap="1" align="center" textAlign="center">
            <Thumbnail src={g.goods_pic} alt={g.goods_title} size={64} />
            <Text fontSize="xs" lineClamp={1}>
              {g.goods_title}
            </Text>
            <StyleTypeBadge style={g} withRate size="sm" />
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}
