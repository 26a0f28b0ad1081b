import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { isChunkLoadError, shouldReloadForChunk } from '../chunkReload';
import { FullPageSpinner } from './FullPageSpinner';

/** Route error boundary: a failed chunk load reloads the target route once; anything else is shown. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const target = location.pathname + location.search;
  const chunk = isChunkLoadError(error);
  const reload = chunk && typeof window !== 'undefined' && shouldReloadForChunk(window.sessionStorage, target);

  useEffect(() => {
    if (reload) window.location.assign(target);
  }, [reload, target]);

  if (reload) return <FullPageSpinner label="正在加载新版本…" />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Center minH="70vh" p="6">
      <VStack gap="4" maxW="lg" textAlign="center">
        <Heading as="h1" size="lg">
          {chunk ? '页面资源加载失败' : '页面出错了'}
        </Heading>
        <Text color="fg.muted" wordBreak="break-all">
          {message}
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.assign(target)}>
          重新加载
        </Button>
      </VStack>
    </Center>
  );
}
