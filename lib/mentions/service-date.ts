// The service's timestamps are read in lib/time (the one place that converts them); this path
// stays for the code and tests that import it from here.
export { parseServiceDate, parseServiceWallClock } from '@/lib/time/service-date';
