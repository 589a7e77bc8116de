/**
 * The commit message convention of CONTRIBUTING.md ("Commits"), as one rule the hook and its test share:
 * a subject of at most 72 characters, a blank line, then a body saying why. Merge and fixup commits
 * that git writes itself are left alone. Returns the problems found (none: the message is fine).
 */
export const MAX_SUBJECT_LENGTH = 72;

export function commitMessageProblems(message) {
  const lines = message
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const [subject = "", separator, ...body] = lines;
  if (/^(Merge |Revert "|fixup! |squash! |amend! )/.test(subject)) return [];
  const problems = [];
  if (subject.trim() === "") problems.push("the subject line is empty");
  if (subject.length > MAX_SUBJECT_LENGTH) problems.push(`the subject is ${subject.length} characters; at most ${MAX_SUBJECT_LENGTH}`);
  if (separator !== undefined && separator !== "") problems.push("the subject must be followed by a blank line");
  else if (body.every((line) => line.trim() === "")) problems.push("there is no body saying why (a blank line, then the reason)");
  return problems;
}
