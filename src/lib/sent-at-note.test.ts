import { describe, expect, it } from "vitest";
import { sentAtNote } from "./sent-at-note";

describe("the note beside a Sent time", () => {
  it("says the archive time stands in for a missing, unparseable or future Date header, and nothing for a real one", () => {
    expect(sentAtNote("missing")).toBe("Date header missing; archive time used");
    expect(sentAtNote("unparseable")).toBe("Date header unparseable; archive time used");
    expect(sentAtNote("no-headers")).toBe("no header block; archive time used");
    expect(sentAtNote(null)).toBeNull();
  });
});
