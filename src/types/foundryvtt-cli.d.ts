/** The foundryvtt-cli ships no types; the two functions our scripts and pack check call. */
declare module "@foundryvtt/foundryvtt-cli" {
  export interface PackOptions {
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    clean?: boolean;
    folders?: boolean;
    omitVolatile?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => unknown;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
