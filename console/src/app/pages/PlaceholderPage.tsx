import { Box, Center, Heading, Link, Text, VStack } from '@chakra-ui/react';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../menuRoutes';

/** Open pages that live elsewhere (the venue screens) or are not built in the console yet. */
export default function PlaceholderPage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return (
    <Center minH="100vh" bg="bg.canvas" p="6">
      <Box bg="white" rounded="xl" shadow="sm" px="10" py="12" textAlign="center" data-testid="placeholder-page">
        <VStack gap="3">
          <Heading as="h1" size="lg">
            {handle?.title ?? '页面'}
          </Heading>
          <Text color="fg.muted">该页面暂未在商家后台开放</Text>
          <Link href="/" color="brand.fg">
            返回首页
          </Link>
        </VStack>
      </Box>
    </Center>
  );
}
