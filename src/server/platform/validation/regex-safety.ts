/**
 * Static checks on a `matches` pattern before it is stored. Patterns are evaluated by PostgreSQL
 * only (so the worker, the status endpoint and the forecast agree); it must also compile in
 * JavaScript so that clients can preview it. PostgreSQL compiles it too, on save
 * (validate-condition-patterns.ts). Nested unbounded quantifiers such as `(a+)+` and
 * back-references are refused: they are what makes a regular expression take exponential time.
 * The review analytics' ignore patterns (settings) pass the same check (`label` names them).
 */
export function regexPatternProblem(pattern: string, label = "matches pattern"): string | null {
  try {
    new RegExp(pattern, "iu");
  } catch {
    return `${label} is not a valid regular expression`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return `${label} must not use back-references`;
  if (hasNestedQuantifier(pattern)) return `${label} must not repeat a group that itself repeats, such as (a+)+`;
  return null;
}

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})/;

/** True when a quantified group contains a repeating quantifier, directly or in a nested group. */
function hasNestedQuantifier(pattern: string): boolean {
  // One flag per open group: whether something inside it repeats.
  const groups: boolean[] = [];
  const markRepeat = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index++;
    else if (char === "[") index = endOfClass(pattern, index);
    else if (char === "(") groups.push(false);
    else if (char === ")") {
      const innerRepeats = groups.pop() ?? false;
      const quantifier = QUANTIFIER.exec(pattern.slice(index + 1))?.[0];
      if (quantifier && repeats(quantifier)) {
        if (innerRepeats) return true;
        markRepeat();
        index += quantifier.length;
      } else if (innerRepeats) markRepeat();
    } else if (char === "*" || char === "+") markRepeat();
    else if (char === "{") {
      const quantifier = QUANTIFIER.exec(pattern.slice(index))?.[0];
      if (quantifier && repeats(quantifier)) markRepeat();
    }
  }
  return false;
}

/** `?` and an exact count such as `{3}` cannot match the same text in several ways. */
function repeats(quantifier: string): boolean {
  return quantifier !== "?" && !/^\{\d+\}$/.test(quantifier);
}

function endOfClass(pattern: string, start: number): number {
  for (let index = start + 1; index < pattern.length; index++) {
    if (pattern[index] === "\\") index++;
    else if (pattern[index] === "]" && index > start + 1) return index;
  }
  return pattern.length;
}
