import type { ZodType } from "zod";

/** A place in an input where a string can go: object keys, "0" for an array item, "key" for a record value. */
export type InputPath = string[];

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  options?: ZodType[];
  element?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  getter?: () => ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional", "success"]);
const STRING_TYPES = new Set(["string", "enum", "literal", "template_literal", "any", "unknown", "stringbool"]);

/**
 * Every path in a zod (v4) schema's input where a string is accepted (string, enum, unknown, …),
 * following wrappers, pipes (a preprocess step's target), unions, arrays and records.
 */
export function stringPaths(schema: ZodType, depth = 0): InputPath[] {
  const def = defOf(schema);
  if (depth > 8) return [];
  if (STRING_TYPES.has(def.type)) return [[]];
  if (WRAPPERS.has(def.type)) return stringPaths(def.innerType!, depth);
  if (def.type === "pipe") return stringPaths(defOf(def.in!).type === "transform" ? def.out! : def.in!, depth);
  if (def.type === "lazy") return stringPaths(def.getter!(), depth + 1);
  const nested = (key: string, inner: ZodType) => stringPaths(inner, depth + 1).map((path) => [key, ...path]);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape!).flatMap(([key, inner]) => nested(key, inner));
    case "array":
      return nested("0", def.element!);
    case "record":
      return nested("key", def.valueType!);
    case "tuple":
      return def.items!.flatMap((item, index) => nested(String(index), item));
    case "union":
      return unique(def.options!.flatMap((option) => stringPaths(option, depth)));
    case "intersection":
      return unique([...stringPaths(def.left!, depth), ...stringPaths(def.right!, depth)]);
    default:
      return [];
  }
}

function unique(paths: InputPath[]): InputPath[] {
  return [...new Map(paths.map((path) => [path.join("."), path])).values()];
}

/** The smallest input holding `value` at `path` (arrays for "0"). */
export function inputWith(path: InputPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = inputWith(rest, value);
  return head === "0" ? [inner] : { [head]: inner };
}
