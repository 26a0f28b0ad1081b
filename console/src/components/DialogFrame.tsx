import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  testId?: string;
  scrollBehavior?: 'inside' | 'outside';
  lazy?: boolean;
  /** False for a dialog that a click outside must not close (work in progress). */
  closeOnInteractOutside?: boolean;
  /** The test id of the close button. */
  closeTestId?: string;
  /** False hides the close button (a question that wants an answer, or work that must finish). */
  closable?: boolean;
  /** 'alertdialog' for a question the user must answer. */
  role?: 'dialog' | 'alertdialog';
  footer?: ReactNode;
  children: ReactNode;
}

/** DialogShell's Chakra dialog (see DialogShell). */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  size = 'md',
  testId,
  scrollBehavior,
  lazy = true,
  closeOnInteractOutside,
  closeTestId,
  closable = true,
  role,
  footer,
  children,
}: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      size={size}
      placement="center"
      role={role}
      closeOnInteractOutside={closeOnInteractOutside}
      scrollBehavior={scrollBehavior}
      lazyMount={lazy || undefined}
      unmountOnExit={lazy || undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>{typeof title === 'string' ? <Dialog.Title>{title}</Dialog.Title> : title}</Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {closable && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" data-testid={closeTestId} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
