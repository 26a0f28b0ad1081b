import { Box, Button, Center, Flex, Spinner, Text, VStack } from '@chakra-ui/react';
import { messages, type Session } from '@toy/shared';
import { CheckCircle2, RotateCw, ScanLine } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useQrLogin } from './useQrLogin';

const SIZE = 196;

/** 扫码登录: the QR of qr_url, dimmed with '二维码已失效' / '点击重新加载' once expired. */
export function QrLogin({ onLogin }: { onLogin: (session: Session) => void }) {
  const { qr, loading, error, expired, confirmed, reload } = useQrLogin(onLogin);

  return (
    <VStack gap="4" data-testid="qr-login">
      <Box
        position="relative"
        p="3"
        bg="white"
        rounded="xl"
        borderWidth="1px"
        borderColor="gray.200"
        shadow="sm"
        w={`${SIZE + 26}px`}
        h={`${SIZE + 26}px`}
      >
        {qr && (
          <Box
            data-testid="qr-code"
            data-token={qr.token}
            data-expired={expired ? 'true' : 'false'}
            opacity={expired ? 0.12 : 1}
            filter={expired ? 'blur(1px)' : undefined}
            transition="opacity 0.2s"
          >
            <QRCodeSVG value={qr.qr_url} size={SIZE} level="M" marginSize={0} title="扫码登录二维码" />
          </Box>
        )}
        {!qr && loading && (
          <Center h="full">
            <Spinner color="brand.solid" />
          </Center>
        )}
        {!qr && !loading && error && (
          <Center h="full" flexDirection="column" gap="2" textAlign="center" px="3">
            <Text fontSize="sm" color="fg.error">
              {error}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void reload()} data-testid="qr-retry">
              重新加载
            </Button>
          </Center>
        )}
        {qr && expired && (
          <Center
            as="button"
            position="absolute"
            inset="0"
            rounded="xl"
            flexDirection="column"
            gap="2"
            cursor="pointer"
            bg="whiteAlpha.700"
            onClick={() => void reload()}
            data-testid="qr-expired"
            aria-label={`${messages.auth.qrExpired}，${messages.auth.qrReload}`}
          >
            <Text fontWeight="600" color="fg">
              {messages.auth.qrExpired}
            </Text>
            <Flex align="center" gap="1" color="brand.fg" fontSize="sm" data-testid="qr-reload">
              {loading ? <Spinner size="xs" /> : <RotateCw size={14} />}
              {messages.auth.qrReload}
            </Flex>
          </Center>
        )}
        {confirmed && (
          <Center
            position="absolute"
            inset="0"
            rounded="xl"
            flexDirection="column"
            gap="2"
            bg="whiteAlpha.900"
            data-testid="qr-confirmed"
          >
            <Box color="green.500">
              <CheckCircle2 size={36} />
            </Box>
            <Text fontWeight="600">登录成功，正在进入…</Text>
          </Center>
        )}
      </Box>
      <Flex align="center" gap="2" color="fg.muted" fontSize="sm">
        <ScanLine size={16} />
        <Text>{messages.auth.qrScanHint}</Text>
      </Flex>
    </VStack>
  );
}
