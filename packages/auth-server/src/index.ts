// The kit's teaching authorization server. The resource-server pieces are `@memos-kit/auth-server/resource`,
// which never loads oidc-provider; the headless learner for tests is `@memos-kit/auth-server/headless`.
export {
  type AuthServerOptions,
  CONFORMANCE_CLIENT_ID,
  conformanceClient,
  type SeededUser,
  TEACHING_PASSWORD,
} from './options.ts';
export { type RunningAuthServer, startAuthServer } from './server.ts';
