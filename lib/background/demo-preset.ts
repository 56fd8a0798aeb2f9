// The demo build (npm run demo) starts connected to the bundled fake service, so a newcomer sees
// mentions at once. Every other build defines the preset as null and this is dead code.

declare const __MM_DEMO_CONNECTION__: { serviceUrl: string; apiKey: string } | null | undefined;

export const DEMO_CONNECTION =
  typeof __MM_DEMO_CONNECTION__ === 'undefined' ? null : __MM_DEMO_CONNECTION__;
