import { describe, expect, it } from "vitest";
import { requestProblem } from "./gm-request-checks.js";

const MSG = "msgFort000000001";
const T = "Scene.sceneAAAAAAAAAAA.Token.tokenAAAAAAAAAAA";

describe("a GM request's body is checked before the GM acts on it (everything in it came from another client)", () => {
  it("SW-10 review 14 M3: a Fortitude request names one card and exactly one target", () => {
    expect(requestProblem({ kind: "fortitude", messageId: MSG, ids: [T] })).toBeNull();
    expect(requestProblem({ kind: "fortitude", messageId: MSG, ids: [] })).toBe("target list");
    expect(requestProblem({ kind: "fortitude", messageId: MSG, ids: [T, T] })).toBe("target list");
    expect(requestProblem({ kind: "fortitude", messageId: "short", ids: [T] })).toBe("message id");
    expect(requestProblem({ kind: "fortitude", messageId: MSG, ids: [1] })).toBe("target id");
  });

  it("an unknown kind or a body that is not an object is refused by name", () => {
    expect(requestProblem({ kind: "heal", messageId: MSG, ids: [T] })).toBe("unknown kind");
    expect(requestProblem(null)).toBe("not an object");
    expect(requestProblem([{ kind: "apply" }])).toBe("not an object");
  });
});
