// A short, non-reversible name for an API key, so a stored session token can say which key it was
// issued for without the key being stored with it (service-notes.md; issue 14, "account
// identity"). The key itself is in storage.local already (the settings); this only lets the
// session tell one account's token from another's.

/** Hex digits kept: 64 bits, so two keys a person uses never share one by chance. */
const FINGERPRINT_HEX_DIGITS = 16;

/** The API key as it is sent: a pasted key often brings spaces or a line break with it. */
export function normalizeApiKey(apiKey: string): string {
  return apiKey.trim();
}

/** SHA-256 of the (trimmed) key, as the first 16 hex digits. */
export async function keyFingerprint(apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeApiKey(apiKey));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, FINGERPRINT_HEX_DIGITS);
}
