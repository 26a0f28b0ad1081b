export { type HubConfig, loadHubConfig, resolveControlKey } from './config.js';
export { Hub } from './hub.js';
export { type HubHandle, startHub } from './server.js';
