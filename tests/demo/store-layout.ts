// What store/ holds (`npm run zip` writes it; tests/build/store-material.test.ts checks it).

/** What the Chrome Web Store asks for (and Firefox's listing takes). */
export const STORE_SIZE = { width: 1280, height: 800 };
export const STORE_SHOTS = ['popup', 'options', 'add-site', 'mentions-page'] as const;
export const SCREENSHOT_LOCALES = ['en', 'de'] as const;
export const SCREENSHOT_DIR = 'store/screenshots';
export const LISTING_LOCALES = ['en', 'de', 'es', 'fr'] as const;
export const LISTING_DIR = 'store/listing';
