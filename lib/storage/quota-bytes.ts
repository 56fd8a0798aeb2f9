// What a value costs of the storage.local quota, and cutting a remote string to a byte budget.
//
// Chrome counts an item as its key's length plus the length of its value written as JSON by its own
// JSON writer (extensions' SettingsStorageQuotaEnforcer, base::JSONWriter). That writer differs from
// JSON.stringify in three ways that matter for remote text: it writes `<` as `\u003C` (6 bytes),
// U+2028 and U+2029 as `\u2028` / `\u2029` (6 bytes), and a number that is not a 32-bit integer as
// a double with `.0` (addedAt `1718452800000` is stored as `1718452800000.0`). JSON.stringify
// writes a lone surrogate as `\udXXX` (6 bytes) where Chrome writes U+FFFD (3 bytes).
//
// The measure here takes the larger of the two for each character, so it is never below what
// Chrome counts, nor below the UTF-8 length of JSON.stringify: budgets and caps made with it hold
// in either reading. One rule for strings (the cost of each code point) serves both the measure
// and the cut, so a cut string costs exactly what the measure says.

const ELLIPSIS = '…';
/** U+2026 in UTF-8. */
const ELLIPSIS_BYTES = 3;

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * Bytes of the code point starting at `text[i]` inside a JSON string: the larger of Chrome's and
 * JSON.stringify's writing. A surrogate pair (two units) is the only code point of 4 bytes, so the
 * caller advances by two units exactly when this returns 4.
 */
function codePointBytes(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  if (unit < 0x80) {
    if (unit >= 0x20) return unit === 0x22 || unit === 0x5c ? 2 : unit === 0x3c ? 6 : 1;
    // \b \t \n \f \r have two-character escapes in both writers; the rest are \u00XX.
    return unit === 8 || unit === 9 || unit === 10 || unit === 12 || unit === 13 ? 2 : 6;
  }
  if (unit < 0x800) return 2;
  if (unit === 0x2028 || unit === 0x2029) return 6;
  if (isHigh(unit) && isLow(text.charCodeAt(i + 1))) return 4;
  // A lone surrogate: `\udXXX` from JSON.stringify.
  return isHigh(unit) || isLow(unit) ? 6 : 3;
}

/** Printable ASCII that both writers keep as it is (no `"`, `\\` or `<`): one byte a character. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x3b\x3d-\x5b\x5d-\x7e]*$/;

/** Bytes of `text` as stored inside a JSON string, without the quotes. */
export function stringBytes(text: string): number {
  // Most remote text is plain ASCII: one regular-expression pass instead of a loop in script.
  if (PLAIN_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length;) {
    const cost = codePointBytes(text, i);
    bytes += cost;
    i += cost === 4 ? 2 : 1;
  }
  return bytes;
}

/**
 * Bytes of a JSON text that JSON.stringify wrote, counted as Chrome stores the same value. In
 * JSON.stringify's output lone surrogates are already escaped (6 bytes, our measure), so only `<`
 * and U+2028/9 need more than their UTF-8 length.
 */
function jsonTextBytes(json: string): number {
  let bytes = json.length;
  for (let i = 0; i < json.length; i += 1) {
    const unit = json.charCodeAt(i);
    if (unit < 0x80) {
      if (unit === 0x3c) bytes += 5;
    } else if (unit < 0x800) bytes += 1;
    else if (unit === 0x2028 || unit === 0x2029) bytes += 5;
    // One surrogate of a pair: 2 units, 4 bytes. Other BMP characters: 1 unit, 3 bytes.
    else bytes += isHigh(unit) || isLow(unit) ? 1 : 2;
  }
  return bytes;
}

/** What Chrome adds to the numbers: `.0` on doubles that print as integers, `-0.0` for -0. */
function numberExtra(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 0;
    if (Object.is(value, -0)) return 3;
    if (Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff) return 0;
    return /[.e]/.test(String(value)) ? 0 : 2;
  }
  // A list's items are its values too.
  if (typeof value === 'object' && value !== null) {
    let extra = 0;
    for (const item of Object.values(value)) extra += numberExtra(item);
    return extra;
  }
  return 0;
}

/** Bytes of a number as stored (Chrome's writing: see the top of this file). */
export function numberBytes(value: number): number {
  return Number.isFinite(value) ? String(value).length + numberExtra(value) : 4;
}

/** Bytes of `value` as stored: its JSON, counted as above. */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? 0 : jsonTextBytes(json) + numberExtra(value);
}

/**
 * `text` cut to at most `maxBytes` as stored (stringBytes), at a code point boundary, with an
 * ellipsis when cut. A text that fits comes back as it is. One pass that stops at the cap, so a
 * long text costs what is kept, not its length.
 */
export function capBytes(text: string, maxBytes: number): string {
  // No code unit costs more than 6 bytes: a text this short fits whatever it holds.
  if (text.length * 6 <= maxBytes) return text;
  const room = maxBytes - ELLIPSIS_BYTES;
  let bytes = 0;
  let end = 0;
  for (let i = 0; i < text.length;) {
    const cost = codePointBytes(text, i);
    if (bytes + cost > maxBytes) return room < 0 ? '' : `${text.slice(0, end)}${ELLIPSIS}`;
    bytes += cost;
    i += cost === 4 ? 2 : 1;
    if (bytes <= room) end = i;
  }
  return text;
}
