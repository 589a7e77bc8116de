import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setTestFileEnvironment, withEnv } from "./with-env";

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

describe("withEnv with values answered when they are set", () => {
  let started = "";
  beforeAll(async () => {
    // As a server started in a beforeAll: its address is known only once it ran.
    started = await Promise.resolve("known once started");
  });
  withEnv(async () => ({ [NAME]: started }), { scope: "all" });
  let perTest = 0;
  beforeEach(() => {
    perTest++;
  });
  withEnv(() => ({ WITH_ENV_PER_TEST: `test ${perTest}` }));

  it("answers them after the hooks registered before it, once for all and for each test", () => {
    expect(process.env[NAME]).toBe("known once started");
    expect(process.env.WITH_ENV_PER_TEST).toBe("test 1");
  });

  it("asks again for each test", () => expect(process.env.WITH_ENV_PER_TEST).toBe("test 2"));
});

describe("setTestFileEnvironment", () => {
  it("sets the values, and a default only where the variable is unset, leaving them for the file", () => {
    process.env.WITH_ENV_FROM_OUTSIDE = "given by the shell";
    setTestFileEnvironment(
      { WITH_ENV_FILE_VALUE: "the file's" },
      { WITH_ENV_FROM_OUTSIDE: "default", WITH_ENV_DEFAULTED: "default", WITH_ENV_FILE_VALUE: "ignored default" },
    );
    expect([process.env.WITH_ENV_FILE_VALUE, process.env.WITH_ENV_FROM_OUTSIDE, process.env.WITH_ENV_DEFAULTED]).toEqual([
      "the file's",
      "given by the shell",
      "default",
    ]);
    for (const name of ["WITH_ENV_FILE_VALUE", "WITH_ENV_FROM_OUTSIDE", "WITH_ENV_DEFAULTED"]) delete process.env[name];
  });
});

afterAll(() => {
  expect(NAME in process.env).toBe(false);
  expect("WITH_ENV_PER_TEST" in process.env).toBe(false);
});
