import { beforeAll, describe, expect, it } from "vitest";
import { detectLanguages, loadLanguageDetector } from "./detect-languages";
import { SAMPLE_EMAILS as EMAILS } from "@tests/fixtures/analytics-emails";

/** Each language issue 53 lists, on business emails written for the tests (tests/fixtures/analytics-emails.ts). */

describe("languages of a body", () => {
  beforeAll(loadLanguageDetector);

  for (const [code, text] of Object.entries(EMAILS)) {
    it(`identifies ${code}`, () => {
      expect(detectLanguages(text)).toEqual([{ code, share: 1 }]);
    });
  }

  it("a reply in German above an English paragraph has both, primary first, with their shares", () => {
    const text = `${EMAILS.de}\n\n${EMAILS.en}`;
    const languages = detectLanguages(text);
    expect(languages.map((language) => language.code)).toEqual(["de", "en"]);
    expect(languages[0].share + languages[1].share).toBeCloseTo(1, 2);
    expect(languages[0].share).toBeGreaterThan(languages[1].share);
  });

  it("three languages at most: a primary and up to two secondary above 10 %", () => {
    const text = [EMAILS.fr, EMAILS.fr, EMAILS.fr, EMAILS.es, EMAILS.it, "Danke schön."].join("\n\n");
    const languages = detectLanguages(text);
    // The short German thanks is under 10 %: left out.
    expect(languages[0].code).toBe("fr");
    expect(
      languages
        .slice(1)
        .map((language) => language.code)
        .sort(),
    ).toEqual(["es", "it"]);
    expect(languages.every((language) => language.share > 0.1)).toBe(true);
    expect(languages[1].share).toBeGreaterThanOrEqual(languages[2].share);
  });

  it("und when the text is too short to tell", () => {
    expect(detectLanguages("")).toEqual([{ code: "und", share: 1 }]);
    expect(detectLanguages("OK, thx!")).toEqual([{ code: "und", share: 1 }]);
    expect(detectLanguages("12/03 14:00 — 42 €")).toEqual([{ code: "und", share: 1 }]);
  });
});
