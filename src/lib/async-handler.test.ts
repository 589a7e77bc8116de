import { afterEach, describe, expect, it, vi } from "vitest";
import { asyncHandler } from "./async-handler";

describe("asyncHandler", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes the event on, returns nothing, and writes an escaped rejection to the console", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new Error("the handler forgot to catch this");
    const seen: string[] = [];
    const handler = asyncHandler(async (event: string) => {
      seen.push(event);
      throw failure;
    });
    expect(handler("submit")).toBeUndefined();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(failure));
    expect(seen).toEqual(["submit"]);
  });
});
