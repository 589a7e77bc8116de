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
