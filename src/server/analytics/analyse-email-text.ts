import { randomUUID } from "node:crypto";
import {
  selectBodies,
  selectNearDuplicateCandidates,
  selectNearDuplicateGroup,
  updateNearDuplicates,
  updateTextAnalysis,
  type NearDuplicateCandidateRow,
  type NearDuplicateUpdate,
} from "./analytics.queries";
import { normalisedText, ownBodyOf } from "./conversation-text";
import { detectLanguages } from "./detect-languages";
import { bandKeys, estimatedSimilarity, jaccard, minHashSignature, NEAR_DUPLICATE_MIN_CHARS, shingleSet } from "./near-duplicate-signature";
import type { SqlClient } from "../platform/db/sql-client";

/** The settings the text analysis runs under: the threshold as a fraction, the ignore patterns compiled. */
export interface TextAnalysisSettings {
  threshold: number;
  ignorePatterns: RegExp[];
  /** Texts already compared in this run, by email id (a batch meets the same pivots again and again). */
  compared?: Map<string, Compared>;
}

/** The text near-duplicates compare: own words only (no quotation, signature, ignored pattern), normalised. */
export const nearDuplicateTextOf = (body: string, settings: TextAnalysisSettings) =>
  normalisedText(ownBodyOf(body, settings.ignorePatterns));

export interface Compared {
  emailId: string;
  text: string;
  shingles: Uint32Array;
}

const COMPARED_CACHE = 500;
/** A candidate whose estimated similarity is this far under the threshold is not read (the estimate's error is ±0.13 at 95 %). */
const ESTIMATE_SLACK = 0.2;

const compared = (emailId: string, bodyText: string, settings: TextAnalysisSettings): Compared => {
  const cached = settings.compared?.get(emailId);
  if (cached) return cached;
  const text = nearDuplicateTextOf(bodyText, settings);
  const result = { emailId, text, shingles: shingleSet(text) };
  if (settings.compared) {
    if (settings.compared.size >= COMPARED_CACHE) settings.compared.clear();
    settings.compared.set(emailId, result);
  }
  return result;
};

/** The longer text is the pivot; on a tie, the smaller id, so every run picks the same one. */
const longer = (left: Compared, right: Compared) =>
  left.text.length > right.text.length || (left.text.length === right.text.length && left.emailId < right.emailId) ? left : right;

/** These emails' texts for the exact comparison: from the run's cache, else read in one statement. */
async function comparedTexts(client: SqlClient, emailIds: string[], settings: TextAnalysisSettings): Promise<Map<string, Compared>> {
  // Cached ones are taken first: computing a missing one may clear the cache.
  const texts = new Map(emailIds.flatMap((id) => (settings.compared?.has(id) ? [[id, settings.compared.get(id)!] as const] : [])));
  const bodies = await selectBodies(
    client,
    emailIds.filter((id) => !texts.has(id)),
  );
  for (const [id, body] of bodies) texts.set(id, compared(id, body, settings));
  return texts;
}

/**
 * Records an email's languages and near-duplicate signature, and places it in a near-duplicate
 * group (docs/ediscovery.md, "Near-duplicates"): the candidates sharing a MinHash band whose
 * signature does not rule them out are compared exactly with their group's pivot (or themselves
 * when ungrouped), and the email joins the most similar at or above the threshold. A text longer
 * than its group's pivot becomes the pivot, and members no longer similar enough to it leave the
 * group, so groups stay disjoint and every member is within the threshold of the pivot.
 */
export async function analyseEmailText(client: SqlClient, email: { id: string; bodyText: string }, settings: TextAnalysisSettings) {
  const own = compared(email.id, email.bodyText, settings);
  const signature = own.text.length >= NEAR_DUPLICATE_MIN_CHARS ? minHashSignature(own.shingles) : [];
  const bands = bandKeys(signature).map(String);
  await updateTextAnalysis(client, {
    emailId: email.id,
    signature,
    bands,
    textLength: own.text.length,
    languages: detectLanguages(ownBodyOf(email.bodyText, settings.ignorePatterns)),
  });
  if (bands.length === 0) return;
  const candidates = await selectNearDuplicateCandidates(client, {
    emailId: email.id,
    bands,
    textLength: own.text.length,
    threshold: settings.threshold,
  });
  // What to compare with: each ungrouped candidate, and each candidate's group pivot.
  const targets = new Map<string, string | null>();
  const groups = new Map<string, NearDuplicateCandidateRow[]>();
  const worthReading = (row: NearDuplicateCandidateRow) =>
    estimatedSimilarity(signature, row.signature) >= settings.threshold - ESTIMATE_SLACK;
  for (const candidate of candidates) {
    if (candidate.groupId === null) {
      if (worthReading(candidate)) targets.set(candidate.emailId, null);
    } else if (!groups.has(candidate.groupId)) {
      const members = await selectNearDuplicateGroup(client, candidate.groupId);
      // Analysed again after a regroup, and an email before it already grouped it (maybe as the
      // pivot): its place is decided, and comparing it with itself would demote the pivot.
      if (members.some((member) => member.emailId === email.id)) return;
      groups.set(candidate.groupId, members);
      const pivot = members.find((member) => member.pivot);
      if (pivot && worthReading(pivot)) targets.set(pivot.emailId, candidate.groupId);
    }
  }
  const texts = await comparedTexts(client, [...targets.keys()], settings);
  let chosen: { target: Compared; groupId: string | null; similarity: number } | null = null;
  for (const [targetId, groupId] of targets) {
    const target = texts.get(targetId);
    if (!target) continue;
    const similarity = jaccard(own.shingles, target.shingles);
    if (similarity >= settings.threshold && (!chosen || similarity > chosen.similarity)) chosen = { target, groupId, similarity };
  }
  if (!chosen) return;
  if (chosen.groupId === null) {
    const pivot = longer(own, chosen.target);
    const other = pivot === own ? chosen.target : own;
    const groupId = randomUUID();
    await updateNearDuplicates(client, [
      { emailId: pivot.emailId, groupId, similarity: 1, pivot: true },
      { emailId: other.emailId, groupId, similarity: chosen.similarity, pivot: false },
    ]);
    return;
  }
  if (longer(own, chosen.target) !== own) {
    await updateNearDuplicates(client, [{ emailId: email.id, groupId: chosen.groupId, similarity: chosen.similarity, pivot: false }]);
    return;
  }
  // The new email is the group's longest text: it becomes the pivot, and every member is measured against it.
  const members = groups.get(chosen.groupId) ?? [];
  const memberTexts = await comparedTexts(
    client,
    members.map((member) => member.emailId),
    settings,
  );
  const updates: NearDuplicateUpdate[] = [{ emailId: email.id, groupId: chosen.groupId, similarity: 1, pivot: true }];
  for (const member of members) {
    const text = memberTexts.get(member.emailId);
    const similarity = text ? jaccard(own.shingles, text.shingles) : 0;
    updates.push(
      similarity >= settings.threshold
        ? { emailId: member.emailId, groupId: chosen.groupId, similarity, pivot: false }
        : { emailId: member.emailId, groupId: null, similarity: null, pivot: false },
    );
  }
  // A pivot left alone has no near-duplicate.
  if (updates.every((update) => update.pivot || update.groupId === null))
    updates[0] = { ...updates[0], groupId: null, similarity: null, pivot: false };
  await updateNearDuplicates(client, updates);
}
