import { expect, it } from "vitest";
import { messageTags } from "./imap-tags";

it("keeps keywords and Gmail labels, drops system flags and labels, once each", () => {
  expect(messageTags(new Set(["\\Seen", "\\Flagged", "Work", "$Forwarded"]), new Set(["\\Inbox", "Work", "Clients/ACME"]))).toEqual([
    "Work",
    "$Forwarded",
    "Clients/ACME",
  ]);
  expect(messageTags(undefined, undefined)).toEqual([]);
});
