/**
 * The venue display hub: WebSocket on 8765 (wait/sell/open/close protocol), media and the display
 * client on 8764, and a disk cache of the platform's screen data. Built in its own issue; the
 * package exists so the workspace, its contract imports and its CI are in place from the start.
 */
export const DISPLAY_HUB_PORTS = { socket: 8765, media: 8764 } as const;
