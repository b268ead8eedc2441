// `npm run lint`: every rule of eslint.config.js but the type-aware ones, which `npm run typecheck`
// runs on the programs it checks (scripts/typecheck.ts, decision F32).
export { withoutTypes as default } from '../../eslint.config.js';
