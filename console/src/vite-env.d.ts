/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_APP_SECRET?: string;
}

interface Window {
  __APP_CONFIG__?: { apiBase?: string; apiPort?: number; appSecret?: string; membershipUrl?: string };
}
