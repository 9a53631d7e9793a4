// A learner without a browser, for tests and scripted runs: clicks through the AS's login and consent pages.
export { type Credentials, FormBrowser } from './browser.ts';
export { HeadlessOAuthProvider, type HeadlessProviderOptions } from './provider.ts';
