// The shapes the fake service keeps and exposes for assertions. They mirror the wire form the fake
// sends (numbers as numbers), so a test can compare a reply with the state directly.

/** A project record exactly as listProjects/getProject send it (before any fault transforms). */
export interface FakeProject {
  project_id: number;
  name: string;
  type: string;
  language: string;
  source: string;
  location: string;
  email_notification: number;
  browser_notification: number;
  /** The type-specific fields that were sent on add/edit, verbatim (contract spelling). */
  [typeField: string]: string | number;
}

/** A mention record with every field of the contract. */
export interface FakeMention {
  id: number;
  project_id: number;
  type: string;
  reddit_type: string;
  source: string;
  relevance_score: number;
  sentiment: number;
  title: string;
  text_summary: string | null;
  snippet: string;
  url: string;
  keywords: string;
  excluded_keywords: string;
  status: number;
  favorites: number;
  author: string;
  created: string;
  date_added: string;
  product_description: string;
}

export type FaultKind =
  | 'html500'
  | 'malformedJson'
  | 'rateLimit'
  | 'slow'
  | 'rejectToken'
  | 'numbersAsStrings'
  | 'wrapped'
  | 'errorAs200'
  | 'badRecords'
  | 'shrunkList'
  | 'unavailable'
  | 'forbidden';

export interface FaultOptions {
  /** Number of requests the fault changes; it then switches itself off. */
  count?: number;
  /** Wall-clock duration the fault stays on. With neither count nor forMs: on until cleared. */
  forMs?: number;
  /** Only requests of this func (`login` for login.php). */
  func?: string;
  /** Only requests for this project (its `project_id` query parameter). */
  projectId?: number;
  /** rateLimit: the Retry-After header value, delta-seconds or an HTTP-date. Default "30". */
  retryAfter?: string;
  /** slow: delay before the request is handled. Default 1000. */
  delayMs?: number;
}

/** One request to the API (control requests are not logged). Values are raw, as received. */
export interface RequestLogEntry {
  /** ISO time the request arrived (wall clock). */
  time: string;
  method: string;
  /** The path without the query string, e.g. `/api/project.php`. */
  path: string;
  /** `func` from the query; `login` for login.php; null when absent. */
  func: string | null;
  /** Query parameters, raw values (the token too); a repeated name keeps its last value, as PHP does. */
  query: Record<string, string>;
  /** Form fields of an application/x-www-form-urlencoded body; null for no body or another type. */
  body: Record<string, string> | null;
  /** The Content-Type request header, or null. */
  contentType: string | null;
  /** HTTP status sent; 0 while the reply is still pending (e.g. under the slow fault). */
  status: number;
  /** The query string exactly as sent, without `?`. */
  rawQuery: string;
  /** The request body exactly as sent ('' for none). */
  rawBody: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** The faults that changed this reply, in the order they acted. */
  faults: FaultKind[];
}
