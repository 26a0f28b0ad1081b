import { chakra, Text } from '@chakra-ui/react';
import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';

/** The dashed square that opens a file picker (`htmlFor` its input, which goes in `children`). */
export function AddTile({
  htmlFor,
  size,
  label = '上传图片',
  icon: Icon = ImagePlus,
  children,
}: {
  htmlFor: string;
  size: number;
  label?: string;
  icon?: typeof ImagePlus;
  children: ReactNode;
}) {
  return (
    <chakra.label
      htmlFor={htmlFor}
      w={`${size}px`}
      h={`${size}px`}
      rounded="md"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="1"
      color="fg.muted"
      cursor="pointer"
      transition="all 0.15s"
      _hover={{ borderColor: 'brand.400', color: 'brand.fg' }}
    >
      <Icon size={22} />
      <Text fontSize="xs">{label}</Text>
      {children}
    </chakra.label>
  );
}
