import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "./sha256.js";

describe("SHA-256 (the seal of an attack card, issue 11)", () => {
  it("gives the FIPS 180-4 test vectors", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });
  it("agrees with Node's own for every length across the block edges, and for non-ASCII text", () => {
    for (let n = 0; n < 200; n++) {
      const text = "x".repeat(n) + (n % 7 === 0 ? "é→☆" : "");
      expect(sha256(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });
});
