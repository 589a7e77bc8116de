import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  csvField,
  fileManifestRow,
  loadfileHeader,
  loadfileLine,
  manifestLine,
  mboxrdRecord,
  recipientHeaders,
  type ManifestRow,
} from "./production-format";
import { neutralizedCell } from "../../platform/csv/spreadsheet-safe-cell";
import { manifestValue } from "../../../../scripts/verify-export.mjs";

const row: ManifestRow = {
  emailId: "e1",
  messageId: "<m@x>",
  sha256: "ab",
  sizeBytes: "3",
  sentAt: "2024-01-15T12:00:00.000Z",
  from: "a@x",
  to: "b@x; c@x",
  cc: "",
  subject: 'Re: "quotes", commas\r\nand lines',
  mailbox: "a@x",
  ingestionSourceId: "s1",
  file: "messages/e1.eml",
};

describe("production formats", () => {
  it("quotes CSV fields with commas, quotes or line breaks only", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", now')).toBe('"say ""hi"", now"');
    expect(manifestLine(row)).toBe(
      'e1,<m@x>,ab,3,2024-01-15T12:00:00.000Z,a@x,b@x; c@x,,"Re: ""quotes"", commas\r\nand lines",a@x,s1,messages/e1.eml\r\n',
    );
  });

  it("neutralizes manifest cells a spreadsheet would run as formulas, reversibly (one leading quote)", () => {
    for (const value of ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "'quoted"]) {
      expect(neutralizedCell(value)).toBe(`'${value}`);
      expect(manifestValue(neutralizedCell(value))).toBe(value);
    }
    for (const value of ["plain", "", "a=b", " =x", "<m@x>"]) expect(neutralizedCell(value)).toBe(value);
    const hostile: ManifestRow = { ...row, subject: "=cmd|' /C calc'!A0", from: "@evil", messageId: "-1+1", to: "'=x" };
    expect(manifestLine(hostile)).toBe(
      "e1,'-1+1,ab,3,2024-01-15T12:00:00.000Z,'@evil,''=x,,'=cmd|' /C calc'!A0,a@x,s1,messages/e1.eml\r\n",
    );
    // Whatever the value: the cell never starts like a formula, and the reader gets the value back.
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        (value) => !/^[=+\-@\t\r]/.test(neutralizedCell(value)) && manifestValue(neutralizedCell(value)) === value,
      ),
    );
    expect(manifestLine(fileManifestRow("README.txt", "cd", 12))).toBe(",,cd,12,,,,,,,,README.txt\r\n");
  });

  it("doubles the DAT quote character þ inside a value", () => {
    const line = loadfileLine(1, { ...row, subject: "þ at start, middle þ and end þ", from: "þþ" });
    expect(line).toContain("\u0014þþþ at start, middle þþ and end þþþ\u0014");
    expect(line).toContain("\u0014þþþþþþ\u0014");
    // A reader splitting on the separator and reading a doubled þ as one gets every value back.
    const fields = line
      .slice(0, -2)
      .split("\u0014")
      .map((field) => field.slice(1, -1).replaceAll("þþ", "þ"));
    expect(fields[2]).toBe(row.emailId);
    expect(fields[2 + 8]).toBe("þ at start, middle þ and end þ");
    expect(fields[2 + 5]).toBe("þþ");
  });

  it("writes Concordance lines: þ quotes, ASCII 20 separators, ® for line breaks, control numbers", () => {
    expect(loadfileHeader().startsWith("\ufeffþBEGDOCþ\u0014þENDDOCþ\u0014þemailIdþ")).toBe(true);
    const line = loadfileLine(42, row);
    expect(line.startsWith("þDOC00000042þ\u0014þDOC00000042þ\u0014þe1þ")).toBe(true);
    expect(line).toContain('þRe: "quotes", commas®and linesþ');
    expect(line.endsWith("\r\n")).toBe(true);
  });

  it("frames mboxrd records: From line, one more > on >*From lines, one trailing line break", () => {
    const message = Buffer.from("Subject: x\r\n\r\nFrom here\r\n>From there\r\nnot From\r\nend", "latin1");
    const record = Buffer.concat(mboxrdRecord(message, "alice@example.com", new Date("2024-01-05T09:08:07Z"))).toString("latin1");
    expect(record).toBe(
      "From alice@example.com Fri Jan  5 09:08:07 2024\nSubject: x\r\n\r\n>From here\r\n>>From there\r\nnot From\r\nend\n",
    );
    const first = Buffer.concat(mboxrdRecord(Buffer.from("From the first line\n"), "", new Date(0))).toString();
    expect(first).toBe("From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n>From the first line\n\n");
    const quoted = Buffer.from(">>From a\nx>From b\n\n>From c\nFrom From d");
    expect(
      Buffer.concat(mboxrdRecord(quoted, "a@x", new Date(0)))
        .toString()
        .split("\n")
        .slice(1),
    ).toEqual([">>>From a", "x>From b", "", ">>From c", ">From From d", ""]);
  });

  it("reads To and Cc addresses from the headers only, unfolding them", () => {
    const message = Buffer.from(
      'To: Bob <Bob@Example.com>,\r\n  carol@example.com\r\nCc: "D, E" <d@example.com>\r\nSubject: to: x@y.z\r\n\r\nTo: body@example.com\r\n',
    );
    expect(recipientHeaders(message)).toEqual({ to: "bob@example.com; carol@example.com", cc: "d@example.com" });
    const lineFeeds = Buffer.from("tO: a@x.org\nX-To: no@x.org\nTo : no@x.org\nCC: B@X.org,\n\tc@x.org\nto: d@x.org\n\nCc: body@x.org\n");
    expect(recipientHeaders(lineFeeds)).toEqual({ to: "a@x.org; d@x.org", cc: "b@x.org; c@x.org" });
    expect(recipientHeaders(Buffer.from("To: e@x.org\r\n\r\nTo: body@x.org"))).toEqual({ to: "e@x.org", cc: "" });
    expect(recipientHeaders(Buffer.from("\n\nTo: body@x.org"))).toEqual({ to: "", cc: "" });
  });

  it("reads at most 256 KB of headers, a line that crosses that limit up to it", () => {
    const padded = (tail: string) => Buffer.from(`Cc: c@x.org\r\nX-Pad: ${"p".repeat(256 * 1024 - 40)}${tail}`, "latin1");
    // The limit falls inside the folded line's second address; the next line is past it.
    expect(recipientHeaders(padded("\r\nTo: a@x.org,\r\n b@x.org\r\nCc: d@x.org\r\n\r\n"))).toEqual({ to: "a@x.org; b@x", cc: "c@x.org" });
  });
});
