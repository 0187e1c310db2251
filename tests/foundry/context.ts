/**
 * Which client is running. Every client of a table (the GM's, each player's) is a browser of its own in Foundry,
 * with its own `game`, `ui`, `CONFIG`, `canvas` and DOM. Here they share one process, so the globals are getters
 * that read the client of the current async context (Node's AsyncLocalStorage follows every `await`): code run
 * "as" a client keeps seeing that client's world however its awaits interleave with other clients'.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface ClientGlobals {
  readonly id: string;
  readonly game: unknown;
  readonly ui: unknown;
  readonly CONFIG: unknown;
  readonly canvas: unknown;
  readonly window: unknown;
  readonly document: unknown;
}

const storage = new AsyncLocalStorage<ClientGlobals>();
let fallback: ClientGlobals | null = null;

export function runAs<T>(client: ClientGlobals, fn: () => T): T {
  return storage.run(client, fn);
}

export function currentClient(): ClientGlobals {
  const c = storage.getStore() ?? fallback;
  if (!c) throw new Error("No Foundry client is running: call table.gm.run(...) or a client's act().");
  return c;
}

export function currentClientId(): string {
  return (storage.getStore() ?? fallback)?.id ?? "none";
}

/** The running client itself (a page load: a client that logs in again is a new one), or null outside any. */
export function currentClientOrNull(): ClientGlobals | null {
  return storage.getStore() ?? fallback;
}

/** The client whose globals code outside any `run` sees (the GM's, like a console open on the GM's browser). */
export function setFallbackClient(client: ClientGlobals | null): void {
  fallback = client;
}

const NAMES = ["game", "ui", "CONFIG", "canvas", "window", "document"] as const;

/** Install the per-client getters on globalThis (idempotent). */
export function installClientGlobals(): void {
  for (const name of NAMES) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => currentClient()[name],
      set: () => {
        throw new Error(`The harness owns the global ${name}; change it through the client.`);
      },
    });
  }
}
