/**
 * `Hooks`, as v13's `client/helpers/hooks.mjs` behaves, for a table of several clients in one process.
 *
 * Every client loads the same code, so a callback registered at import (`Hooks.once("init", …)` in our entry
 * point) exists on every client: the registry is shared. A callback registered while a client runs (inside its
 * `init`, or by code reacting to a click) is that client's own, as it would be in its own browser page: it runs
 * only when that client calls the hook. `call`/`callAll` run in the calling client's context
 * (the globals point at that client), and a `once` callback is spent per client. `Hooks.call` stops at the first
 * callback that returns `false` and returns `false`; `callAll` runs every callback. `onError` logs and, with
 * `notify`, puts the message on the client's notifications; a `msg` prefixes the error's message, as v13 does
 * (client/helpers/hooks.mjs `Hooks.onError`).
 */
import { type ClientGlobals, currentClientId, currentClientOrNull } from "./context.js";

type Fn = (...args: unknown[]) => unknown;
interface Entry {
  id: number;
  fn: Fn;
  once: boolean;
  /** Clients (page loads) that spent a `once` callback: a user who logs in again loads the page afresh. */
  spentBy: WeakSet<ClientGlobals | typeof NO_CLIENT>;
  /** The client whose page registered it; null at import (every client's). */
  owner: ClientGlobals | null;
}

const runsFor = (e: Entry, client: ClientGlobals | typeof NO_CLIENT) => !e.owner || e.owner === client;

let nextId = 1;
/** Stands for "no client" when a hook is called outside any (module set-up). */
const NO_CLIENT = { id: "none" } as const;
const events = new Map<string, Entry[]>();

export const errors: { location: string; error: unknown; client: string }[] = [];

function list(hook: string): Entry[] {
  let l = events.get(hook);
  if (!l) {
    l = [];
    events.set(hook, l);
  }
  return l;
}

export const Hooks = {
  on(hook: string, fn: Fn): number {
    const id = nextId++;
    list(hook).push({ id, fn, once: false, spentBy: new WeakSet(), owner: currentClientOrNull() });
    return id;
  },
  once(hook: string, fn: Fn): number {
    const id = nextId++;
    list(hook).push({ id, fn, once: true, spentBy: new WeakSet(), owner: currentClientOrNull() });
    return id;
  },
  off(hook: string, fn: Fn | number): void {
    const l = list(hook);
    const i = l.findIndex((e) => e.id === fn || e.fn === fn);
    if (i >= 0) l.splice(i, 1);
  },
  callAll(hook: string, ...args: unknown[]): true {
    const client = currentClientOrNull() ?? NO_CLIENT;
    for (const e of [...list(hook)]) {
      if (!runsFor(e, client)) continue;
      if (e.once && e.spentBy.has(client)) continue;
      if (e.once) e.spentBy.add(client);
      try {
        e.fn(...args);
      } catch (err) {
        Hooks.onError(`Hooks.callAll(${hook})`, err, { log: "error" });
      }
    }
    return true;
  },
  call(hook: string, ...args: unknown[]): boolean {
    const client = currentClientOrNull() ?? NO_CLIENT;
    for (const e of [...list(hook)]) {
      if (!runsFor(e, client)) continue;
      if (e.once && e.spentBy.has(client)) continue;
      if (e.once) e.spentBy.add(client);
      let r: unknown;
      try {
        r = e.fn(...args);
      } catch (err) {
        Hooks.onError(`Hooks.call(${hook})`, err, { log: "error" });
      }
      if (r === false) return false;
    }
    return true;
  },
  onError(
    location: string,
    error: unknown,
    options: { msg?: string; log?: string; notify?: string } = {},
  ): void {
    // v13 prefixes the error's own message with `msg` ("Failed data preparation for …. Cannot write …").
    if (options.msg && error instanceof Error) error.message = `${options.msg}. ${error.message}`;
    errors.push({ location, error, client: currentClientId() });
    const g = globalThis as unknown as {
      ui?: { notifications?: Record<string, (m: string) => void> };
    };
    if (options.notify) {
      const message = error instanceof Error ? error.message : String(error);
      g.ui?.notifications?.[options.notify]?.(message);
    }
  },
  /** Registered event names (for tests of the entry point). */
  get events(): Record<string, number> {
    return Object.fromEntries([...events].map(([k, v]) => [k, v.length]));
  },
};

/**
 * Forget what the given clients' pages registered: a closed table's pages are gone, as a closed tab's hooks are.
 * (Scenario files share one module graph, so without this every later table would walk every earlier page's
 * hooks.) Registrations made at import, by no client, stay: they are the system's own module code.
 */
export function forgetPages(clients: ReadonlySet<ClientGlobals>): void {
  for (const [hook, l] of events) {
    const kept = l.filter((e) => !e.owner || !clients.has(e.owner));
    if (kept.length) events.set(hook, kept);
    else events.delete(hook);
  }
}

/** Forget every registration. */
export function resetHooks(): void {
  events.clear();
  errors.length = 0;
}
