import { messages } from '@toy/shared';
import { useSyncExternalStore } from 'react';
import { AlertDialog } from '../components/ConfirmDialog';
import { sessionPrompt } from '../lib/sessionPrompt';
import { authStore } from '../session/authStore';

const options = { message: messages.common.sessionExpired, confirmText: messages.common.goLogin };

/** The single 登录失效 prompt, opened by any 401 answer (see lib/sessionPrompt). */
export function SessionExpiredDialog() {
  const state = useSyncExternalStore(sessionPrompt.subscribe, sessionPrompt.get, sessionPrompt.get);
  return (
    <AlertDialog
      open={state.open}
      onAnswer={(ok) => (ok ? authStore.expire() : sessionPrompt.dismiss())}
      options={options}
      size="sm"
      testId="session-expired"
      buttonTestIds={{ ok: 'session-go-login' }}
    />
  );
}
