import { Button, type ButtonProps } from '@chakra-ui/react';
import { ChevronDown, Plus } from 'lucide-react';

/** 创建数字藏品's button (CreateMenu's trigger). */
export function CreateButton(props: ButtonProps) {
  return (
    <Button colorPalette="brand" {...props}>
      <Plus size={16} />
      创建数字藏品
      <ChevronDown size={14} />
    </Button>
  );
}
