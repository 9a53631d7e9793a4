export {
  type ExchangeContext,
  type ExchangeRecord,
  type ExchangeView,
  replayFixture,
  sendDerived,
  stdioFixture,
} from './exchanges.ts';
export { headerMismatchRule } from './header-mismatch.ts';
export { type Lang, t } from './i18n.ts';
export { paintJson, roleAt } from './json-layers.ts';
export { sideBySide, table, wrapLine } from './layout.ts';
export { parseTourArgs, type TourOptions, UsageError } from './options.ts';
export type { StepRecord, TourReport } from './report.ts';
export { type ResourcePool, Resources } from './servers.ts';
export { steps } from './steps.ts';
export { createPaint } from './style.ts';
export { Interrupted, listSteps, runTour, type TourIO } from './tour.ts';
