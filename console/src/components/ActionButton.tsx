import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A button of an icon and a word (a page's or a section's action). */
export function ActionButton({
  icon: Icon,
  iconSize = 16,
  testId,
  children,
  ...button
}: { icon: LucideIcon; iconSize?: number; testId?: string; children: ReactNode } & ButtonProps) {
  return (
    <Button {...button} data-testid={testId}>
      <Icon size={iconSize} />
      {children}
    </Button>
  );
}
