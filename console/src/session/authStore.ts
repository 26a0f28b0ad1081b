import type { Session, UserInfo } from '@toy/shared';
import { authRoutes } from '@toy/shared/features/auth';
import { userRoutes } from '@toy/shared/features/user';
import { useSyncExternalStore } from 'react';
import { setCookie } from '../lib/cookies';
import { ApiError, call } from '../lib/http';
import { notify } from '../lib/notify';
import { clearSession, hasSession, saveSession } from '../lib/session';
import { LOGGED_OUT_PARAM } from './loggedOut';

/**
 * The auth provider: who is signed in. `info` (roles and menus from userRoutes.info) is loaded on
 * the first navigation with a session; the router is built from it.
 */
export type AuthStatus = 'idle' | 'loading' | 'ready' | 'anonymous';
export interface AuthState {
  status: AuthStatus;
  info: UserInfo | null;
}

let state: AuthState = { status: hasSession() ? 'idle' : 'anonymous', info: null };
const listeners = new Set<() => void>();
let pending: Promise<UserInfo | null> | null = null;

function set(next: AuthState) {
  state = next;
  for (const l of listeners) l();
}

export const authStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Loads user info and menus once; on failure resets the token and shows the message. */
  loadUser(): Promise<UserInfo | null> {
    if (pending) return pending;
    if (!hasSession()) {
      set({ status: 'anonymous', info: null });
      return Promise.resolve(null);
    }
    set({ status: 'loading', info: state.info });
    pending = call(userRoutes.info, undefined, { silent: true, noSessionPrompt: true })
      .then((info) => {
        set({ status: 'ready', info });
        return info;
      })
      .catch((err: unknown) => {
        clearSession();
        notify.error(err instanceof ApiError ? err.message : String(err));
        set({ status: 'anonymous', info: null });
        return null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  },

  /** Stores a session from QR or password login, then loads the user. */
  async signIn(session: Session): Promise<UserInfo | null> {
    saveSession(session);
    return authStore.loadUser();
  },

  /** After 修改头像: the navbar and the user_avatar cookie show the new picture at once. */
  updateAvatar(avatar: string): void {
    setCookie('user_avatar', avatar);
    if (state.info) set({ ...state, info: { ...state.info, avatar } });
  },

  /** 退出登录: revoke on the server (best effort), clear cookies and start over at /login. */
  async signOut(): Promise<void> {
    try {
      await call(authRoutes.logout, {}, { silent: true, noSessionPrompt: true });
    } catch {
      // the session is dropped locally either way
    }
    clearSession();
    window.location.replace(`/login?${LOGGED_OUT_PARAM}=1`);
  },

  /** 去登录 from the 401 prompt: drop the session and reload (the guard then shows /login). */
  expire(): void {
    clearSession();
    window.location.reload();
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

export function useUserInfo(): UserInfo | null {
  return useAuth().info;
}
