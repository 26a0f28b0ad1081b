import { Text } from '@chakra-ui/react';

/** 发布一番赏 (spec 03 §2). */
export default function KujiFormPage() {
  return <Text>发布一番赏</Text>;
}
