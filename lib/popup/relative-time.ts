// The popup's times: a mention's age in words, the exact time for the tooltip, the instant for
// machines. The rules live in lib/time (the one place that turns instants into words).
export { formatAge as relativeTime, sameRelativeTime } from '../time/relative-time';
export { exactTime, isoTime } from '../time/format';
