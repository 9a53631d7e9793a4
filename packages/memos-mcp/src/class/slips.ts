// What each student's slip says: their token, the server's address, their first two commands and a QR code
// of the playground with the token filled in. The commands are the ones the banner and /class print.
import { tryRequest } from '@memos-kit/memos-rest/cli';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import QRCode from 'qrcode';
import type { Account } from './accounts.ts';

export interface Slip {
  id: string;
  token: string;
  address: string;
  commands: [string, string];
  playground: string;
  /** The playground URL as an SVG QR code. */
  qr: string;
}

/** The playground page of the site this server serves, its server and token filled in. */
const playgroundUrl = (base: string, token: string) =>
  `${base}/playground.html?server=${base}&token=${token}`;

/**
 * The MCP twin of the REST request: `tools/call memo_list_memos` with one memo a page. The body is in double
 * quotes with `\"` inside, which sh and cmd hand to curl as the same bytes; PowerShell does not (`\"` is no
 * escape there), and the Windows page says to use cmd for it.
 */
function mcpCommand(base: string, token: string): string {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'memo_list_memos',
      arguments: { pageSize: 1 },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const headers = [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Authorization: Bearer ${token}`,
    `MCP-Protocol-Version: ${PROTOCOL_VERSION}`,
    'Mcp-Method: tools/call',
    'Mcp-Name: memo_list_memos',
  ];
  return `curl "${base}/mcp" ${headers.map((h) => `-H "${h}"`).join(' ')} -d "${body.replaceAll('"', '\\"')}"`;
}

export async function slipFor(account: Account, base: string): Promise<Slip> {
  const playground = playgroundUrl(base, account.token);
  const user = { username: account.id, role: 'USER', displayName: account.id, tokens: [account.token] };
  return {
    id: account.id,
    token: account.token,
    address: base,
    commands: [tryRequest(`${base}/api/v1`, [user]), mcpCommand(base, account.token)],
    playground,
    qr: await QRCode.toString(playground, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
  };
}
