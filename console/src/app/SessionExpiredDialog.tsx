import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { useSyncExternalStore } from 'react';
import { sessionPrompt } from '../lib/sessionPrompt';
import { authStore } from '../session/authStore';

/** The single 登录失效 prompt, opened by any 401 answer (see lib/sessionPrompt). */
export function SessionExpiredDialog() {
  const state = useSyncExternalStore(sessionPrompt.subscribe, sessionPrompt.get, sessionPrompt.get);
  return (
    <Dialog.Root
      open={state.open}
      onOpenChange={(e) => !e.open && sessionPrompt.dismiss()}
      role="alertdialog"
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="session-expired">
            <Dialog.Header>
              <Dialog.Title>提示</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{messages.common.sessionExpired}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => sessionPrompt.dismiss()}>
                {messages.common.cancel}
              </Button>
              <Button colorPalette="brand" onClick={() => authStore.expire()} data-testid="session-go-login">
                {messages.common.goLogin}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
