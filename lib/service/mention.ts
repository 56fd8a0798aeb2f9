// A mention as we keep it after decoding: every field of the contract, numbers as numbers.

export interface Mention {
  id: number;
  project_id: number;
  /** Project type of the owning project. */
  type: string;
  /** Sub-kind of a reddit item (post, comment, ...); empty for other sources. */
  reddit_type: string;
  source: string;
  relevance_score: number;
  /** Opaque integer; below 0 / 0 / above 0 reads as negative / neutral / positive. Missing is 0. */
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
  /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
  created: string;
  /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
  date_added: string;
  product_description: string;
}
