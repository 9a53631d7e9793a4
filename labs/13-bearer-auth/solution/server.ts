// 练习 13 · 只让持有令牌的人进来：练习 10 的服务，加上 Bearer 令牌检查。
// Lab 13 · Only token holders get in: lab 10's server, with bearer-token validation.
import {
  createMcpExpressApp,
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
  requireBearerAuth,
} from '@modelcontextprotocol/express';
import { type AuthInfo, OAuthError, OAuthErrorCode, type OAuthMetadata } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { mcp } from './mcp.ts';

const PORT = Number(process.env.PORT ?? 3939);
// 授权服务器（AS）的 issuer，和这个服务在 AS 那里的名字（资源标识，RFC 8707），一字不差。
// The authorization server's issuer, and this server's name at the AS (its resource indicator, RFC 8707), byte for byte.
const ISSUER = process.env.AUTH_ISSUER ?? 'http://127.0.0.1:9000';
const RESOURCE = new URL(process.env.MCP_RESOURCE ?? `http://127.0.0.1:${PORT}/mcp`);

// AS 的元数据（RFC 8414）说出它的公钥在哪里（jwks_uri）。
// The AS's metadata (RFC 8414) says where its public keys are (jwks_uri).
const oauthMetadata = (await (
  await fetch(`${ISSUER}/.well-known/oauth-authorization-server`)
).json()) as OAuthMetadata;
const keys = createRemoteJWKSet(new URL(String(oauthMetadata.jwks_uri)));

// 一个令牌只有在签名、发行者、有效期都对，而且受众（aud）正是这个服务时才算数。
// A token counts only when its signature, issuer and expiry hold and its audience (aud) is this very server.
const verifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: ISSUER,
        audience: RESOURCE.href,
        typ: 'at+jwt',
      });
      return {
        token,
        clientId: String(payload.client_id ?? ''),
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }),
        resource: new URL(String(payload.aud)),
      };
    } catch {
      // 为什么不收，不告诉客户端：那是日志的事。
      // Why a token was refused is for a log, never for the client.
      throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is not valid for this server');
    }
  },
};

const app = createMcpExpressApp();
// 受保护资源元数据（RFC 9728）：/.well-known/oauth-protected-resource/mcp，告诉客户端去哪个 AS 拿令牌。
// Protected Resource Metadata (RFC 9728) at /.well-known/oauth-protected-resource/mcp: which AS issues tokens.
app.use(mcpAuthMetadataRouter({ oauthMetadata, resourceServerUrl: RESOURCE }));
// 在读 body 之前先认人：没有令牌或令牌不对，401 加 WWW-Authenticate，指向上面的元数据。
// Authenticate before the body matters: no token or a bad one gets 401 with WWW-Authenticate naming the metadata.
const bearer = requireBearerAuth({
  verifier,
  expectedResource: RESOURCE,
  resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(RESOURCE),
});
app.all('/mcp', bearer, (req, res) => void mcp(req, res, req.body));

app.listen(PORT, '127.0.0.1', () => console.error(`memos-lite: POST ${RESOURCE.href} (Bearer)`));
