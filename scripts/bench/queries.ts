import { COMMON_WORDS, RARE_WORDS } from "./load-data";
import { Random } from "./synthetic-mail";

export interface BenchQuery {
  query: string;
  filters?: Record<string, unknown>;
}

/**
 * Deterministic 2-3 word queries over the synthetic vocabulary: a third common+rare words, a third
 * rare+rare, a third common+common+rare; every other query also carries a filter (sender, date
 * range, attachments, or the source).
 */
export function benchQueries(count: number, seed: number, sourceId: string): BenchQuery[] {
  const random = new Random(seed);
  const common = () => random.pick(COMMON_WORDS);
  const rare = () => `k${random.int(RARE_WORDS)}`;
  return Array.from({ length: count }, (_, index) => {
    const words = index % 3 === 0 ? [common(), rare()] : index % 3 === 1 ? [rare(), rare()] : [common(), common(), rare()];
    const query: BenchQuery = { query: words.join(" ") };
    switch (index % 8) {
      case 1:
        query.filters = { from: `user${random.int(5000)}@corp.example` };
        break;
      case 3:
        query.filters = { startDate: "2021-01-01", endDate: "2022-06-30" };
        break;
      case 5:
        query.filters = { hasAttachments: true };
        break;
      case 7:
        query.filters = { ingestionSourceId: sourceId };
        break;
    }
    return query;
  });
}

/** A hostile search as GET /v1/search's flat parameters, with what makes it expensive. */
export interface HostileQuery {
  kind: string;
  params: Record<string, string>;
  /** Beyond a bound: must be answered 422 without running. */
  refused?: true;
}

/**
 * The trial's hostile searches (docs/search.md, "Bounds"), over three sets of ten common words:
 * ten common words with each strategy, the window's deepest page (page 100 × limit 100) with
 * `frequency`, and the trial's own request (page 1,000,000 × limit 100), which must be refused.
 */
export function hostileQueries(): HostileQuery[] {
  return [0, 10, 20].flatMap((offset): HostileQuery[] => {
    const query = COMMON_WORDS.slice(offset, offset + 10).join(" ");
    return [
      { kind: "10 common words, frequency", params: { query, matchingStrategy: "frequency", limit: "100" } },
      { kind: "10 common words, last", params: { query, matchingStrategy: "last", limit: "100" } },
      { kind: "10 common words, all", params: { query, matchingStrategy: "all", limit: "100" } },
      { kind: "deepest page of the window, frequency", params: { query, matchingStrategy: "frequency", page: "100", limit: "100" } },
      {
        kind: "page 1,000,000, frequency (refused)",
        params: { query, matchingStrategy: "frequency", page: "1000000", limit: "100" },
        refused: true,
      },
    ];
  });
}

/** A query of the search language (docs/search.md, "Query language") and the target group it is measured in. */
export interface LanguageQuery {
  group: "boolean and field" | "proximity and prefix";
  query: string;
}

/**
 * Deterministic queries of the language over the synthetic vocabulary: booleans, negation, fields
 * (sender, subject, date range, attachments) in one group; proximity and prefixes in the other.
 */
export function languageQueries(count: number, seed: number): LanguageQuery[] {
  const random = new Random(seed + 1);
  const common = () => random.pick(COMMON_WORDS);
  const rare = () => `k${random.int(RARE_WORDS)}`;
  const booleanAndField = [
    () => `${common()} AND ${rare()}`,
    () => `${rare()} OR ${rare()}`,
    () => `${common()} ${rare()} -${common()}`,
    () => `(${common()} OR ${common()}) AND ${rare()}`,
    () => `from:user${random.int(5000)}@corp.example ${common()}`,
    () => `subject:${common()} ${rare()}`,
    () => `${rare()} sent:2021-01-01..2022-06-30`,
    () => `${common()} ${rare()} has:attachment`,
  ];
  const proximityAndPrefix = [
    () => `"${common()} ${common()}"~5`,
    () => `${common()} NEAR/3 ${rare()}`,
    () => `k${random.int(1000) + 100}* ${common()}`,
    () => `${common().slice(0, 4)}* ${rare()}`,
  ];
  return Array.from({ length: count }, (_, index) => {
    const proximity = index % 3 === 2;
    const pool = proximity ? proximityAndPrefix : booleanAndField;
    return { group: proximity ? "proximity and prefix" : "boolean and field", query: pool[index % pool.length]() };
  });
}
