export interface ConsoleServerOptions {
  port?: number;
  host?: string;
  /** The API's URL; unset, the console calls the page's own hostname at `apiPort`. */
  apiBase?: string;
  apiPort?: number;
  appSecret?: string;
  distDir?: string;
  displayBase?: string;
}
export declare function startConsoleServer(
  options?: ConsoleServerOptions,
): Promise<{ url: string; close(): Promise<void> }>;
