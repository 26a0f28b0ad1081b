// Runtime configuration of the console. A deployment replaces this file (serve.mjs generates it);
// the values below are only the local defaults.
window.__APP_CONFIG__ = window.__APP_CONFIG__ || {};
