// A mention as the service sends it and as we keep it after decoding: every field of the contract,
// numbers as numbers. The schema is the owner; the type is what it produces.

import { lazySchema, z } from '@/lib/zod';
import {
  idValue,
  nullableTextValue,
  opaqueNumber,
  optionalIdValue,
  textValue,
} from '@/lib/service/values';

/** A mention record; `project_id` may be missing (the caller knows which project it asked for). */
export const mentionRecordSchema = lazySchema(() =>
  z.object({
    id: idValue(),
    project_id: optionalIdValue(),
    /** Project type of the owning project. */
    type: textValue(),
    /** Sub-kind of a reddit item (post, comment, ...); empty for other sources. */
    reddit_type: textValue(),
    source: textValue(),
    relevance_score: opaqueNumber(),
    /** Opaque integer; below 0 / 0 / above 0 reads as negative / neutral / positive. Missing is 0. */
    sentiment: opaqueNumber(),
    title: textValue(),
    /** null means "no summary". */
    text_summary: nullableTextValue(),
    snippet: textValue(),
    url: textValue(),
    keywords: textValue(),
    excluded_keywords: textValue(),
    status: opaqueNumber(),
    favorites: opaqueNumber(),
    author: textValue(),
    /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
    created: textValue(),
    /** `YYYY-MM-DD HH:MM:SS`, the service's local time. */
    date_added: textValue(),
    product_description: textValue(),
  }),
);

/** A decoded mention: the record as its schema reads it, always with its owner's id. */
export type Mention = Omit<z.output<ReturnType<typeof mentionRecordSchema>>, 'project_id'> & {
  project_id: number;
};
