import { afterAll, describe, expect, it } from "vitest";
import { withEnv } from "./with-env";

const NAME = "WITH_ENV_PROBE";

describe("withEnv around a callback", () => {
  it("sets the variables inside and puts back what was there, absent staying absent", async () => {
    process.env.WITH_ENV_KEPT = "before";
    const seen = await withEnv({ [NAME]: "inside", WITH_ENV_KEPT: undefined }, () => [process.env[NAME], process.env.WITH_ENV_KEPT]);
    expect(seen).toEqual(["inside", undefined]);
    expect(NAME in process.env).toBe(false);
    expect(process.env.WITH_ENV_KEPT).toBe("before");
    delete process.env.WITH_ENV_KEPT;
  });

  it("restores them when the callback fails", async () => {
    await expect(
      withEnv({ [NAME]: "inside" }, async () => {
        throw new Error("the test failed");
      }),
    ).rejects.toThrow("the test failed");
    expect(NAME in process.env).toBe(false);
  });
});

describe("withEnv for a describe's tests", () => {
  withEnv({ [NAME]: "each" });

  it("sets them for each test", () => {
    expect(process.env[NAME]).toBe("each");
    // A test's own change is undone with the rest after it.
    process.env[NAME] = "changed by the test";
  });

  it("starts each test from the given values", () => {
    expect(process.env[NAME]).toBe("each");
  });
});

describe("withEnv once around a describe", () => {
  withEnv({ [NAME]: "all" }, { scope: "all" });
  it("sets them for all its tests", () => expect(process.env[NAME]).toBe("all"));
});

afterAll(() => {
  expect(NAME in process.env).toBe(false);
});
