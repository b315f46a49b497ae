// linkedom ships CommonJS and ESM but declares itself an ES module, so TypeScript (CommonJS
// output) refuses a static import; its CommonJS build is what Node loads for `require`.
type Linkedom = typeof import('linkedom', { with: { 'resolution-mode': 'import' } });

export const { parseHTML } = require('linkedom') as Linkedom;
