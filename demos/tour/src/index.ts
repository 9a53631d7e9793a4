export { headerMismatchRule } from './error-rules.ts';
export {
  type ExchangeContext,
  type ExchangeRecord,
  type ExchangeView,
  replayFixture,
  sendDerived,
  stdioFixture,
} from './exchanges.ts';
export { t } from './i18n.ts';
export { paintJson, roleAt } from './json-layers.ts';
export { parseTourArgs, spec, type TourOptions, tourOptions } from './options.ts';
export type { StepRecord, TourReport } from './report.ts';
export { type ResourcePool, Resources } from './servers.ts';
export { steps } from './steps.ts';
export { paintRoles } from './style.ts';
export { Interrupted, listSteps, runTour, type TourIO } from './tour.ts';
