// Imported first by main.tsx, so the first screen's storage read starts before the rest of the
// page's script is evaluated (first-read.ts).
import { firstRead } from '@/entrypoints/mentions/first-read';

firstRead.prefetch();
