/**
 * The one "登录失效，请重新登录" prompt. Any number of calls failing with 401 request it; only the
 * first opens it, the rest join the open prompt. Framework-free so the rule is unit-tested.
 */
export interface SessionPromptState {
  open: boolean;
  /** How many 401 answers arrived while this prompt was open. */
  hits: number;
}

export interface SessionPrompt {
  /** Ask for the prompt; answers true only when this request opened it. */
  request(): boolean;
  /** Close it (取消); a later 401 may open it again. */
  dismiss(): void;
  get(): SessionPromptState;
  subscribe(listener: () => void): () => void;
}

export function createSessionPrompt(): SessionPrompt {
  let state: SessionPromptState = { open: false, hits: 0 };
  const listeners = new Set<() => void>();
  const set = (next: SessionPromptState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    request() {
      if (state.open) {
        set({ open: true, hits: state.hits + 1 });
        return false;
      }
      set({ open: true, hits: 1 });
      return true;
    },
    dismiss() {
      if (state.open) set({ open: false, hits: 0 });
    },
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The application's single prompt. */
export const sessionPrompt = createSessionPrompt();
