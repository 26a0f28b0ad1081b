import { Box, Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <Center minH="calc(100vh - 160px)" p="6" data-testid="not-found">
      <VStack gap="4" textAlign="center">
        <Box
          fontSize={{ base: '6xl', md: '8xl' }}
          fontWeight="800"
          lineHeight="1"
          bgGradient="to-r"
          gradientFrom="brand.400"
          gradientTo="pink.400"
          bgClip="text"
          color="transparent"
        >
          404
        </Box>
        <Heading size="md">抱歉，您访问的页面无法进入</Heading>
        <Text color="fg.muted">页面不存在，或您没有访问该页面的权限。</Text>
        <Button asChild colorPalette="brand" mt="2">
          <RouterLink to="/">返回首页</RouterLink>
        </Button>
      </VStack>
    </Center>
  );
}
