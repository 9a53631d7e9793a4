// 练习 13 · 只让持有令牌的人进来：练习 10 的服务，加上 Bearer 令牌检查。
// Lab 13 · Only token holders get in: lab 10's server, with bearer-token validation.
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { mcp } from './mcp.ts';

const PORT = Number(process.env.PORT ?? 3939);
// 授权服务器（AS）的 issuer，和这个服务在 AS 那里的名字（资源标识，RFC 8707），一字不差。
// The authorization server's issuer, and this server's name at the AS (its resource indicator, RFC 8707), byte for byte.
const ISSUER = process.env.AUTH_ISSUER ?? 'http://127.0.0.1:9000';
const RESOURCE = new URL(process.env.MCP_RESOURCE ?? `http://127.0.0.1:${PORT}/mcp`);

const app = createMcpExpressApp();

// TODO 1：在 /.well-known/oauth-protected-resource/mcp 发布受保护资源元数据（RFC 9728），指向 ISSUER。
// TODO 1: publish Protected Resource Metadata (RFC 9728) at /.well-known/oauth-protected-resource/mcp, naming ISSUER.

// TODO 2：/mcp 只回答带着发给 RESOURCE 的有效令牌的请求；其余的 401，WWW-Authenticate 指向元数据。
//         令牌不对时抛 OAuthError(OAuthErrorCode.InvalidToken, …)：requireBearerAuth 只把它变成 401，别的错误都是 500。
// TODO 2: /mcp answers only requests with a valid token issued to RESOURCE; the rest get 401, WWW-Authenticate naming the metadata.
//         For a wrong token throw OAuthError(OAuthErrorCode.InvalidToken, …): requireBearerAuth turns only that into a 401,
//         any other error into a 500.
console.error(`AS ${ISSUER}, resource ${RESOURCE.href}: nothing checks tokens yet`);
app.all('/mcp', (req, res) => void mcp(req, res, req.body));

app.listen(PORT, '127.0.0.1', () => console.error(`memos-lite: POST http://127.0.0.1:${PORT}/mcp`));
