import { Box, Heading, Text } from '@chakra-ui/react';

/** The title of a login panel and the line under it. */
export function PanelHeading({ title, text, center }: { title: string; text: string; center?: boolean }) {
  return (
    <Box textAlign={center ? 'center' : undefined}>
      <Heading size="lg">{title}</Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {text}
      </Text>
    </Box>
  );
}

/** What the account login panels say under their title. */
export const ACCOUNT_LOGIN_TEXT = '使用商家邮箱账号和密码登录';
