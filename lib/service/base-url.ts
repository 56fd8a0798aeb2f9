// The service address a person types or pastes, reduced to the origin every API path hangs off
// ("{base_url}" is the service's origin: service-notes.md). The token travels in query strings,
// so plain http is refused except on this machine, where nothing crosses a network.

export type ServiceUrlResult = { ok: true; origin: string } | { ok: false; message: string };

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const EXAMPLE = 'Enter the service address, such as https://app.example.com.';

/**
 * `https://app.example.com/api/login.php`, `app.example.com/api/` and ` https://APP.example.com `
 * all become `https://app.example.com`. Any path, query or fragment is dropped: the API lives at
 * `{origin}/api/`, so whatever page of the service was pasted, its origin is the answer.
 */
export function normalizeServiceUrl(input: unknown): ServiceUrlResult {
  if (typeof input !== 'string') return { ok: false, message: EXAMPLE };
  const text = input.trim();
  if (text === '') return { ok: false, message: EXAMPLE };
  if (/\s/.test(text)) return { ok: false, message: `An address has no spaces. ${EXAMPLE}` };

  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: `This is not a web address. ${EXAMPLE}` };
  }

  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      message: 'Leave the user name and password out of the address; the API key is entered below.',
    };
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      return {
        ok: false,
        message: 'The address must start with https:// (plain http is allowed only for localhost).',
      };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, message: `Only https:// addresses can be used. ${EXAMPLE}` };
  }
  if (url.hostname === '') return { ok: false, message: `This address has no host. ${EXAMPLE}` };

  return { ok: true, origin: url.origin };
}
