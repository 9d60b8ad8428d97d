// Zod compiles fast object parsers with `new Function` unless told not to, and probes for it
// with a caught `new Function("")` — which the page's Content-Security-Policy (no
// 'unsafe-eval') still reports as a violation. Zod reads this object when its module first
// runs, so it is set here, by a classic script that runs before any module of the app.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
