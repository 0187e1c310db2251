/**
 * `npm run build` while Foundry holds the packs open: LevelDB allows one process per database, and a world that uses
 * the system keeps its packs open. The compile step stops with one line that says what to do, not the cli's
 * "Iterator is not open" stack trace (scripts/packs.mjs `compileOne`, printed alone by scripts/build.mjs).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileAll, compileOne, PackLockedError, packs } from "../scripts/packs.mjs";

const tmp = mkdtempSync(join(tmpdir(), "ft-packs-"));
let holder: ChildProcess | undefined;
afterAll(() => {
  holder?.kill();
  rmSync(tmp, { recursive: true, force: true });
});

/** Another process (as Foundry is) opens the LevelDB at dest with the cli's own classic-level and keeps it open. */
function holdOpen(dest: string): Promise<ChildProcess> {
  const code = `
    const { createRequire } = require("node:module");
    const r = createRequire(require.resolve("@foundryvtt/foundryvtt-cli"));
    const db = new (r("classic-level").ClassicLevel)(process.argv[1]);
    db.open().then(() => console.log("open"));
    process.stdin.resume();`;
  const child = spawn(process.execPath, ["-e", code, dest], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", () => resolve(child));
    child.once("exit", (c) => reject(new Error(`holder exited with ${c}`)));
  });
}

describe("npm run build with Foundry holding the packs open", () => {
  it("a pack another process holds open stops the compile with one line naming it; once closed, it compiles", async () => {
    const weapons = packs().find((p) => p.name === "weapons");
    if (!weapons) throw new Error("no weapons pack in system.json");
    const dest = join(tmp, "weapons");
    await compileOne(weapons, dest); // a free pack compiles (the check does not get in the way)

    holder = await holdOpen(dest);
    const err = await compileOne(weapons, dest).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PackLockedError);
    expect((err as Error).message).toBe(`Close Foundry (or the world) first: it holds ${dest} open.`);
    expect((err as Error).message).not.toContain("\n");

    holder.kill();
    await new Promise((r) => holder?.once("exit", r));
    holder = undefined;
    await expect(compileOne(weapons, dest)).resolves.toBeUndefined();
  }, 30_000);

  it("the whole build step (compileAll) stops at the held pack with that line, not LEVEL_ITERATOR_NOT_OPEN", async () => {
    const root = join(tmp, "all");
    const first = packs()[0];
    if (!first) throw new Error("system.json names no pack");
    holder = await holdOpen(join(root, first.name));
    await expect(compileAll(root)).rejects.toThrow(new PackLockedError(join(root, first.name)).message);
  }, 30_000);
});
