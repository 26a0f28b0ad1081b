import { Box, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SKIN_IMAGES, SKIN_LIMITS, type SkinForm, type SkinImageKey, skinAliasOf } from '@toy/shared';
import { ImageUpload } from '../../components/upload/ImageUpload';

const GROUPS = [
  { group: 'brand', title: '品牌与头像' },
  { group: 'nav', title: '首页标签栏' },
  { group: 'icon', title: '导航icon（未选中 / 选中）' },
  { group: 'page', title: '页面背景与弹窗' },
] as const;

/**
 * Step 0 装扮配置: every image of the shared table at its exact size, and the font colour. A slot the
 * messages call by another name shows that name too (又称 首页标签栏背景).
 */
export function SkinImageSlots({
  values,
  onImage,
  onFontTone,
}: {
  values: SkinForm;
  onImage: (key: SkinImageKey, value: string) => void;
  onFontTone: (value: string) => void;
}) {
  const tone = String(values.font_tone ?? '');
  return (
    <Stack gap="6">
      {GROUPS.map(({ group, title }) => (
        <Box key={group}>
          <Text fontWeight="600" mb="3">
            {title}
          </Text>
          <SimpleGrid columns={{ base: 2, md: 4, xl: 6 }} gap="4">
            {SKIN_IMAGES.filter((s) => s.group === group).map((slot) => (
              <Stack key={slot.key} gap="1" data-testid={`skin-slot-${slot.key}`}>
                <Text fontSize="sm" fontWeight="500" data-testid={`skin-slot-name-${slot.key}`}>
                  <Text as="span" color="red.500">
                    *{' '}
                  </Text>
                  {slot.name}
                  {skinAliasOf(slot) && (
                    <Text as="span" display="block" fontSize="xs" fontWeight="400" color="fg.muted">
                      又称 {skinAliasOf(slot)}
                    </Text>
                  )}
                </Text>
                <ImageUpload
                  value={values[slot.key] ? [String(values[slot.key])] : []}
                  onChange={(keys) => onImage(slot.key, keys[keys.length - 1] ?? '')}
                  width={slot.width}
                  height={slot.height}
                  maxSize={SKIN_LIMITS.imageMaxBytes}
                  accept={['png']}
                  testId={`skin-image-${slot.key}`}
                  size={96}
                />
                {slot.key === 'avatar_widget' && (
                  <Text fontSize="xs" color="fg.muted">
                    中间{SKIN_LIMITS.avatarCentre}×{SKIN_LIMITS.avatarCentre}区域透明
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          {group === 'brand' && (
            <Field.Root required mt="4" maxW="320px">
              <Field.Label>字体色值</Field.Label>
              <HStack>
                <input
                  type="color"
                  aria-label="选择字体颜色"
                  value={/^#[0-9a-fA-F]{6}$/.test(tone) ? tone : '#000000'}
                  onChange={(e) => onFontTone(e.target.value.toUpperCase())}
                  style={{ width: 40, height: 36, border: 'none', background: 'none' }}
                />
                <Input
                  value={tone}
                  onChange={(e) => onFontTone(e.target.value)}
                  placeholder="请输入字体色值，如#8866AA"
                  maxLength={7}
                  data-testid="skin-font-tone"
                />
              </HStack>
            </Field.Root>
          )}
        </Box>
      ))}
    </Stack>
  );
}
