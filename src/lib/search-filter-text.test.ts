import { describe, expect, it } from "vitest";
import { searchFilterText } from "./search-filter-text";

const names = (id: string) => (id === "4f1c0d6e-0000-4000-8000-000000000001" ? "Mail" : undefined);

describe("searchFilterText", () => {
  it("names every filter that applies, in words", () => {
    expect(
      searchFilterText(
        {
          from: "alice@example.com",
          to: "bob@example.com",
          userEmail: "carol@example.com",
          ingestionSourceId: "4f1c0d6e-0000-4000-8000-000000000001",
          hasAttachments: "true",
          startDate: "2024-01-01",
          endDate: "2024-12-31",
        },
        names,
      ),
    ).toEqual([
      "from alice@example.com",
      "to bob@example.com",
      "in mailbox carol@example.com",
      "in source Mail",
      "with attachments",
      "sent from 2024-01-01",
      "sent through 2024-12-31",
    ]);
  });

  it("shows a source it cannot name by its id, and says nothing of absent filters", () => {
    expect(searchFilterText({ ingestionSourceId: "unknown-id", hasAttachments: false }, names)).toEqual([
      "in source unknown-id",
      "without attachments",
    ]);
    expect(searchFilterText({}, names)).toEqual([]);
    expect(searchFilterText(undefined, names)).toEqual([]);
  });
});
