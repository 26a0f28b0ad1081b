export interface ConsoleServerOptions {
  port?: number;
  host?: string;
  apiBase?: string;
  appSecret?: string;
  distDir?: string;
}
export declare function startConsoleServer(
  options?: ConsoleServerOptions,
): Promise<{ url: string; close(): Promise<void> }>;
