// Where the payload sits in a reply. The contract shows bare arrays; a PHP service may also wrap
// them (`{"projects":[...]}`, `{"data":{...}}`, `{"result":[...]}`) or send a PHP array with gaps
// in its keys, which json_encode turns into an object (`{"0":{...},"2":{...}}`).

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"0":{...},"3":{...}}`: an object whose keys are all array indexes, and not empty. */
function isIndexedObject(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

const MAX_WRAPPING = 2;

/**
 * The list in `body`: the body itself, an indexed object, or the list under one of `keys`, looked
 * for at most two wrappers deep (`{"data":{"projects":[...]}}`). A wrapper key holding null means
 * an empty list. Undefined when there is no list.
 */
export function findList(
  body: unknown,
  keys: readonly string[],
  depth = MAX_WRAPPING,
): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  if (isIndexedObject(body)) return Object.values(body);
  if (depth === 0) return undefined;
  for (const key of keys) {
    if (!(key in body)) continue;
    const inner = body[key];
    if (inner === null) return [];
    const found = findList(inner, keys, depth - 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The single object in `body`: the body itself when it `isItem`, a one-element list, the element
 * a `pick` chooses from a longer list, or the same under one of `keys` (two wrappers deep at most).
 */
export function findItem(
  body: unknown,
  keys: readonly string[],
  isItem: (value: Record<string, unknown>) => boolean,
  pick: (list: unknown[]) => unknown,
  depth = MAX_WRAPPING,
): Record<string, unknown> | undefined {
  if (Array.isArray(body)) {
    const chosen = body.length === 1 ? body[0] : pick(body);
    return isRecord(chosen) ? chosen : undefined;
  }
  if (!isRecord(body)) return undefined;
  if (isItem(body)) return body;
  if (depth > 0) {
    for (const key of keys) {
      if (!(key in body)) continue;
      const found = findItem(body[key], keys, isItem, pick, depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}
