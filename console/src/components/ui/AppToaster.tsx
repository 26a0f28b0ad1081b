import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from '../../lib/notify';

/**
 * The console's toasts. A toast lets the pointer through (only its buttons take clicks): a message
 * that appears under a resting pointer neither covers the dialog button beneath it nor stays open
 * because the pointer rests on it.
 */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            pointerEvents="none !important"
            data-testid={`toast-${toast.type ?? 'info'}`}
          >
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title whiteSpace="pre-line">{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && (
              <Toast.ActionTrigger pointerEvents="auto" data-testid="toast-action">
                {toast.action.label}
              </Toast.ActionTrigger>
            )}
            {toast.closable && <Toast.CloseTrigger pointerEvents="auto" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
