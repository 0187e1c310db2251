import { describe, expect, it } from "vitest";
import { KeyedQueue } from "./serial.js";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("One task at a time per key", () => {
  it("tasks with the same key run in order without overlapping; other keys do not wait", async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      q.run("a", task("a1")),
      q.run("a", task("a2")),
      q.run("b", task("b1")),
    ]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a1 end")).toBeLessThan(log.indexOf("a2 start"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
    expect(q.busy).toBe(0);
  });

  it("a task that fails rejects its own caller only; the next one still runs", async () => {
    const q = new KeyedQueue();
    const failing = q.run("a", async () => {
      throw new Error("boom");
    });
    const next = q.run("a", async () => "ran");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ran");
  });
});
