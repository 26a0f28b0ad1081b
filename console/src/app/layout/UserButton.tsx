import { Avatar, Box, HStack, type StackProps, Text, VisuallyHidden } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { getAvatar } from '../../lib/session';
import { useUserInfo } from '../../session/authStore';
import { useBrandWord } from '../../session/useBrandWord';

/** The navbar's user button: avatar, name and kind of account; UserMenu's trigger. */
export function UserButton(props: StackProps) {
  const info = useUserInfo();
  const word = useBrandWord();
  const accountText = info?.roles?.includes('reviewer')
    ? '平台审核账号'
    : info?.type === 2
      ? `${word}账号`
      : `${word}方账号`;
  const avatar = info?.avatar || getAvatar();
  return (
    <HStack as="button" gap="2" px="2" py="1" rounded="full" cursor="pointer" _hover={{ bg: 'gray.50' }} {...props}>
      {/* Named by its visible text, then 用户菜单 (all a phone's screen reader hears). */}
      <Avatar.Root size="sm" colorPalette="brand" aria-hidden>
        <Avatar.Fallback name={info?.name} />
        {avatar && <Avatar.Image src={avatar} />}
      </Avatar.Root>
      <Box textAlign="left" display={{ base: 'none', sm: 'block' }} lineHeight="1.2">
        <Text fontSize="sm" fontWeight="600" data-testid="user-name" truncate maxW="160px">
          {info?.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {accountText}
        </Text>
      </Box>
      <VisuallyHidden>用户菜单</VisuallyHidden>
      <ChevronDown size={14} />
    </HStack>
  );
}
