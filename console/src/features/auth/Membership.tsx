import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { Copy, Crown } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { config } from '../../config';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';

/** 购买/续费会员: a small QR and a copyable link. */
export function Membership() {
  const url = config.membershipUrl;
  const copy = async () => {
    if (await copyText(url)) notify.success(messages.success.copied);
    else notify.error(messages.success.copyFailed);
  };
  return (
    <Flex
      align="center"
      gap="4"
      p="4"
      rounded="xl"
      bg="linear-gradient(135deg, #fff8e6 0%, #fff1f6 100%)"
      borderWidth="1px"
      borderColor="orange.100"
      data-testid="membership"
      direction={{ base: 'column', sm: 'row' }}
    >
      <Box bg="white" p="1.5" rounded="md" shadow="xs" flexShrink={0}>
        <QRCodeSVG value={url} size={76} marginSize={0} title="购买/续费会员二维码" data-testid="membership-qr" />
      </Box>
      <Box flex="1" minW="0" textAlign={{ base: 'center', sm: 'left' }}>
        <HStack gap="1.5" justify={{ base: 'center', sm: 'flex-start' }} color="orange.600">
          <Crown size={16} />
          <Text fontWeight="700">购买/续费会员</Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="1">
          使用手机扫码，或复制链接在手机浏览器中打开
        </Text>
        <Text fontSize="xs" color="brand.fg" mt="1" truncate data-testid="membership-link" title={url}>
          {url}
        </Text>
      </Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette="orange"
        onClick={() => void copy()}
        data-testid="membership-copy"
      >
        <Copy size={14} />
        复制链接
      </Button>
    </Flex>
  );
}
