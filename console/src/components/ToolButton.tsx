import { Button, type ButtonProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

/** A small button with an icon before its words: the tools of a filter bar or a card (outlined unless said otherwise). */
export function ToolButton({
  icon: Icon,
  testId,
  children,
  ...button
}: ButtonProps & { icon: LucideIcon; testId?: string }) {
  return (
    <Button size="sm" variant="outline" {...button} data-testid={testId}>
      <Icon size={14} />
      {children}
    </Button>
  );
}
