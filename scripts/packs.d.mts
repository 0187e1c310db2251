/** Types of `packs.mjs` for the tests that import it. */
export const ROOT: string;
export interface PackSource {
  readonly name: string;
  readonly type: string;
  readonly label: string;
  /** The YAML folder, packs/<name>. */
  readonly src: string;
}
export function packs(): PackSource[];
/** A pack's LevelDB held open by another process; the message is one line. */
export class PackLockedError extends Error {
  readonly dest: string;
  constructor(dest: string);
}
export function assertPackFree(dest: string): Promise<void>;
export function compileOne(pack: PackSource, dest: string): Promise<void>;
export function compileAll(destRoot: string): Promise<{ name: string; dest: string; count: number }[]>;
