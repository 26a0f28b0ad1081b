import { Button, HStack, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { notify, worded } from '../lib/notify';
import { DialogShell } from './DialogShell';

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  confirmText?: string;
  /** A red confirm button for destructive actions. */
  danger?: boolean;
}

/**
 * A question with 取消 and a confirm button (提示 by default). Cancel, Escape and the backdrop
 * answer false. `warning` puts the warning sign before the message.
 */
export function AlertDialog({
  open,
  onAnswer,
  options,
  warning,
  size = 'xs',
  testId,
  buttonTestIds = {},
}: {
  open: boolean;
  onAnswer: (ok: boolean) => void;
  options: ConfirmOptions;
  warning?: boolean;
  size?: 'xs' | 'sm';
  testId: string;
  buttonTestIds?: { cancel?: string; ok?: string };
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={(o) => !o && onAnswer(false)}
      role="alertdialog"
      size={size}
      lazy={false}
      closable={false}
      title={options.title ?? '提示'}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={() => onAnswer(false)} data-testid={buttonTestIds.cancel}>
            {messages.common.cancel}
          </Button>
          <Button
            colorPalette={options.danger ? 'red' : 'brand'}
            onClick={() => onAnswer(true)}
            data-testid={buttonTestIds.ok}
          >
            {options.confirmText ?? messages.common.confirm}
          </Button>
        </>
      }
    >
      {warning ? (
        <HStack align="flex-start" gap="3">
          <AlertTriangle size={20} color="#f59e0b" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text data-testid="confirm-message">
            {typeof options.message === 'string' ? worded(options.message) : options.message}
          </Text>
        </HStack>
      ) : (
        <Text>{typeof options.message === 'string' ? worded(options.message) : options.message}</Text>
      )}
    </DialogShell>
  );
}

/**
 * A confirmation as one awaited call: `if (await confirm({ message: '确定要删除该商品吗？' })) …`,
 * or `ask({ message, cancelled }, run)`, which runs `run` on yes and shows `cancelled`
 * (已取消删除 / 已取消操作) on no. Render `dialog` once in the screen.
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

  const ask = useCallback(
    async (options: ConfirmOptions & { cancelled: string }, run: () => unknown) => {
      if (await confirm(options)) await run();
      else notify.info(options.cancelled);
    },
    [confirm],
  );

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState(null);
  };

  const dialog = (
    <AlertDialog
      open={state !== null}
      onAnswer={answer}
      options={state ?? { message: null }}
      warning
      testId="confirm-dialog"
      buttonTestIds={{ cancel: 'confirm-cancel', ok: 'confirm-ok' }}
    />
  );

  return { confirm, ask, dialog };
}
