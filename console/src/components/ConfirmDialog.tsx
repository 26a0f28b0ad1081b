import { Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  confirmText?: string;
  /** A red confirm button for destructive actions. */
  danger?: boolean;
}

/**
 * A confirmation as one awaited call: `if (await confirm({ message: '确定要删除该商品吗？' })) …`.
 * Render `dialog` once in the screen. Cancel, the close button, Escape and the backdrop answer false.
 */
export function useConfirm() {
  const [state, setState] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setState(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState(null);
  };

  const dialog = (
    <Dialog.Root
      open={state !== null}
      onOpenChange={(e) => !e.open && answer(false)}
      role="alertdialog"
      placement="center"
      size="xs"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{state?.title ?? '提示'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <HStack align="flex-start" gap="3">
                <AlertTriangle size={20} color="#f59e0b" style={{ flexShrink: 0, marginTop: 2 }} />
                <Text data-testid="confirm-message">{state?.message}</Text>
              </HStack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => answer(false)} data-testid="confirm-cancel">
                {messages.common.cancel}
              </Button>
              <Button
                colorPalette={state?.danger ? 'red' : 'brand'}
                onClick={() => answer(true)}
                data-testid="confirm-ok"
              >
                {state?.confirmText ?? messages.common.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );

  return { confirm, dialog };
}
