import { Text } from '@chakra-ui/react';

/** 一番赏 (spec 03 §2). */
export default function KujiListPage() {
  return <Text>一番赏</Text>;
}
